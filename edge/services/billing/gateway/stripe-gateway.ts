// Stripe Billing through the official SDK, in workerd: its fetch HTTP client and Web Crypto (no Node
// http or crypto). Each babysitter is a Stripe customer; a plan is a subscription created with an
// incomplete first payment that the Payment Element confirms on the checkout page.
import Stripe from "stripe";
import type { InvoiceStatus, PaidPlan, RefundReason } from "@db/schema/enums";
import type { StripeSettings } from "../../../lib/billing-config";
import type * as Gateway from "./gateway";
import { providerBusy, providerFailed } from "./provider-errors";

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** Hosts Stripe serves invoice PDFs from (and the configured double in tests): nothing else is fetched. */
const PDF_HOSTS = ["pay.stripe.com", "files.stripe.com", "invoice.stripe.com"];

const REFUND_REASONS: Partial<Record<RefundReason, Stripe.RefundCreateParams.Reason>> = {
  customer_request: "requested_by_customer",
  fraud: "fraudulent",
  billing_error: "duplicate",
};

/** One SDK client per settings: the fetch client and SubtleCrypto make it run in workerd. */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "http:" ? "http" : "https",
    }),
  });
}

export const webCrypto = Stripe.createSubtleCryptoProvider();

/** Stripe's errors as answers (provider-errors.ts); anything else is ours and stays an error. */
export async function answered<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.error("Stripe refused a call", error.type, error.statusCode, error.code, error.message);
    throw error.statusCode === 409 ? providerBusy() : providerFailed();
  }
}

