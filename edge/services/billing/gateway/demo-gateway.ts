// The demo payment provider: the whole plans flow with no real charge, for a machine without Stripe
// keys (never in production, never beside Stripe keys: lib/billing-config.ts). It keeps no state of its own: a
// checkout's payment is the `checkouts` row, a subscription is our `subscriptions` row, so the same
// services write the same subscription and invoice rows as with Stripe. Test cards follow
// Stripe's: 4000 0000 0000 0002 is declined, any other well-formed number pays.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { PLANS } from "@db/constants/plans";
import type { PaidPlan } from "@db/schema/enums";
import { checkouts, invoices, subscriptions } from "@db/schema";
import type * as Gateway from "./gateway";
import { addMonths, prorationCents } from "../periods";

export const DECLINED_TEST_CARD = "4000000000000002";

const demoId = (kind: string) => `demo_${kind}_${crypto.randomUUID().replaceAll("-", "")}`;

export class DemoGateway implements Gateway.BillingGateway {
  readonly kind = "demo" as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private nowIso() {
    return new Date(this.now()).toISOString();
  }

  async createCustomer(): Promise<string> {
    return demoId("cus");
  }

  async startSubscription(): Promise<Gateway.CheckoutStart> {
    const paymentIntentId = demoId("pi");
    return {
      subscriptionId: demoId("sub"),
      invoiceId: demoId("in"),
      paymentIntentId,
      clientSecret: `${paymentIntentId}_secret_${crypto.randomUUID().replaceAll("-", "")}`,
    };
  }

  /** The demo card form's submission: the checkout is paid, or declined like Stripe's test card. */
  async pay(paymentIntentId: string, cardNumber: string): Promise<Gateway.PaymentState> {
    const declined = cardNumber === DECLINED_TEST_CARD;
    await this.db
      .update(checkouts)
      .set(
        declined
          ? { status: "failed", failureMessage: "billing.cardDeclined" }
          : { status: "succeeded", completedAt: this.nowIso(), failureMessage: null },
      )
      // A declined card can be retried, as with Stripe (the PaymentIntent waits for another method).
      .where(and(eq(checkouts.paymentIntentId, paymentIntentId), inArray(checkouts.status, ["pending", "failed"])));
    return this.paymentState(paymentIntentId);
  }

  async paymentState(paymentIntentId: string): Promise<Gateway.PaymentState> {
    const [checkout] = await this.db
      .select({ status: checkouts.status, failureMessage: checkouts.failureMessage })
      .from(checkouts)
      .where(eq(checkouts.paymentIntentId, paymentIntentId))
      .limit(1);
    if (!checkout) return { status: "failed", failureMessage: null };
    if (checkout.status === "expired") return { status: "failed", failureMessage: null };
    return { status: checkout.status, failureMessage: checkout.failureMessage };
  }

