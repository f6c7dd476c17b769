// Buying a plan (money-and-operations §2 Checkout and Payment success): the babysitter's provider
// customer, the subscription waiting for its first payment, and the confirmation that switches the
// plan on. The confirmation is the same whoever asks first (the success page, its reload, or
// Stripe's webhooks): it reads the provider's state and writes it, idempotently.
//
// One paid plan per babysitter (issue 18): 'already subscribed' is checked when a checkout starts,
// but two checkouts started together can both be paid. So it is checked again when a payment is
// switched on, and the database holds the rule (subscriptions_one_paid_plan_idx): a second paid
// plan is never switched on; its payment is refunded and its provider subscription cancelled, once
// (the checkout's refund is claimed before the provider is asked), and the babysitter is told.
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { runStatements, type Db } from "@db/client";
import { INVOICE_NUMBER_PREFIX } from "@db/constants/company";
import { CHECKOUT_REUSE_HOURS, isPaidPlan, isPlan, PLAN_CURRENCY, planNameKey, PLANS } from "@db/constants/plans";
import { billingCustomers, checkouts, invoices, PAID_PLAN_IN_FORCE_STATUSES, refunds, subscriptions } from "@db/schema";
import type { PaidPlan } from "@db/schema/enums";
import type { CreatePaymentIntentBody, PaymentIntentAnswer, PaymentVerification } from "@db/validators/billing";
import { claimable, claimStamp } from "./claims";
import type { BillingGateway, HeldSubscription, ProviderInvoice, ProviderSubscription } from "./gateway/gateway";
import { secondPlanRefundedNotice } from "../notifications/notices";
import type { Notice } from "../notifications/notify";
import { isDatabaseRefusal } from "../../lib/db-errors";
import { ApiError } from "../../lib/errors";
import { isMessageKey, translate, type Lang } from "../../lib/i18n";
import type { CallerProfile } from "../../lib/caller-profile";
import { endTrial, mirrorPlan, storedStatus, upsertInvoice, upsertSubscription } from "./subscriptions";

type CheckoutRow = typeof checkouts.$inferSelect;

const HOUR_MS = 3_600_000;

export const planNotFound = () => new ApiError(404, "PLAN_NOT_FOUND", "billing.planNotFound");
const planInvalid = () => new ApiError(400, "PLAN_INVALID", "billing.planInvalid");
const paymentNotFound = () => new ApiError(404, "PAYMENT_NOT_FOUND", "billing.paymentNotFound");
const refundFailed = () => new ApiError(502, "REFUND_FAILED", "billing.refundFailed");

/** subscriptions_one_paid_plan_idx refusing a second paid plan in force for one profile. */
const ONE_PAID_PLAN = /UNIQUE constraint failed: subscriptions\.profile_id/;

const inForce = (status: string | null) => (PAID_PLAN_IN_FORCE_STATUSES as readonly (string | null)[]).includes(status);

