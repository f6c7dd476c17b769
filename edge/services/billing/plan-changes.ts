// What a babysitter does to her paid plan from Settings → Abonnement: change it (the price is
// swapped with proration), cancel it (it stays on until the period ends: one confirmation, no
// retention maze), reactivate it, and the 14-day refund guarantee. Each call asks the provider
// first, then writes the state it answers, so our tables never claim what the provider did not do.
//
// Once only (SECURITY.md, "Limits and once-only effects under concurrency"): a double click, two
// tabs or a retried request must not change a plan twice or refund a payment twice. So each effect
// is claimed before the provider is asked (services/billing/claims.ts): one change in flight per
// subscription (plan_change_started_at), one refund in flight per invoice (refund_claimed_at, and
// refunds_guarantee_invoice_unique in the database); the losers get a 409.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runStatements, type Db } from "@db/client";
import { INVOICE_NUMBER_PREFIX } from "@db/constants/company";
import { PLAN_CHANGE_QUOTE_MINUTES, planNameKey, PLANS, REFUND_WINDOW_DAYS } from "@db/constants/plans";
import { invoices, refunds, subscriptions } from "@db/schema";
import type { PaidPlan, RefundReason } from "@db/schema/enums";
import type { PlanChangePreview } from "@db/validators/billing";
import { claimable, claimStamp } from "./claims";
import type { BillingGateway, HeldSubscription, ProviderSubscription } from "./gateway/gateway";
import { isProviderError } from "./gateway/provider-errors";
import { planRefundedNotice } from "../notifications/notices";
import type { Notice } from "../notifications/notify";
import { ApiError } from "../../lib/errors";
import { auditInsertByProfile, NO_ORIGIN, type AuditOrigin } from "../audit/audit";
import { paidPlanOf } from "./checkout";
import {
  currentSubscription,
  mirrorPlan,
  ownSubscription,
  restoreTrial,
  subscriptionNotFound,
  trialLeft,
  upsertInvoice,
  upsertSubscription,
  type RestoredTrial,
} from "./subscriptions";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

const DAY_MS = 86_400_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const notAllowed = (key: string) => new ApiError(409, "SUBSCRIPTION_STATE", key);
const changeInProgress = () => new ApiError(409, "PLAN_CHANGE_IN_PROGRESS", "billing.planChangeInProgress");
const refundInProgress = () => new ApiError(409, "REFUND_IN_PROGRESS", "billing.refundInProgress");
const refundFailed = () => new ApiError(502, "REFUND_FAILED", "billing.refundFailed");
export const invoiceNotFound = () => new ApiError(404, "INVOICE_NOT_FOUND", "billing.invoiceNotFound");

/** What the provider needs of a paid subscription of ours, held by the provider now in use. */
export function heldOf(row: SubscriptionRow, gateway: BillingGateway): HeldSubscription {
  if (row.plan === "discovery" || !row.stripeSubscriptionId) throw notAllowed("billing.trialNotChangeable");
  if (row.provider !== gateway.kind) throw notAllowed("billing.otherProvider");
  return {
    providerSubscriptionId: row.stripeSubscriptionId,
    customerId: row.stripeCustomerId,
    plan: row.plan,
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    amountCents: row.amountCents,
  };
}

/**
 * Runs `change` on one of the caller's subscriptions while holding its change claim: one change in
 * flight per subscription (a double click on 'Passer au Premium' is one change, the other click a
 * 409). The claim's UPDATE returns the row as it is now, so `change` checks the state it starts
 * from, never one read before another change finished. Released whatever happens.
 */
export async function withChangeClaim<T>(
  db: Db,
  gateway: BillingGateway,
  /** The owner's profile; null for an admin, who may act on any subscription. */
  profileId: string | null,
  id: string,
  change: (row: SubscriptionRow, held: HeldSubscription) => Promise<T>,
): Promise<T> {
  const nowMs = Date.now();
  const stamp = claimStamp(nowMs);
  const [row] = await db
    .update(subscriptions)
    .set({ planChangeStartedAt: stamp })
    .where(
      and(
        eq(subscriptions.id, id),
        profileId === null ? undefined : eq(subscriptions.profileId, profileId),
        claimable(subscriptions.planChangeStartedAt, nowMs),
      ),
    )
    .returning();
  if (!row) {
    // Another user's id: 404, not a hint that it exists.
    if (profileId !== null) await ownSubscription(db, profileId, id);
    else await anySubscription(db, id);
    throw changeInProgress();
  }
  try {
    return await change(row, heldOf(row, gateway));
  } finally {
    await db
      .update(subscriptions)
      .set({ planChangeStartedAt: null })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.planChangeStartedAt, stamp)));
  }
}

