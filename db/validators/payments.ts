// Paying a babysitter (docs/payments.md): her payout account, a sitting's payment as both parties
// see it, and what the parent sends (the tip only: the amount owed is the server's).
// Messages are i18n keys (db/i18n and edge/i18n, section "payments").
import { z } from "zod";
import { TIP_MAX_CENTS } from "../constants/payments";
import {
  BANK_PAYOUT_STATUSES,
  BILLING_PROVIDERS,
  PAYOUT_ACCOUNT_STATUSES,
  SITTING_PAYMENT_METHODS,
} from "../schema/enums";
import { cardDetailsSchema } from "./billing";

export const payoutAccountSchema = z
  .object({
    status: z
      .enum(["none", ...PAYOUT_ACCOUNT_STATUSES])
      .describe(
        "none (never opened), pending (details to give), enabled (paid by card), restricted (the provider holds it).",
      ),
    provider: z.enum(BILLING_PROVIDERS).nullable(),
  })
  .meta({ id: "PayoutAccount" });
export type PayoutAccountDto = z.infer<typeof payoutAccountSchema>;

export const payoutOnboardingSchema = z
  .object({
    account: payoutAccountSchema,
    onboarding_url: z
      .string()
      .nullable()
      .describe("The provider's page where she gives her details and bank account; null when nothing is left."),
  })
  .meta({ id: "PayoutOnboarding" });

export const SITTING_PAYMENT_STATES = ["due", "pending", "failed", "succeeded", "outside", "refunded"] as const;
export type SittingPaymentState = (typeof SITTING_PAYMENT_STATES)[number];

/** What a booking's payment is for: the hours of a sitting, or the fee of a late cancellation. */
export const SITTING_PAYMENT_KINDS = ["sitting", "late_cancellation"] as const;

/**
 * A booking's payment once something is owed: the hours that stand (confirmed, confirmed without
 * answer, or adjusted by the team), or the fee of a confirmed sitting the parent cancelled late.
 */
export const sittingPaymentSchema = z
  .object({
    kind: z.enum(SITTING_PAYMENT_KINDS),
    state: z
      .enum(SITTING_PAYMENT_STATES)
      .describe(
        "due (nothing started), pending (card form open), failed (card refused: another may be tried), succeeded, outside (settled outside Veilleuse), refunded (in full, to the family).",
      ),
    method: z.enum(SITTING_PAYMENT_METHODS).nullable(),
    amount_cents: z.number().int().describe("What the hours that stand come to, or the late cancellation fee."),
    tip_cents: z.number().int(),
    total_cents: z.number().int(),
    paid_at: z.string().nullable(),
    refunded_at: z.string().nullable(),
    disputed: z.boolean().describe("The family's bank opened a dispute on the card payment."),
    payouts_ready: z.boolean().describe("The babysitter can be paid by card (her payout account is enabled)."),
    can_refund: z
      .boolean()
      .describe("The caller (the babysitter) may refund this card payment to the family, in full."),
  })
  .meta({ id: "SittingPayment" });
export type SittingPaymentDto = z.infer<typeof sittingPaymentSchema>;

/** POST /api/bookings/{id}/payment: the tip, in whole euros as cents (0 for none). */
export const startSittingPaymentBodySchema = z
  .object({
    tip_cents: z
      .number({ error: "validation.formatInvalid" })
      .int("validation.formatInvalid")
      .min(0, "payments.tipInvalid")
      .max(TIP_MAX_CENTS, "payments.tipInvalid")
      .refine((cents) => cents % 100 === 0, "payments.tipInvalid")
      .default(0),
  })
  .strict();

export const sittingPaymentIntentSchema = z
  .object({
    provider: z.enum(BILLING_PROVIDERS),
    payment_intent_id: z.string(),
    client_secret: z.string(),
    publishable_key: z.string().nullable(),
    amount_cents: z.number().int(),
    tip_cents: z.number().int(),
    total_cents: z.number().int(),
  })
  .meta({ id: "SittingPaymentIntent" });
export type SittingPaymentIntent = z.infer<typeof sittingPaymentIntentSchema>;

/** POST /api/bookings/{id}/payment/demo-confirm (demo provider only): the demo card form. */
export const sittingDemoCardBodySchema = cardDetailsSchema;

/** GET /api/payouts/payments: what the babysitter was paid, newest first, and the totals. */
export const receivedPaymentsSchema = z
  .object({
    payments: z.array(
      z.object({
        booking_id: z.string(),
        sitting_start: z.string(),
        family: z.string().describe("The family's first name and initial."),
        method: z.enum(SITTING_PAYMENT_METHODS),
        amount_cents: z.number().int(),
        tip_cents: z.number().int(),
        paid_at: z.string(),
        refunded: z.boolean().describe("Refunded in full to the family: counted in no total."),
      }),
    ),
    card_total_cents: z.number().int().describe("Paid by card through Veilleuse, tips included: all of it is hers."),
    outside_total_cents: z.number().int(),
    bank_payouts: z
      .array(
        z.object({
          amount_cents: z.number().int(),
          status: z.enum(BANK_PAYOUT_STATUSES),
          arrival_date: z.string().describe("The day her bank receives it (YYYY-MM-DD)."),
          failure_message: z.string().nullable(),
        }),
      )
      .describe("Transfers from her payout account to her bank, newest first (Stripe's payouts; none in demo)."),
  })
  .meta({ id: "ReceivedPayments" });
export type ReceivedPayments = z.infer<typeof receivedPaymentsSchema>;

export const dashboardLinkSchema = z
  .object({ url: z.string().describe("A one-time link to her Stripe Express dashboard: payouts to her bank.") })
  .meta({ id: "PayoutDashboardLink" });
