// The provider behind paying babysitters: Stripe Connect (an Express account per babysitter, a
// destination charge per sitting, the whole amount transferred to her: no application fee), or the
// demo provider when the Worker has no Stripe keys (never in production: lib/billing-config.ts).
import type Stripe from "stripe";
import { SITTING_PAYMENT_CURRENCY } from "@db/constants/payments";
import type { PayoutAccountStatus } from "@db/schema/enums";
import type { Env } from "../../env";
import { billingSettings, type StripeSettings } from "../../lib/billing-config";
import { paymentsUnavailable } from "../billing/gateway/gateways";
import { answered, stripeClient } from "../billing/gateway/stripe-gateway";

export type IntentState = { status: "pending" | "succeeded" | "failed"; failureMessage: string | null };

export type SittingIntentRequest = {
  bookingId: string;
  amountCents: number;
  destinationAccountId: string;
  /** The same key for the same booking and total: two tabs paying at once get one payment. */
  idempotencyKey: string;
};

export interface PaymentsGateway {
  readonly kind: "stripe" | "demo";
  readonly publishableKey: string | null;
  createPayoutAccount(owner: { profileId: string; email: string }): Promise<string>;
  /** Where she completes her details with the provider; null when nothing is left to fill in (demo). */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string | null>;
  payoutAccountStatus(accountId: string): Promise<PayoutAccountStatus>;
  /** A one-time link to her provider's dashboard (her payouts to her bank); null when there is none (demo). */
  dashboardLink(accountId: string): Promise<string | null>;
  createSittingIntent(request: SittingIntentRequest): Promise<{ id: string; clientSecret: string }>;
  updateSittingIntent(intentId: string, amountCents: number, idempotencyKey: string): Promise<void>;
  clientSecretOf(intentId: string): Promise<string>;
  sittingIntentState(intentId: string): Promise<IntentState>;
  /** Gives the whole payment back to the family, taking it back from the sitter's account. */
  refundSittingPayment(intentId: string, idempotencyKey: string): Promise<void>;
}

/** An Express account's state: enabled once it can take card payments and be paid out. */
/** Details given but held back by Stripe (a document to check, a missing field): restricted. */
export function accountStatusOf(
  account: Pick<Stripe.Account, "charges_enabled" | "payouts_enabled" | "details_submitted">,
): PayoutAccountStatus {
  if (account.charges_enabled && account.payouts_enabled) return "enabled";
  return account.details_submitted ? "restricted" : "pending";
}

export class StripePaymentsGateway implements PaymentsGateway {
  readonly kind = "stripe" as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.stripe = stripeClient(settings);
  }

  async createPayoutAccount(owner: { profileId: string; email: string }): Promise<string> {
    const account = await answered(
      this.stripe.accounts.create(
        {
          type: "express",
          country: "FR",
          email: owner.email,
          business_type: "individual",
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { profile_id: owner.profileId },
        },
        // One account per babysitter, even when she clicks twice.
        { idempotencyKey: `payout-account-${owner.profileId}` },
      ),
    );
    return account.id;
  }

  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    const link = await answered(
      this.stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      }),
    );
    return link.url;
  }

  async payoutAccountStatus(accountId: string): Promise<PayoutAccountStatus> {
    return accountStatusOf(await answered(this.stripe.accounts.retrieve(accountId)));
  }

  async dashboardLink(accountId: string): Promise<string> {
    return (await answered(this.stripe.accounts.createLoginLink(accountId))).url;
  }

  async createSittingIntent(request: SittingIntentRequest) {
    const intent = await answered(
      this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: SITTING_PAYMENT_CURRENCY,
          automatic_payment_methods: { enabled: true },
          // A destination charge: the whole amount is transferred to her account (no application fee).
          transfer_data: { destination: request.destinationAccountId },
          metadata: { kind: "sitting", booking_id: request.bookingId },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? "" };
  }

  async updateSittingIntent(intentId: string, amountCents: number, idempotencyKey: string) {
    await answered(this.stripe.paymentIntents.update(intentId, { amount: amountCents }, { idempotencyKey }));
  }

  async clientSecretOf(intentId: string) {
    return (await answered(this.stripe.paymentIntents.retrieve(intentId))).client_secret ?? "";
  }

  async sittingIntentState(intentId: string): Promise<IntentState> {
    return intentStateOf(await answered(this.stripe.paymentIntents.retrieve(intentId)));
  }

  async refundSittingPayment(intentId: string, idempotencyKey: string) {
    // A destination charge's refund comes from the platform's balance: reverse_transfer takes the
    // amount back from her account, so Veilleuse never pays out of pocket for a sitter's refund.
    await answered(
      this.stripe.refunds.create({ payment_intent: intentId, reverse_transfer: true }, { idempotencyKey }),
    );
  }
}

export function intentStateOf(intent: Pick<Stripe.PaymentIntent, "status" | "last_payment_error">): IntentState {
  if (intent.status === "succeeded") return { status: "succeeded", failureMessage: null };
  if (intent.last_payment_error) return { status: "failed", failureMessage: intent.last_payment_error.message ?? null };
  return { status: "pending", failureMessage: null };
}

const compact = (id: string) => id.replaceAll("-", "");

/**
 * The demo provider keeps no state of its own: her account is enabled at once (there are no details
 * to give), a payment's state is our row's (sitting-payments.ts pays it with the demo card form).
 * Ids are derived from ours, so two tabs starting the same payment name the same one.
 */
export class DemoPaymentsGateway implements PaymentsGateway {
  readonly kind = "demo" as const;
  readonly publishableKey = null;

  async createPayoutAccount(owner: { profileId: string }) {
    return `demo_acct_${compact(owner.profileId)}`;
  }
  async onboardingLink() {
    return null;
  }
  async payoutAccountStatus() {
    return "enabled" as const;
  }
  async dashboardLink() {
    return null;
  }
  async createSittingIntent(request: SittingIntentRequest) {
    const id = `demo_pi_${compact(request.bookingId)}`;
    return { id, clientSecret: `${id}_secret` };
  }
  async updateSittingIntent() {}
  async clientSecretOf(intentId: string) {
    return `${intentId}_secret`;
  }
  async sittingIntentState(): Promise<IntentState> {
    return { status: "pending", failureMessage: null };
  }
  async refundSittingPayment() {}
}

export function paymentsGateway(env: Env): PaymentsGateway {
  const settings = billingSettings(env);
  if (settings.kind === "stripe") return new StripePaymentsGateway(settings);
  if (settings.kind === "demo") return new DemoPaymentsGateway();
  throw paymentsUnavailable();
}