export class StripeGateway implements Gateway.BillingGateway {
  readonly kind = "stripe" as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.stripe = stripeClient(settings);
  }

  /** The SDK's webhook helpers (signature check on the raw body). */
  get webhooks() {
    return this.stripe.webhooks;
  }

  /** Our plan for a Stripe price, or null for a price that is not one of ours. */
  planOfPrice(priceId: string | null | undefined): PaidPlan | null {
    const entry = Object.entries(this.settings.prices).find(([, id]) => id === priceId);
    return entry ? (entry[0] as PaidPlan) : null;
  }

  subscriptionSnapshot(subscription: Stripe.Subscription): Gateway.ProviderSubscription | null {
    const item = subscription.items.data[0];
    const plan = this.planOfPrice(item?.price.id);
    if (!item || !plan) return null;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? "",
      plan,
      // A paused collection (the admin console's suspension) is our 'paused': Stripe keeps it 'active'.
      status:
        subscription.pause_collection && subscription.status === "active"
          ? "paused"
          : (subscription.status as Gateway.ProviderSubscription["status"]),
      periodStart: iso(item.current_period_start)!,
      periodEnd: iso(item.current_period_end)!,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: iso(subscription.canceled_at),
      amountCents: item.price.unit_amount ?? 0,
      priceId: item.price.id,
    };
  }

  invoiceSnapshot(invoice: Stripe.Invoice): Gateway.ProviderInvoice {
    const line = invoice.lines?.data?.[0];
    const payment = invoice.payments?.data?.find((p) => p.payment?.type === "payment_intent");
    return {
      id: invoice.id!,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      customerId: idOf(invoice.customer),
      number: invoice.number,
      amountPaidCents: invoice.amount_paid,
      amountDueCents: invoice.amount_due,
      currency: invoice.currency,
      status: (invoice.status ?? "draft") as InvoiceStatus,
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
      periodStart: iso(line?.period?.start ?? invoice.period_start),
      periodEnd: iso(line?.period?.end ?? invoice.period_end),
      paymentIntentId: idOf(payment?.payment?.payment_intent),
      paidAt: iso(invoice.status_transitions?.paid_at),
      created: iso(invoice.created)!,
    };
  }

  private state(subscription: Stripe.Subscription): Gateway.SubscriptionState {
    const snapshot = this.subscriptionSnapshot(subscription);
    if (!snapshot) throw new Error(`Stripe subscription ${subscription.id} is not on a Veilleuse price`);
    const latest = subscription.latest_invoice;
    return {
      subscription: snapshot,
      latestInvoice: latest && typeof latest !== "string" ? this.invoiceSnapshot(latest) : null,
    };
  }

  async createCustomer(input: { profileId: string; email: string; name: string }): Promise<string> {
    const customer = await answered(
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: { profile_id: input.profileId } },
        { idempotencyKey: `customer-${input.profileId}` },
      ),
    );
    return customer.id;
  }

  async startSubscription(input: {
    customerId: string;
    plan: PaidPlan;
    checkoutKey: string;
  }): Promise<Gateway.CheckoutStart> {
    const subscription = await answered(
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: this.settings.prices[input.plan] }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { plan: input.plan },
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey: `checkout-${input.checkoutKey}` },
      ),
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new Error(`Stripe gave no confirmation secret for subscription ${subscription.id}`);
    return {
      subscriptionId: subscription.id,
      invoiceId: invoice?.id ?? null,
      // A PaymentIntent's client secret is "<pi id>_secret_<...>".
      paymentIntentId: clientSecret.split("_secret_")[0],
      clientSecret,
    };
  }

  async paymentState(paymentIntentId: string): Promise<Gateway.PaymentState> {
    const intent = await answered(this.stripe.paymentIntents.retrieve(paymentIntentId));
    switch (intent.status) {
      case "succeeded":
        return { status: "succeeded", failureMessage: null };
      case "processing":
        return { status: "processing", failureMessage: null };
      case "canceled":
        return { status: "failed", failureMessage: intent.cancellation_reason ?? null };
      default:
        return intent.last_payment_error
          ? { status: "failed", failureMessage: intent.last_payment_error.message ?? null }
          : { status: "pending", failureMessage: null };
    }
  }

  async getSubscription(subscriptionId: string): Promise<Gateway.SubscriptionState> {
    const subscription = await answered(
      this.stripe.subscriptions.retrieve(subscriptionId, {
        expand: ["latest_invoice.payments"],
      }),
    );
    return this.state(subscription);
  }

  /**
   * Stripe's invoice preview of the same update (create_preview with the subscription's item, the
   * new price, always_invoice and the proration date): what is charged now is the sum of its
   * proration lines (Stripe's recommended reading), never below 0.
   */
  async previewPlanChange(
    held: Gateway.HeldSubscription,
    plan: PaidPlan,
    prorationMs: number,
  ): Promise<Gateway.PlanChangeQuote> {
    const current = await answered(this.stripe.subscriptions.retrieve(held.providerSubscriptionId));
    const preview = await answered(
      this.stripe.invoices.createPreview({
        customer: idOf(current.customer) ?? undefined,
        subscription: held.providerSubscriptionId,
        subscription_details: {
          items: [{ id: current.items.data[0].id, price: this.settings.prices[plan] }],
          proration_behavior: "always_invoice",
          proration_date: Math.floor(prorationMs / 1000),
        },
      }),
    );
    const prorated = preview.lines.data
      .filter((line) => line.parent?.subscription_item_details?.proration)
      .reduce((sum, line) => sum + line.amount, 0);
    return { amountTodayCents: Math.max(0, prorated), currency: preview.currency };
  }

  async changePlan(
    held: Gateway.HeldSubscription,
    plan: PaidPlan,
    prorationMs: number,
  ): Promise<Gateway.SubscriptionState> {
    const current = await answered(this.stripe.subscriptions.retrieve(held.providerSubscriptionId));
    const item = current.items.data[0];
    const updated = await answered(
      this.stripe.subscriptions.update(held.providerSubscriptionId, {
        items: [{ id: item.id, price: this.settings.prices[plan] }],
        // The difference is invoiced and charged now; a downgrade leaves a credit for the next invoice.
        proration_behavior: "always_invoice",
        // The preview's date: the charge is the amount the babysitter was shown.
        proration_date: Math.floor(prorationMs / 1000),
        // An upgrade whose payment fails is not applied (Stripe keeps it pending).
        payment_behavior: "pending_if_incomplete",
        expand: ["latest_invoice.payments"],
      }),
    );
    return this.state(updated);
  }

  async setCancelAtPeriodEnd(held: Gateway.HeldSubscription, cancel: boolean): Promise<Gateway.ProviderSubscription> {
    const updated = await answered(
      this.stripe.subscriptions.update(held.providerSubscriptionId, {
        cancel_at_period_end: cancel,
      }),
    );
    return this.state(updated).subscription;
  }

  async setPaused(held: Gateway.HeldSubscription, paused: boolean): Promise<Gateway.ProviderSubscription> {
    const updated = await answered(
      this.stripe.subscriptions.update(held.providerSubscriptionId, {
        pause_collection: paused ? { behavior: "void" } : "",
      }),
    );
    return this.state(updated).subscription;
  }

  async cancelNow(held: Gateway.HeldSubscription): Promise<Gateway.ProviderSubscription> {
    const canceled = await answered(this.stripe.subscriptions.cancel(held.providerSubscriptionId, { prorate: false }));
    return this.state(canceled).subscription;
  }

  async refund(input: { paymentIntentId: string; amountCents: number; reason: RefundReason; refundOf: string }) {
    const refund = await answered(
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountCents,
          reason: REFUND_REASONS[input.reason],
          metadata: { refund_of: input.refundOf, reason: input.reason },
        },
        { idempotencyKey: `refund-${input.refundOf}` },
      ),
    );
    const status = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" ? "failed" : "pending";
    return { id: refund.id, status } as const;
  }

  async invoicePdf(invoice: { providerInvoiceId: string | null; pdfUrl: string | null }): Promise<Uint8Array | null> {
    if (!invoice.pdfUrl || !URL.canParse(invoice.pdfUrl)) return null;
    const url = new URL(invoice.pdfUrl);
    const allowed = PDF_HOSTS.includes(url.hostname) || url.host === this.settings.apiBase?.host;
    if (!allowed) return null;
    // Stripe's invoice PDF links are capability URLs: no key is sent with them.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Stripe invoice PDF answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