  /** Our row once it exists; before, the paid checkout's first period (from its payment). */
  async getSubscription(subscriptionId: string): Promise<Gateway.SubscriptionState> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId))
      .limit(1);
    if (row && row.plan !== "discovery") return this.fromRow(row);
    const [checkout] = await this.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerSubscriptionId, subscriptionId))
      .orderBy(desc(checkouts.createdAt))
      .limit(1);
    if (!checkout || checkout.plan === "discovery") throw new Error(`No demo subscription ${subscriptionId}`);
    const paid = checkout.status === "succeeded";
    const start = checkout.completedAt ?? checkout.createdAt;
    const subscription: Gateway.ProviderSubscription = {
      id: subscriptionId,
      customerId: "",
      plan: checkout.plan,
      status: paid ? "active" : checkout.status === "expired" ? "incomplete_expired" : "incomplete",
      periodStart: start,
      periodEnd: addMonths(start, 1),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      amountCents: checkout.amountCents,
      priceId: null,
    };
    const invoice = this.invoice(subscription, checkout.amountCents, paid ? checkout.paymentIntentId : null, {
      id: checkout.providerInvoiceId ?? demoId("in"),
      created: checkout.createdAt,
    });
    return { subscription, latestInvoice: invoice };
  }

  /** Stripe's proration, computed the same way (periods.ts): the quote is what changePlan charges. */
  async previewPlanChange(
    held: Gateway.HeldSubscription,
    plan: PaidPlan,
    prorationMs: number,
  ): Promise<Gateway.PlanChangeQuote> {
    const due = prorationCents(held.amountCents, PLANS[plan].priceCents, this.periodOf(held), prorationMs);
    return { amountTodayCents: Math.max(0, due), currency: "eur" };
  }

  async changePlan(
    held: Gateway.HeldSubscription,
    plan: PaidPlan,
    prorationMs: number,
  ): Promise<Gateway.SubscriptionState> {
    const price = PLANS[plan].priceCents;
    const due = prorationCents(held.amountCents, price, this.periodOf(held), prorationMs);
    const subscription = { ...this.snapshot(held), plan, amountCents: price };
    // An upgrade's difference is paid at once; a downgrade's credit is not carried over in the demo.
    const latestInvoice =
      due > 0
        ? this.invoice(
            subscription,
            due,
            demoId("pi"),
            { id: demoId("in"), created: this.nowIso() },
            {
              start: new Date(prorationMs).toISOString(),
              end: held.periodEnd,
            },
          )
        : null;
    return { subscription, latestInvoice };
  }

  async setCancelAtPeriodEnd(held: Gateway.HeldSubscription, cancel: boolean): Promise<Gateway.ProviderSubscription> {
    return { ...this.snapshot(held), cancelAtPeriodEnd: cancel, canceledAt: cancel ? this.nowIso() : null };
  }

  async setPaused(held: Gateway.HeldSubscription, paused: boolean): Promise<Gateway.ProviderSubscription> {
    return { ...this.snapshot(held), status: paused ? "paused" : "active" };
  }

  async cancelNow(held: Gateway.HeldSubscription): Promise<Gateway.ProviderSubscription> {
    return { ...this.snapshot(held), status: "canceled", canceledAt: this.nowIso() };
  }

  async refund() {
    return { id: demoId("re"), status: "succeeded" } as const;
  }

  /** The demo invoices are rendered by the Worker (invoice-pdf.ts). */
  async invoicePdf(): Promise<null> {
    return null;
  }

  private periodOf(held: Gateway.HeldSubscription) {
    return { start: held.periodStart, end: held.periodEnd };
  }

  private snapshot(held: Gateway.HeldSubscription): Gateway.ProviderSubscription {
    return {
      id: held.providerSubscriptionId,
      customerId: held.customerId ?? "",
      plan: held.plan,
      status: "active",
      periodStart: held.periodStart,
      periodEnd: held.periodEnd,
      cancelAtPeriodEnd: held.cancelAtPeriodEnd,
      canceledAt: null,
      amountCents: held.amountCents,
      priceId: null,
    };
  }

  private async fromRow(row: typeof subscriptions.$inferSelect): Promise<Gateway.SubscriptionState> {
    const [latest] = await this.db
      .select()
      .from(invoices)
      .where(eq(invoices.subscriptionId, row.id))
      .orderBy(desc(invoices.createdAt))
      .limit(1);
    const subscription: Gateway.ProviderSubscription = {
      id: row.stripeSubscriptionId!,
      customerId: row.stripeCustomerId ?? "",
      plan: row.plan as PaidPlan,
      status: row.status,
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      canceledAt: row.canceledAt,
      amountCents: row.amountCents,
      priceId: null,
    };
    const latestInvoice: Gateway.ProviderInvoice | null = latest
      ? {
          id: latest.stripeInvoiceId ?? latest.id,
          subscriptionId: subscription.id,
          customerId: subscription.customerId,
          number: latest.number,
          amountPaidCents: latest.amountPaidCents,
          amountDueCents: latest.amountDueCents,
          currency: latest.currency,
          status: latest.status,
          hostedUrl: latest.hostedInvoiceUrl,
          pdfUrl: latest.invoicePdfUrl,
          periodStart: latest.periodStart,
          periodEnd: latest.periodEnd,
          paymentIntentId: latest.paymentIntentId,
          paidAt: latest.paidAt,
          created: latest.createdAt,
        }
      : null;
    return { subscription, latestInvoice };
  }

  private invoice(
    subscription: Gateway.ProviderSubscription,
    amountCents: number,
    paymentIntentId: string | null,
    ids: { id: string; created: string },
    period = { start: subscription.periodStart, end: subscription.periodEnd },
  ): Gateway.ProviderInvoice {
    const paid = paymentIntentId !== null;
    return {
      id: ids.id,
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      number: null,
      amountPaidCents: paid ? amountCents : 0,
      amountDueCents: amountCents,
      currency: "eur",
      status: paid ? "paid" : "open",
      hostedUrl: null,
      pdfUrl: null,
      periodStart: period.start,
      periodEnd: period.end,
      paymentIntentId,
      paidAt: paid ? this.nowIso() : null,
      created: ids.created,
    };
  }
}