async function anySubscription(db: Db, id: string): Promise<SubscriptionRow> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  if (!row) throw subscriptionNotFound();
  return row;
}

/** Stores the provider's new state (unless a newer one is stored), with `also` (an audit entry) in the same batch. */
export async function writeState(
  db: Db,
  gateway: BillingGateway,
  row: SubscriptionRow,
  snapshot: ProviderSubscription,
  also: BatchItem<"sqlite">[] = [],
) {
  const upsert = upsertSubscription(db, {
    profileId: row.profileId,
    provider: gateway.kind,
    snapshot,
    syncedAt: nowSeconds(),
  });
  const statements = [...(upsert ? [upsert, mirrorPlan(db, row.profileId)] : []), ...also];
  if (statements.length > 0) await runStatements(db, statements);
  return ownSubscription(db, row.profileId, row.id);
}

/** How long a plan change's quote holds: the change is prorated at the quote's date if it is this recent. */
export const QUOTE_HOLD_MS = PLAN_CHANGE_QUOTE_MINUTES * 60_000;

/**
 * The proration date of a change: the quote's own date (so she is charged what she was shown) when
 * it is at most QUOTE_HOLD_MS old and not in the future; otherwise now.
 */
export function prorationDateOf(quotedAt: string | undefined, nowMs: number): number {
  const quoted = quotedAt ? Date.parse(quotedAt) : Number.NaN;
  return quoted <= nowMs && nowMs - quoted <= QUOTE_HOLD_MS ? quoted : nowMs;
}

/** A paid, active subscription of the caller's that may move to `plan`, or the reason it may not. */
function assertChangeable(row: SubscriptionRow, plan: PaidPlan) {
  if (row.plan === "discovery") throw notAllowed("billing.trialNotChangeable");
  if (row.status !== "active") throw notAllowed("billing.notActive");
  if (row.plan === plan) throw notAllowed("billing.samePlan");
}

/**
 * GET preview-plan-change: what 'Passer au Premium' / 'Rétrograder au Standard' would charge today
 * (the provider's prorated preview), from when, and what each following month costs from the
 * period's end. Changes nothing.
 */
export async function previewPlanChange(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  input: { subscriptionId: string; plan: string },
  nowMs: number,
): Promise<PlanChangePreview> {
  const plan: PaidPlan = paidPlanOf(input.plan);
  const row = await ownSubscription(db, profileId, input.subscriptionId);
  assertChangeable(row, plan);
  const quote = await gateway.previewPlanChange(heldOf(row, gateway), plan, nowMs);
  return {
    plan,
    amount_today: quote.amountTodayCents,
    currency: quote.currency,
    applies_from: new Date(nowMs).toISOString(),
    next_amount: PLANS[plan].priceCents,
    next_billing_date: row.currentPeriodEnd,
  };
}

/** POST modify-subscription: Premium ⇄ Standard, prorated (the provider invoices the difference now). */
export async function changePlan(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  input: { subscriptionId: string; plan: string; quotedAt?: string },
  nowMs = Date.now(),
  origin: AuditOrigin = NO_ORIGIN,
): Promise<SubscriptionRow> {
  const plan: PaidPlan = paidPlanOf(input.plan);
  return withChangeClaim(db, gateway, profileId, input.subscriptionId, async (row, held) => {
    assertChangeable(row, plan);
    const state = await gateway.changePlan(held, plan, prorationDateOf(input.quotedAt, nowMs));
    const upsert = upsertSubscription(db, {
      profileId,
      provider: gateway.kind,
      snapshot: state.subscription,
      syncedAt: nowSeconds(),
    });
    const invoice = state.latestInvoice;
    const isNewProration = invoice && invoice.status === "paid" && invoice.amountPaidCents > 0;
    await runStatements(db, [
      ...(upsert ? [upsert] : []),
      ...(isNewProration ? [upsertInvoice(db, profileId, invoice, INVOICE_NUMBER_PREFIX)] : []),
      mirrorPlan(db, profileId),
      auditInsertByProfile(db, profileId, origin, {
        action: "subscription.plan_change",
        resource: `subscription:${row.id}`,
        metadata: { from: row.plan, to: plan },
      }),
    ]);
    return ownSubscription(db, profileId, row.id);
  });
}

