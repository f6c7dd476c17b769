// What a babysitter does to her paid plan from settings (money-and-operations §2 Abonnement, §4):
// change it (the price is swapped with proration), cancel it (it stays on until the period ends:
// one confirmation, no retention maze), reactivate it, and the 14-day refund guarantee. Each call
// asks the provider first, then writes the state it answers, so our tables never claim what the
// provider did not do.
//
// Once only (issue 18): a double click, two tabs or a retried request must not change a plan twice
// or refund a payment twice. So each effect is claimed before the provider is asked (billing/claims.ts):
// one change in flight per subscription (plan_change_started_at), one refund in flight per invoice
// (refund_claimed_at, and refunds_invoice_unique in the database); the losers get a 409.
import { and, eq, sql } from "drizzle-orm";
import { runStatements, type Db } from "@db/client";
import { INVOICE_NUMBER_PREFIX } from "@db/constants/company";
import { REFUND_WINDOW_DAYS } from "@db/constants/plans";
import { invoices, refunds, subscriptions } from "@db/schema";
import type { PaidPlan, RefundReason } from "@db/schema/enums";
import { claimable, claimStamp } from "../billing/claims";
import type { BillingGateway, HeldSubscription, ProviderSubscription } from "../billing/gateway";
import { isProviderError } from "../billing/provider-errors";
import { ApiError } from "../lib/errors";
import { paidPlanOf } from "./checkout";
import { mirrorPlan, ownSubscription, upsertInvoice, upsertSubscription } from "./subscriptions";

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
function heldOf(row: SubscriptionRow, gateway: BillingGateway): HeldSubscription {
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
async function withChangeClaim<T>(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
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
        eq(subscriptions.profileId, profileId),
        claimable(subscriptions.planChangeStartedAt, nowMs),
      ),
    )
    .returning();
  if (!row) {
    await ownSubscription(db, profileId, id); // another user's id: 404, not a hint that it exists
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

async function writeState(db: Db, gateway: BillingGateway, row: SubscriptionRow, snapshot: ProviderSubscription) {
  const upsert = upsertSubscription(db, {
    profileId: row.profileId,
    provider: gateway.kind,
    snapshot,
    syncedAt: nowSeconds(),
  });
  if (upsert) await db.batch([upsert, mirrorPlan(db, row.profileId)]);
  return ownSubscription(db, row.profileId, row.id);
}

/** POST modify-subscription: Premium ⇄ Standard, prorated (the provider invoices the difference now). */
export async function changePlan(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  input: { subscriptionId: string; plan: string },
): Promise<SubscriptionRow> {
  const plan: PaidPlan = paidPlanOf(input.plan);
  return withChangeClaim(db, gateway, profileId, input.subscriptionId, async (row, held) => {
    if (row.status !== "active") throw notAllowed("billing.notActive");
    if (row.plan === plan) throw notAllowed("billing.samePlan");
    const state = await gateway.changePlan(held, plan);
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
    ]);
    return ownSubscription(db, profileId, row.id);
  });
}

/** POST cancel-subscription: on until the period ends (cancel_at_period_end); only when active. */
export async function cancelAtPeriodEnd(db: Db, gateway: BillingGateway, profileId: string, id: string) {
  return withChangeClaim(db, gateway, profileId, id, async (row, held) => {
    if (row.status !== "active" || row.cancelAtPeriodEnd) throw notAllowed("billing.notCancellable");
    return writeState(db, gateway, row, await gateway.setCancelAtPeriodEnd(held, true));
  });
}

/** POST reactivate-subscription: undoes a pending cancellation; only while one is pending. */
export async function reactivate(db: Db, gateway: BillingGateway, profileId: string, id: string) {
  return withChangeClaim(db, gateway, profileId, id, async (row, held) => {
    if (!row.cancelAtPeriodEnd || row.status === "canceled") throw notAllowed("billing.notReactivable");
    return writeState(db, gateway, row, await gateway.setCancelAtPeriodEnd(held, false));
  });
}

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

