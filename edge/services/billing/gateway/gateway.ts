// The one interface the plans services talk to: Stripe Billing when its keys are set
// (stripe-gateway.ts), else the demo provider (demo-gateway.ts), which runs the same flow with no
// real charge. The services never know which one they hold; the answers are normalised here into
// plain snapshots (ISO times, cents, our plan ids), so the rest of the code reads no Stripe type.
// A call the provider refuses or cannot answer throws the answers of provider-errors.ts (409 while
// the same request is in flight there, 502 otherwise), never a provider's own error type.
import type { InvoiceStatus, PaidPlan, BillingProvider, RefundReason } from "@db/schema/enums";

/** Stripe's subscription statuses (a superset of ours: the incomplete ones never reach our table). */
export type ProviderSubscriptionStatus =
  "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";

export type ProviderSubscription = {
  id: string;
  customerId: string;
  plan: PaidPlan;
  status: ProviderSubscriptionStatus;
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  amountCents: number;
  priceId: string | null;
};

export type ProviderInvoice = {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** Stripe numbers its invoices; null for the demo provider, which gets our VEI-YYYY-NNNNNN. */
  number: string | null;
  amountPaidCents: number;
  amountDueCents: number;
  currency: string;
  status: InvoiceStatus;
  hostedUrl: string | null;
  pdfUrl: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  paymentIntentId: string | null;
  paidAt: string | null;
  created: string;
};

/** A paid plan's first payment, waiting for the card. */
export type CheckoutStart = {
  subscriptionId: string;
  invoiceId: string | null;
  paymentIntentId: string;
  clientSecret: string;
};

/** Where the first payment stands: the checkout page's card form decides it. */
export type PaymentState = { status: "pending" | "processing" | "succeeded" | "failed"; failureMessage: string | null };

export type SubscriptionState = { subscription: ProviderSubscription; latestInvoice: ProviderInvoice | null };

/** What a plan change would charge now, prorated to `prorationMs` (Stripe's invoice preview). */
export type PlanChangeQuote = { amountTodayCents: number; currency: string };

/** The fields of our own subscription row a provider needs to act on it. */
export type HeldSubscription = {
  providerSubscriptionId: string;
  customerId: string | null;
  plan: PaidPlan;
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  amountCents: number;
};

export interface BillingGateway {
  readonly kind: BillingProvider;
  /** Stripe's publishable key for the Payment Element; null for the demo provider. */
  readonly publishableKey: string | null;
  createCustomer(input: { profileId: string; email: string; name: string }): Promise<string>;
  /** A subscription whose first invoice waits for the card (Stripe: payment_behavior default_incomplete). */
  startSubscription(input: { customerId: string; plan: PaidPlan; checkoutKey: string }): Promise<CheckoutStart>;
  paymentState(paymentIntentId: string): Promise<PaymentState>;
  getSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /**
   * What swapping the price at `prorationMs` charges at once (never below 0: a downgrade's credit is
   * not money paid today). The same proration date given to changePlan charges the same amount.
   */
  previewPlanChange(held: HeldSubscription, plan: PaidPlan, prorationMs: number): Promise<PlanChangeQuote>;
  /** Swaps the price, prorated at `prorationMs`; the proration invoice comes back when one was paid at once. */
  changePlan(held: HeldSubscription, plan: PaidPlan, prorationMs: number): Promise<SubscriptionState>;
  setCancelAtPeriodEnd(held: HeldSubscription, cancel: boolean): Promise<ProviderSubscription>;
  /**
   * Pauses collection (the admin console's suspension: no invoice is charged and the plan's
   * features are off until it is resumed) or resumes it. Stripe: pause_collection, invoices voided.
   */
  setPaused(held: HeldSubscription, paused: boolean): Promise<ProviderSubscription>;
  /** Ends it now (the refund guarantee). */
  cancelNow(held: HeldSubscription): Promise<ProviderSubscription>;
  /**
   * Refunds a payment. `refundOf` names what is refunded, once ("<invoice id>", or "checkout-<id>"
   * for a second plan's first payment): the provider's idempotency key, so a retried call after a
   * crash never refunds twice.
   */
  refund(input: { paymentIntentId: string; amountCents: number; reason: RefundReason; refundOf: string }): Promise<{
    id: string;
    status: "pending" | "succeeded" | "failed";
  }>;
  /** The provider's own PDF of an invoice, or null when we render it ourselves (demo). */
  invoicePdf(invoice: { providerInvoiceId: string | null; pdfUrl: string | null }): Promise<Uint8Array | null>;
}
