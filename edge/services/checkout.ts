// Buying a plan (money-and-operations §2 Checkout and Payment success): the babysitter's provider
// customer, the subscription waiting for its first payment, and the confirmation that switches the
// plan on. The confirmation is the same whoever asks first (the success page, its reload, or
// Stripe's invoice.paid webhook): it reads the provider's state and writes it, idempotently.
import { and, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { INVOICE_NUMBER_PREFIX } from "@db/constants/company";
import { CHECKOUT_REUSE_HOURS, isPaidPlan, isPlan, PLAN_CURRENCY, planNameKey, PLANS } from "@db/constants/plans";
import { billingCustomers, checkouts, invoices, subscriptions } from "@db/schema";
import type { PaidPlan } from "@db/schema/enums";
import type { CreatePaymentIntentBody, PaymentIntentAnswer, PaymentVerification } from "@db/validators/billing";
import type { BillingGateway, ProviderInvoice, ProviderSubscription } from "../billing/gateway";
import { ApiError } from "../lib/errors";
import { isMessageKey, translate, type Lang } from "../lib/i18n";
import type { CallerProfile } from "../middleware/session";
import { endTrial, mirrorPlan, PAID_ACCESS_STATUSES, upsertInvoice, upsertSubscription } from "./subscriptions";

type CheckoutRow = typeof checkouts.$inferSelect;

const HOUR_MS = 3_600_000;

export const planNotFound = () => new ApiError(404, "PLAN_NOT_FOUND", "billing.planNotFound");
const planInvalid = () => new ApiError(400, "PLAN_INVALID", "billing.planInvalid");
const paymentNotFound = () => new ApiError(404, "PAYMENT_NOT_FOUND", "billing.paymentNotFound");

/** A plan id from a path or body: 'Plan non trouvé' when unknown, 'Plan d'abonnement invalide' when not for sale. */
export function paidPlanOf(plan: string): PaidPlan {
  if (!isPlan(plan)) throw planNotFound();
  if (!isPaidPlan(plan)) throw planInvalid();
  return plan;
}

async function providerCustomer(db: Db, gateway: BillingGateway, profile: CallerProfile): Promise<string> {
  const known = () =>
    db
      .select({ id: billingCustomers.customerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.profileId, profile.id), eq(billingCustomers.provider, gateway.kind)))
      .limit(1);
  const [existing] = await known();
  if (existing) return existing.id;
  const customerId = await gateway.createCustomer({
    profileId: profile.id,
    email: profile.email,
    name: `${profile.firstName} ${profile.lastName}`.trim(),
  });
  // Two tabs starting at once: Stripe's idempotency key gives both the same customer; one row stays.
  await db
    .insert(billingCustomers)
    .values({ profileId: profile.id, provider: gateway.kind, customerId })
    .onConflictDoNothing();
  const [stored] = await known();
  return stored.id;
}

const paymentIntentAnswer = (gateway: BillingGateway, checkout: CheckoutRow): PaymentIntentAnswer => ({
  client_secret: checkout.clientSecret,
  payment_intent_id: checkout.paymentIntentId,
  provider: checkout.provider,
  publishable_key: gateway.publishableKey,
  plan: checkout.plan as PaidPlan,
  amount: checkout.amountCents,
  currency: checkout.currency,
});

/**
 * POST /api/stripe/create-payment-intent. The server prices the plan: an amount or currency that
 * disagrees is refused rather than charged. A babysitter already on a paid plan changes it from
 * settings (proration) instead of buying a second one. A reload reuses the pending checkout.
 */
export async function startCheckout(
  db: Db,
  gateway: BillingGateway,
  profile: CallerProfile,
  body: CreatePaymentIntentBody,
  nowMs: number,
): Promise<PaymentIntentAnswer> {
  const plan = paidPlanOf(body.plan);
  const amount = PLANS[plan].priceCents;
  if (body.amount !== amount || body.currency !== PLAN_CURRENCY) {
    throw new ApiError(400, "AMOUNT_MISMATCH", "billing.amountMismatch", {}, { field: "amount" });
  }
  const [paid] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, profile.id),
        ne(subscriptions.plan, "discovery"),
        inArray(subscriptions.status, [...PAID_ACCESS_STATUSES, "paused"]),
      ),
    )
    .limit(1);
  if (paid) throw new ApiError(409, "ALREADY_SUBSCRIBED", "billing.alreadySubscribed");

  const [pending] = await db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.profileId, profile.id),
        eq(checkouts.plan, plan),
        eq(checkouts.provider, gateway.kind),
        inArray(checkouts.status, ["pending", "failed"]),
        gt(checkouts.createdAt, new Date(nowMs - CHECKOUT_REUSE_HOURS * HOUR_MS).toISOString()),
      ),
    )
    .orderBy(desc(checkouts.createdAt))
    .limit(1);
  // A reload, or another card after a decline: the same payment (Stripe's PaymentIntent takes a new method).
  if (pending) return paymentIntentAnswer(gateway, pending);

  const customerId = await providerCustomer(db, gateway, profile);
  const checkoutId = crypto.randomUUID();
  const started = await gateway.startSubscription({ customerId, plan, checkoutKey: checkoutId });
  const [checkout] = await db
    .insert(checkouts)
    .values({
      id: checkoutId,
      profileId: profile.id,
      plan,
      provider: gateway.kind,
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
      providerSubscriptionId: started.subscriptionId,
      providerInvoiceId: started.invoiceId,
      amountCents: amount,
      currency: PLAN_CURRENCY,
    })
    .returning();
  return paymentIntentAnswer(gateway, checkout);
}