type RefundOutcome = { invoice: InvoiceRow; subscription: SubscriptionRow | null };

/**
 * POST request-refund: the checkout's 14-day guarantee. The whole payment is refunded through the
 * provider and the plan ends at once (money back, plan off). Once only: the refund is claimed on
 * the invoice before the provider is asked, so of N requests at the same instant one refunds and
 * the others get 409 ('already refunded', or 'a refund is under way'). When the provider fails, the
 * claim is released and the user may try again (the provider's idempotency key, the invoice id,
 * makes that retry one refund with the first attempt).
 */
export async function refundInvoice(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  input: { invoiceId: string; reason: RefundReason },
  nowMs: number,
): Promise<RefundOutcome> {
  const invoice = await ownInvoice(db, profileId, input.invoiceId);
  if (invoice.refundedCents > 0) throw notAllowed("billing.alreadyRefunded");
  if (!isRefundable(invoice, nowMs)) throw notAllowed("billing.refundWindowOver");
  const stamp = claimStamp(nowMs);
  const [claimed] = await db
    .update(invoices)
    .set({ refundClaimedAt: stamp })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.refundedCents, 0), claimable(invoices.refundClaimedAt, nowMs)))
    .returning();
  if (!claimed) {
    const now = await ownInvoice(db, profileId, invoice.id);
    throw now.refundedCents > 0 ? notAllowed("billing.alreadyRefunded") : refundInProgress();
  }
  try {
    return await refundClaimed(db, gateway, profileId, claimed, input.reason, nowMs);
  } catch (error) {
    await db
      .update(invoices)
      .set({ refundClaimedAt: null })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.refundClaimedAt, stamp), eq(invoices.refundedCents, 0)));
    // Stripe still working on the same refund stays a 409; any other refusal is the refund's failure.
    if (isProviderError(error) && error.status !== 409) throw refundFailed();
    throw error;
  }
}

/** The refund itself, once the invoice is claimed: the provider refunds, the plan ends, we record both. */
async function refundClaimed(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  invoice: InvoiceRow,
  reason: RefundReason,
  nowMs: number,
): Promise<RefundOutcome> {
  const refund = await gateway.refund({
    paymentIntentId: invoice.paymentIntentId!,
    amountCents: invoice.amountPaidCents,
    reason,
    refundOf: invoice.id,
  });
  if (refund.status === "failed") throw refundFailed();

  const subscription = invoice.subscriptionId
    ? await db.select().from(subscriptions).where(eq(subscriptions.id, invoice.subscriptionId)).get()
    : undefined;
  let ended: ProviderSubscription | null = null;
  if (subscription && subscription.status !== "canceled" && subscription.provider === gateway.kind) {
    ended = await gateway.cancelNow(heldOf(subscription, gateway));
  }
  const nowIso = new Date(nowMs).toISOString();
  const upsert = ended
    ? upsertSubscription(db, { profileId, provider: gateway.kind, snapshot: ended, syncedAt: nowSeconds() })
    : null;
  await db.batch([
    db
      .update(invoices)
      .set({ refundedCents: sql`${invoices.amountPaidCents}`, refundedAt: nowIso, refundClaimedAt: null })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.refundedCents, 0))),
    db.insert(refunds).values({
      subscriptionId: invoice.subscriptionId!,
      invoiceId: invoice.id,
      amountCents: invoice.amountPaidCents,
      currency: invoice.currency,
      reason,
      status: refund.status,
      stripeRefundId: refund.id,
      createdBy: profileId,
    }),
    ...(upsert ? [upsert] : []),
    mirrorPlan(db, profileId),
  ]);
  return {
    invoice: await ownInvoice(db, profileId, invoice.id),
    subscription: subscription ? await ownSubscription(db, profileId, subscription.id) : null,
  };
}