/** POST cancel-subscription: on until the period ends (cancel_at_period_end); only when active. */
export async function cancelAtPeriodEnd(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  id: string,
  origin: AuditOrigin = NO_ORIGIN,
) {
  return withChangeClaim(db, gateway, profileId, id, async (row, held) => {
    if (row.status !== "active" || row.cancelAtPeriodEnd) throw notAllowed("billing.notCancellable");
    const audit = ownChangeAudit(db, row, origin, "subscription.cancel");
    return writeState(db, gateway, row, await gateway.setCancelAtPeriodEnd(held, true), [audit]);
  });
}

/** POST reactivate-subscription: undoes a pending cancellation; only while one is pending. */
export async function reactivate(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  id: string,
  origin: AuditOrigin = NO_ORIGIN,
) {
  return withChangeClaim(db, gateway, profileId, id, async (row, held) => {
    if (!row.cancelAtPeriodEnd || row.status === "canceled") throw notAllowed("billing.notReactivable");
    const audit = ownChangeAudit(db, row, origin, "subscription.reactivate");
    return writeState(db, gateway, row, await gateway.setCancelAtPeriodEnd(held, false), [audit]);
  });
}

/** The sitter's own change of her plan, audited with the state it leaves. */
const ownChangeAudit = (
  db: Db,
  row: SubscriptionRow,
  origin: AuditOrigin,
  action: "subscription.cancel" | "subscription.reactivate",
) =>
  auditInsertByProfile(db, row.profileId, origin, {
    action,
    resource: `subscription:${row.id}`,
    metadata: { plan: row.plan },
  });

/** Paid less than 14 days ago, with a payment to refund, and not refunded yet. */
export function isRefundable(invoice: InvoiceRow, nowMs: number): boolean {
  const paidAt = Date.parse(invoice.paidAt ?? invoice.createdAt);
  return (
    invoice.status === "paid" &&
    invoice.amountPaidCents > 0 &&
    invoice.refundedCents === 0 &&
    invoice.paymentIntentId !== null &&
    invoice.subscriptionId !== null &&
    nowMs - paidAt < REFUND_WINDOW_DAYS * DAY_MS
  );
}

export async function ownInvoice(db: Db, profileId: string, id: string): Promise<InvoiceRow> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.profileId, profileId)))
    .limit(1);
  if (!invoice) throw invoiceNotFound();
  return invoice;
}

type RefundOutcome = {
  /** The invoice asked about, refunded. */
  invoice: InvoiceRow;
  /** Every invoice this refund paid back (the asked one and the period's other recent payments). */
  refunded: InvoiceRow[];
  /** What she is on afterwards: the Discovery trial given back, or null when none of it remained. */
  subscription: SubscriptionRow | null;
  trial: RestoredTrial | null;
  /** Her notice and email (sent once the answer is out). */
  notice: Notice;
};

const alreadyRefunded = () => notAllowed("billing.alreadyRefunded");

/**
 * POST request-refund: the checkout's 14-day guarantee. The rule (written on the plans page):
 * every payment of the current period made less than 14 days ago is refunded in full (the first
 * month, and an upgrade's prorated invoice), each invoice reads 'Remboursée', the plan ends now and
 * the babysitter is back on Discovery with what remained of her trial when she bought the plan.
 *
 * Once only: the refund holds the subscription's change claim (no plan change or second refund of
 * the same plan meanwhile), then claims each invoice before the provider is asked (refund_claimed_at,
 * and refunds_guarantee_invoice_unique in the database). Of N requests at the same instant one refunds; the
 * others get 409 ('already refunded', or 'a refund is under way'). When the provider fails, the
 * claims are released and she may try again: what was refunded stays recorded, the provider's
 * idempotency key (the invoice id) makes the retry one refund per invoice.
 */
