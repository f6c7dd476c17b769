// What a babysitter does to her paid plan from settings (money-and-operations §2 Abonnement, §4):
// change it (the price is swapped with proration), cancel it (it stays on until the period ends:
// one confirmation, no retention maze), reactivate it, and the 14-day refund guarantee. Each call
// asks the provider first, then writes the state it answers, so our tables never claim what the
// provider did not do.
import { and, eq, sql } from "drizzle-orm";
import { runStatements, type Db } from "@db/client";
import { INVOICE_NUMBER_PREFIX } from "@db/constants/company";
import { REFUND_WINDOW_DAYS } from "@db/constants/plans";
import { invoices, refunds, subscriptions } from "@db/schema";
import type { PaidPlan, RefundReason } from "@db/schema/enums";
import type { BillingGateway, HeldSubscription, ProviderSubscription } from "../billing/gateway";
import { ApiError } from "../lib/errors";
import { paidPlanOf } from "./checkout";
import { mirrorPlan, ownSubscription, upsertInvoice, upsertSubscription } from "./subscriptions";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

const DAY_MS = 86_400_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const notAllowed = (key: string) => new ApiError(409, "SUBSCRIPTION_STATE", key);
export const invoiceNotFound = () => new ApiError(404, "INVOICE_NOT_FOUND", "billing.invoiceNotFound");

/** A paid subscription of the caller's, held by the provider now in use. */
async function heldSubscription(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  id: string,
): Promise<{ row: SubscriptionRow; held: HeldSubscription }> {
  const row = await ownSubscription(db, profileId, id);
  if (row.plan === "discovery" || !row.stripeSubscriptionId) throw notAllowed("billing.trialNotChangeable");
  if (row.provider !== gateway.kind) throw notAllowed("billing.otherProvider");
  return {
    row,
    held: {
      providerSubscriptionId: row.stripeSubscriptionId,
      customerId: row.stripeCustomerId,
      plan: row.plan,
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      amountCents: row.amountCents,
    },
  };
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
  const { row, held } = await heldSubscription(db, gateway, profileId, input.subscriptionId);
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
}

/** POST cancel-subscription: on until the period ends (cancel_at_period_end); only when active. */
export async function cancelAtPeriodEnd(db: Db, gateway: BillingGateway, profileId: string, id: string) {
  const { row, held } = await heldSubscription(db, gateway, profileId, id);
  if (row.status !== "active" || row.cancelAtPeriodEnd) throw notAllowed("billing.notCancellable");
  return writeState(db, gateway, row, await gateway.setCancelAtPeriodEnd(held, true));
}

/** POST reactivate-subscription: undoes a pending cancellation; only while one is pending. */
export async function reactivate(db: Db, gateway: BillingGateway, profileId: string, id: string) {
  const { row, held } = await heldSubscription(db, gateway, profileId, id);
  if (!row.cancelAtPeriodEnd || row.status === "canceled") throw notAllowed("billing.notReactivable");
  return writeState(db, gateway, row, await gateway.setCancelAtPeriodEnd(held, false));
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

/**
 * POST request-refund: the checkout's 14-day guarantee. The whole payment is refunded through the
 * provider and the plan ends at once (money back, plan off). Repeats are harmless: the provider's
 * idempotency key and the `refunded_cents = 0` guard make one refund of one invoice.
 */
export async function refundInvoice(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  input: { invoiceId: string; reason: RefundReason },
  nowMs: number,
): Promise<{ invoice: InvoiceRow; subscription: SubscriptionRow | null }> {
  const invoice = await ownInvoice(db, profileId, input.invoiceId);
  if (invoice.refundedCents > 0) throw notAllowed("billing.alreadyRefunded");
  if (!isRefundable(invoice, nowMs)) throw notAllowed("billing.refundWindowOver");
  const refund = await gateway.refund({
    paymentIntentId: invoice.paymentIntentId!,
    amountCents: invoice.amountPaidCents,
    reason: input.reason,
    invoiceId: invoice.id,
  });
  if (refund.status === "failed") throw new ApiError(502, "REFUND_FAILED", "billing.refundFailed");

  const subscription = invoice.subscriptionId
    ? await db.select().from(subscriptions).where(eq(subscriptions.id, invoice.subscriptionId)).get()
    : undefined;
  let ended: ProviderSubscription | null = null;
  if (subscription && subscription.status !== "canceled" && subscription.provider === gateway.kind) {
    const { held } = await heldSubscription(db, gateway, profileId, subscription.id);
    ended = await gateway.cancelNow(held);
  }
  const nowIso = new Date(nowMs).toISOString();
  const upsert = ended
    ? upsertSubscription(db, { profileId, provider: gateway.kind, snapshot: ended, syncedAt: nowSeconds() })
    : null;
  await db.batch([
    db
      .update(invoices)
      .set({ refundedCents: sql`${invoices.amountPaidCents}`, refundedAt: nowIso })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.refundedCents, 0))),
    db
      .insert(refunds)
      .values({
        subscriptionId: invoice.subscriptionId!,
        invoiceId: invoice.id,
        amountCents: invoice.amountPaidCents,
        currency: invoice.currency,
        reason: input.reason,
        status: refund.status,
        stripeRefundId: refund.id,
        createdBy: profileId,
      })
      .onConflictDoNothing(),
    ...(upsert ? [upsert] : []),
    mirrorPlan(db, profileId),
  ]);
  return {
    invoice: await ownInvoice(db, profileId, invoice.id),
    subscription: subscription ? await ownSubscription(db, profileId, subscription.id) : null,
  };
}