/** A paid plan of the profile's in force, other than the provider's subscription `except` (null: any). */
async function paidPlanInForce(db: Db, profileId: string, except: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, profileId),
        ne(subscriptions.plan, "discovery"),
        inArray(subscriptions.status, PAID_PLAN_IN_FORCE_STATUSES),
        except === null ? undefined : sql`${subscriptions.stripeSubscriptionId} IS NOT ${except}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

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
  if (await paidPlanInForce(db, profile.id, null))
    throw new ApiError(409, "ALREADY_SUBSCRIBED", "billing.alreadySubscribed");

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
      .where(
        and(
          eq(checkouts.providerSubscriptionId, providerSubscriptionId),
          ne(checkouts.status, "expired"),
          isNull(checkouts.refundedAt),
        ),
      ),
  ] as const;
}

/** What confirming a paid checkout did. */
export type Activation =
  /** The provider's subscription is not paid yet: nothing to switch on. */
  | { status: "pending" }
  | { status: "activated" }
  /**
   * Another paid plan was in force: this one is not switched on, its payment is refunded. `notice`
   * (to send once the answer is out) only for the one call that did the refund.
   */
  | { status: "refunded"; notice: Notice | null };

type ActivationInput = {
  profileId: string;
  subscription: ProviderSubscription;
  invoice: ProviderInvoice | null;
  syncedAt: number;
};

/**
 * Switches a paid checkout's plan on, in one batch: the subscription, the end of the trial, the
 * first invoice, the checkout marked paid and the profile's plan. Safe to repeat. When another paid
 * plan is in force (checked here, and by the database for two confirmations at the same instant),
 * this one is refunded instead (refundSecondPlan).
 */
export async function activateCheckout(db: Db, gateway: BillingGateway, input: ActivationInput): Promise<Activation> {
  const upsert = upsertSubscription(db, {
    profileId: input.profileId,
    provider: gateway.kind,
    snapshot: input.subscription,
    syncedAt: input.syncedAt,
  });
  if (!upsert) return { status: "pending" }; // still incomplete: nothing to switch on yet
  const wouldBeInForce = inForce(storedStatus(input.subscription.status));
  if (wouldBeInForce && (await paidPlanInForce(db, input.profileId, input.subscription.id)))
    return refundSecondPlan(db, gateway, input);
  try {
    await db.batch([
      upsert,
      ...planOnStatements(db, input.profileId, input.subscription.id),
      ...(input.invoice ? [upsertInvoice(db, input.profileId, input.invoice, INVOICE_NUMBER_PREFIX)] : []),
      mirrorPlan(db, input.profileId),
    ]);
  } catch (error) {
    // Two payments confirmed at the same instant: the database let the other one in first.
    if (!isDatabaseRefusal(error, ONE_PAID_PLAN)) throw error;
    return refundSecondPlan(db, gateway, input);
  }
  return { status: "activated" };
}

const heldOf = (snapshot: ProviderSubscription): HeldSubscription => ({
  providerSubscriptionId: snapshot.id,
  customerId: snapshot.customerId || null,
  plan: snapshot.plan,
  periodStart: snapshot.periodStart,
  periodEnd: snapshot.periodEnd,
  cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
  amountCents: snapshot.amountCents,
});

/**
 * A second paid plan, paid while another one is in force: its checkout's refund is claimed (one
 * request wins; the others answer 'refunded' at once), then the provider refunds the payment and
 * cancels the subscription, and we record it all: the subscription (canceled), its invoice
 * (refunded), the refund, the checkout's `refunded_at`. When the provider fails, the claim is
 * released for the next confirmation to retry (the idempotency key `checkout-<id>` makes that one
 * refund).
 */
async function refundSecondPlan(db: Db, gateway: BillingGateway, input: ActivationInput): Promise<Activation> {
  const nowMs = Date.now();
  const stamp = claimStamp(nowMs);
  const ofSubscription = and(
    eq(checkouts.providerSubscriptionId, input.subscription.id),
    eq(checkouts.profileId, input.profileId),
  );
  const [checkout] = await db
    .update(checkouts)
    .set({ refundClaimedAt: stamp })
    .where(and(ofSubscription, isNull(checkouts.refundedAt), claimable(checkouts.refundClaimedAt, nowMs)))
    .returning();
  if (!checkout) {
    const [known] = await db.select({ id: checkouts.id }).from(checkouts).where(ofSubscription).limit(1);
    // Every paid plan starts at a checkout: a second one without one is a state we never write.
    if (!known) throw new Error(`Second paid plan ${input.subscription.id} has no checkout to refund`);
    return { status: "refunded", notice: null }; // refunded already, or being refunded by another request
  }
  try {
    await refundAndRecord(db, gateway, input, checkout, new Date(nowMs).toISOString());
  } catch (error) {
    await db
      .update(checkouts)
      .set({ refundClaimedAt: null })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.refundClaimedAt, stamp)));
    throw error;
  }
  return {
    status: "refunded",
    notice: secondPlanRefundedNotice({
      recipientId: input.profileId,
      planKey: planNameKey(checkout.plan as PaidPlan),
      amountCents: checkout.amountCents,
      occurrence: checkout.id,
    }),
  };
}

/** The provider refunds the second plan's payment and cancels its subscription; then we record both. */
async function refundAndRecord(
  db: Db,
  gateway: BillingGateway,
  input: ActivationInput,
  checkout: CheckoutRow,
  nowIso: string,
): Promise<void> {
  const refund = await gateway.refund({
    paymentIntentId: checkout.paymentIntentId,
    amountCents: checkout.amountCents,
    reason: "billing_error",
    refundOf: `checkout-${checkout.id}`,
  });
  if (refund.status === "failed") throw refundFailed();
  const ended = await gateway.cancelNow(heldOf(input.subscription));
  const invoice = input.invoice ?? (await gateway.getSubscription(input.subscription.id)).latestInvoice;
  const endedState = upsertSubscription(db, {
    profileId: input.profileId,
    provider: gateway.kind,
    snapshot: ended,
    syncedAt: Math.floor(Date.now() / 1000),
  });
  await runStatements(db, [
    ...(endedState ? [endedState] : []),
    ...(invoice ? refundedInvoiceStatements(db, input.profileId, invoice, nowIso) : []),
    ...secondPlanRefundStatements(db, checkout, input.subscription.id, { refund, invoice, nowIso }),
  ]);
}

/** The second plan's invoice, refunded as it is recorded: she gets the refund's notice, not a 'payment received' email. */
const refundedInvoiceStatements = (db: Db, profileId: string, invoice: ProviderInvoice, nowIso: string) => [
  upsertInvoice(db, profileId, invoice, INVOICE_NUMBER_PREFIX),
  db
    .update(invoices)
    .set({
      refundedCents: sql`${invoices.amountPaidCents}`,
      refundedAt: nowIso,
      notifiedAt: sql`coalesce(${invoices.notifiedAt}, ${nowIso})`,
    })
    .where(and(eq(invoices.stripeInvoiceId, invoice.id), eq(invoices.refundedCents, 0))),
];

/** The refund row and the checkout marked refunded (paid, then refunded: never reused for a new checkout). */
function secondPlanRefundStatements(
  db: Db,
  checkout: CheckoutRow,
  providerSubscriptionId: string,
  done: {
    refund: { id: string; status: "pending" | "succeeded" | "failed" };
    invoice: ProviderInvoice | null;
    nowIso: string;
  },
) {
  const ourSubscription = sql`(SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptions.stripeSubscriptionId} = ${providerSubscriptionId})`;
  const ourInvoice = done.invoice
    ? sql`(SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.stripeInvoiceId} = ${done.invoice.id})`
    : null;
  return [
    db.insert(refunds).values({
      subscriptionId: ourSubscription,
      invoiceId: ourInvoice,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      reason: "billing_error",
      status: done.refund.status,
      stripeRefundId: done.refund.id,
    }),
    db
      .update(checkouts)
      .set({
        status: "succeeded",
        refundedAt: done.nowIso,
        refundClaimedAt: null,
        completedAt: sql`coalesce(${checkouts.completedAt}, ${done.nowIso})`,
        subscriptionId: ourSubscription,
      })
      .where(eq(checkouts.id, checkout.id)),
  ];
}

/**
 * GET verify-payment / POST activate-subscription / the demo confirm: where the caller's payment
 * stands, switching the plan on when the provider says it is paid, or answering 'refunded' when
 * another paid plan was in force (`onNotice` gets the babysitter's notice, once). Another user's
 * payment id is not found.
 */
export async function confirmCheckout(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  paymentIntentId: string,
  lang: Lang,
  onNotice: (notice: Notice) => void = () => {},
): Promise<PaymentVerification> {
  let checkout = await ownCheckout(db, profileId, paymentIntentId);
  if (checkout.refundedAt) return verification(checkout, lang, { status: "refunded" });
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
    const activation = await activateCheckout(db, gateway, {
      profileId,
      subscription: state.subscription,
      invoice: state.latestInvoice,
      syncedAt: Math.floor(Date.now() / 1000),
    });
    if (activation.status === "refunded") {
      if (activation.notice) onNotice(activation.notice);
      return verification(checkout, lang, { status: "refunded" });
    }
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

/** Why the plan is not on, in the caller's language: the bank's refusal, or the second plan's refund. */
function failureMessage(
  checkout: CheckoutRow,
  lang: Lang,
  outcome: { status: PaymentVerification["status"]; failure?: string | null },
): string | null {
  if (outcome.status === "refunded")
    return translate(lang, "billing.secondPlanRefunded", { plan: translate(lang, planNameKey(checkout.plan)) });
  if (outcome.status !== "failed") return null;
  const failure = outcome.failure ?? checkout.failureMessage;
  if (failure && isMessageKey(failure)) return translate(lang, failure);
  return failure ?? translate(lang, "billing.paymentFailed");
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
    failure_message: failureMessage(checkout, lang, outcome),
  };
}