export async function refundInvoice(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  input: { invoiceId: string; reason: RefundReason },
  nowMs: number,
): Promise<RefundOutcome> {
  const invoice = await ownInvoice(db, profileId, input.invoiceId);
  if (invoice.refundedCents > 0) throw alreadyRefunded();
  if (!isRefundable(invoice, nowMs)) throw notAllowed("billing.refundWindowOver");
  const stamp = claimStamp(nowMs);
  const [subscription] = await db
    .update(subscriptions)
    .set({ planChangeStartedAt: stamp })
    .where(
      and(
        eq(subscriptions.id, invoice.subscriptionId!),
        eq(subscriptions.profileId, profileId),
        claimable(subscriptions.planChangeStartedAt, nowMs),
      ),
    )
    .returning();
  if (!subscription) {
    const now = await ownInvoice(db, profileId, invoice.id);
    throw now.refundedCents > 0 ? alreadyRefunded() : refundInProgress();
  }
  try {
    // Read again under the claim: a request that won just before us may have refunded it already.
    if ((await ownInvoice(db, profileId, invoice.id)).refundedCents > 0) throw alreadyRefunded();
    const toRefund = await periodPayments(db, subscription, invoice.id, nowMs);
    for (const payment of toRefund) await refundOne(db, gateway, profileId, payment, input.reason, nowMs);
    const after = await endRefundedPlan(db, gateway, subscription, nowMs);
    const refunded = await Promise.all(toRefund.map((payment) => ownInvoice(db, profileId, payment.id)));
    const notice = planRefundedNotice({
      recipientId: profileId,
      planKey: planNameKey(subscription.plan),
      amountCents: refunded.reduce((sum, row) => sum + row.refundedCents, 0),
      trial: after.trial,
      occurrence: subscription.id,
    });
    return { invoice: refunded.find((row) => row.id === invoice.id)!, refunded, ...after, notice };
  } finally {
    await db
      .update(subscriptions)
      .set({ planChangeStartedAt: null })
      .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.planChangeStartedAt, stamp)));
  }
}

/**
 * The payments the guarantee gives back with `invoiceId`: the subscription's invoices still
 * refundable (paid less than 14 days ago, not refunded) whose period reaches into the current one.
 */
async function periodPayments(
  db: Db,
  subscription: SubscriptionRow,
  invoiceId: string,
  nowMs: number,
): Promise<InvoiceRow[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscription.id))
    .orderBy(invoices.createdAt);
  const inPeriod = (row: InvoiceRow) =>
    row.id === invoiceId || row.periodEnd === null || row.periodEnd > subscription.currentPeriodStart;
  return rows.filter((row) => isRefundable(row, nowMs) && inPeriod(row));
}

/** One invoice refunded in full: claimed, refunded by the provider, recorded (invoice and refund row). */
async function refundOne(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  invoice: InvoiceRow,
  reason: RefundReason,
  nowMs: number,
): Promise<void> {
  const stamp = claimStamp(nowMs);
  const [claimed] = await db
    .update(invoices)
    .set({ refundClaimedAt: stamp })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.refundedCents, 0), claimable(invoices.refundClaimedAt, nowMs)))
    .returning();
  if (!claimed) throw refundInProgress();
  try {
    const refund = await gateway.refund({
      paymentIntentId: claimed.paymentIntentId!,
      amountCents: claimed.amountPaidCents,
      reason,
      refundOf: claimed.id,
    });
    if (refund.status === "failed") throw refundFailed();
    await db.batch([
      db
        .update(invoices)
        .set({
          refundedCents: sql`${invoices.amountPaidCents}`,
          refundedAt: new Date(nowMs).toISOString(),
          refundClaimedAt: null,
        })
        .where(and(eq(invoices.id, claimed.id), eq(invoices.refundedCents, 0))),
      db.insert(refunds).values({
        subscriptionId: claimed.subscriptionId!,
        invoiceId: claimed.id,
        amountCents: claimed.amountPaidCents,
        currency: claimed.currency,
        reason,
        status: refund.status,
        stripeRefundId: refund.id,
        createdBy: profileId,
      }),
    ]);
  } catch (error) {
    await db
      .update(invoices)
      .set({ refundClaimedAt: null })
      .where(and(eq(invoices.id, claimed.id), eq(invoices.refundClaimedAt, stamp), eq(invoices.refundedCents, 0)));
    // Stripe still working on the same refund stays a 409; any other refusal is the refund's failure.
    if (isProviderError(error) && error.status !== 409) throw refundFailed();
    throw error;
  }
}

/** The refunded plan ends now at the provider, and the trial she had left is given back, in one batch. */
async function endRefundedPlan(
  db: Db,
  gateway: BillingGateway,
  subscription: SubscriptionRow,
  nowMs: number,
): Promise<{ subscription: SubscriptionRow | null; trial: RestoredTrial | null }> {
  const profileId = subscription.profileId;
  const ended =
    subscription.status !== "canceled" && subscription.provider === gateway.kind
      ? await gateway.cancelNow(heldOf(subscription, gateway))
      : null;
  const upsert = ended
    ? upsertSubscription(db, { profileId, provider: gateway.kind, snapshot: ended, syncedAt: nowSeconds() })
    : null;
  const trial = await trialLeft(db, profileId, nowMs);
  await runStatements(db, [
    ...(upsert ? [upsert] : []),
    ...(trial ? [restoreTrial(db, trial, nowMs)] : []),
    mirrorPlan(db, profileId),
  ]);
  return { subscription: await currentSubscription(db, profileId, nowMs), trial };
}