export async function ownCheckout(db: Db, profileId: string, paymentIntentId: string): Promise<CheckoutRow> {
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.paymentIntentId, paymentIntentId), eq(checkouts.profileId, profileId)))
    .limit(1);
  if (!checkout) throw paymentNotFound();
  return checkout;
}

/** A paid plan is on: the trial ends and its checkout is marked paid (also from Stripe's webhooks). */
export function planOnStatements(db: Db, profileId: string, providerSubscriptionId: string) {
  const nowIso = new Date().toISOString();
  const ourSubscription = sql`(SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptions.stripeSubscriptionId} = ${providerSubscriptionId})`;
  return [
    endTrial(db, profileId, nowIso),
    db
      .update(checkouts)
      .set({
        status: "succeeded",
        completedAt: sql`coalesce(${checkouts.completedAt}, ${nowIso})`,
        subscriptionId: ourSubscription,
      })
      .where(and(eq(checkouts.providerSubscriptionId, providerSubscriptionId), ne(checkouts.status, "expired"))),
  ] as const;
}

/**
 * Switches a paid checkout's plan on, in one batch: the subscription, the end of the trial, the
 * first invoice, the checkout marked paid and the profile's plan. Safe to repeat.
 */
export async function activateCheckout(
  db: Db,
  gateway: BillingGateway,
  input: { profileId: string; subscription: ProviderSubscription; invoice: ProviderInvoice | null; syncedAt: number },
): Promise<void> {
  const upsert = upsertSubscription(db, {
    profileId: input.profileId,
    provider: gateway.kind,
    snapshot: input.subscription,
    syncedAt: input.syncedAt,
  });
  if (!upsert) return; // still incomplete: nothing to switch on yet
  await db.batch([
    upsert,
    ...planOnStatements(db, input.profileId, input.subscription.id),
    ...(input.invoice ? [upsertInvoice(db, input.profileId, input.invoice, INVOICE_NUMBER_PREFIX)] : []),
    mirrorPlan(db, input.profileId),
  ]);
}

/**
 * GET verify-payment / POST activate-subscription: where the caller's payment stands, switching the
 * plan on when the provider says it is paid. Another user's payment id is not found.
 */
export async function confirmCheckout(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  paymentIntentId: string,
  lang: Lang,
): Promise<PaymentVerification> {
  let checkout = await ownCheckout(db, profileId, paymentIntentId);
  if (checkout.status !== "succeeded" || !checkout.subscriptionId) {
    const payment = await gateway.paymentState(paymentIntentId);
    if (payment.status === "failed") {
      await db
        .update(checkouts)
        .set({ status: "failed", failureMessage: payment.failureMessage })
        .where(and(eq(checkouts.id, checkout.id), inArray(checkouts.status, ["pending", "failed"])));
      return verification(checkout, lang, { status: "failed", failure: payment.failureMessage });
    }
    if (payment.status !== "succeeded") return verification(checkout, lang, { status: "processing" });
    const state = await gateway.getSubscription(checkout.providerSubscriptionId);
    await activateCheckout(db, gateway, {
      profileId,
      subscription: state.subscription,
      invoice: state.latestInvoice,
      syncedAt: Math.floor(Date.now() / 1000),
    });
    checkout = await ownCheckout(db, profileId, paymentIntentId);
    if (!checkout.subscriptionId) return verification(checkout, lang, { status: "processing" });
  }
  const [row] = await db
    .select({
      periodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(subscriptions)
    .leftJoin(invoices, eq(invoices.subscriptionId, subscriptions.id))
    .where(eq(subscriptions.id, checkout.subscriptionId!))
    .orderBy(invoices.createdAt)
    .limit(1);
  return verification(checkout, lang, {
    status: "succeeded",
    nextBillingDate: row && !row.cancelAtPeriodEnd ? row.periodEnd : null,
    invoiceId: row?.invoiceId ?? null,
    invoiceNumber: row?.invoiceNumber ?? null,
  });
}

function verification(
  checkout: CheckoutRow,
  lang: Lang,
  outcome: {
    status: PaymentVerification["status"];
    failure?: string | null;
    nextBillingDate?: string | null;
    invoiceId?: string | null;
    invoiceNumber?: string | null;
  },
): PaymentVerification {
  const failure = outcome.failure ?? checkout.failureMessage;
  const plan = checkout.plan as PaidPlan;
  return {
    status: outcome.status,
    plan,
    plan_name: translate(lang, planNameKey(plan)),
    amount: checkout.amountCents,
    currency: checkout.currency,
    next_billing_date: outcome.nextBillingDate ?? null,
    invoice_id: outcome.invoiceId ?? null,
    invoice_number: outcome.invoiceNumber ?? null,
    transaction_id: checkout.paymentIntentId,
    provider: checkout.provider,
    failure_message:
      outcome.status === "failed"
        ? failure && isMessageKey(failure)
          ? translate(lang, failure)
          : (failure ?? translate(lang, "billing.paymentFailed"))
        : null,
  };
}
