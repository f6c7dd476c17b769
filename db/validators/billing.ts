// The plans contract (checkout and settings): the /api/stripe/... paths, their payloads and
// answers in snake_case, amounts in integer cents. The same routes serve Stripe and the demo
// provider (`provider` says which).
// Messages are i18n keys (db/i18n and edge/i18n, section "billing").
import { z } from "zod";
import {
  BILLING_PROVIDERS,
  INVOICE_STATUSES,
  PAID_PLANS,
  REFUND_REASONS,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
} from "../schema/enums";
import { idField } from "./ids";

/** A plan id in a path or body: any text here; the route answers 'Plan non trouvé' or 'Plan d'abonnement invalide'. */
const planText = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(32, "billing.planNotFound");

/** POST /api/stripe/create-payment-intent: plan, amount, currency, customer_email. The server prices the plan itself:
 * an amount or currency that disagrees with the plan is refused, and the email is the account's. */
export const createPaymentIntentBodySchema = z.object({
  plan: planText,
  amount: z.number({ error: "validation.formatInvalid" }).int("validation.formatInvalid"),
  currency: z.string({ error: "validation.required" }).trim().toLowerCase(),
  customer_email: z.string().max(254).optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

export const paymentIntentAnswerSchema = z
  .object({
    /** Stripe's PaymentIntent client secret (or the demo provider's look-alike). */
    client_secret: z.string(),
    payment_intent_id: z.string(),
    provider: z.enum(BILLING_PROVIDERS),
    /** Stripe's publishable key for the Payment Element; null with the demo provider. */
    publishable_key: z.string().nullable(),
    plan: z.enum(PAID_PLANS),
    amount: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: "PaymentIntent" });
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

/** Luhn's checksum, which every card number carries: a mistyped digit fails it. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** American Express numbers (34, 37) have a 4-digit security code; the others 3. */
const cvcLength = (cardNumber: string) => (/^3[47]/.test(cardNumber) ? 4 : 3);

/** "MM/AA" read as { month, year } (year in full), or null when it is not a month of a year. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : null;
}

/** A card is valid until the last day of its expiry month (UTC). */
export const isExpired = (expiry: { month: number; year: number }, nowMs: number) => {
  const now = new Date(nowMs);
  return expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
};

/** An empty field says only 'required' (abort: its other checks do not add their messages). */
const cardText = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required", abort: true });

/**
 * The card fields as a card form checks them, shared by the demo card form and the demo provider
 * (which refuses the same): the number (12 to 19 digits, spaces or dashes allowed, Luhn), the
 * expiry (MM/AA, not past) and the security code (3 digits, 4 for American Express).
 */
const cardFields = z.object({
  card_number: cardText
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, "billing.cardInvalid")
        .refine(passesLuhn, "billing.cardInvalid"),
    ),
  card_expiry: cardText
    .refine((value) => parseExpiry(value) !== null, "billing.cardExpiryInvalid")
    .refine((value) => {
      const expiry = parseExpiry(value);
      return expiry === null || !isExpired(expiry, Date.now());
    }, "billing.cardExpired"),
  card_cvc: cardText.pipe(z.string().regex(/^\d{3,4}$/, "billing.cardCvcInvalid")),
});

/** The code's length follows the card's brand (read from the number). */
const cvcFitsCard = (card: { card_number: string; card_cvc: string }, context: z.core.$RefinementCtx) => {
  if (card.card_cvc.length !== cvcLength(card.card_number))
    context.addIssue({ code: "custom", path: ["card_cvc"], message: "billing.cardCvcInvalid" });
};

export const cardDetailsSchema = cardFields.superRefine(cvcFitsCard);
export type CardDetails = z.input<typeof cardDetailsSchema>;

/** POST /api/stripe/demo/confirm-payment (demo provider only): the demo card form's submission.
 * Test numbers: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined (as Stripe's test cards). */
export const demoConfirmBodySchema = cardFields.extend({ payment_intent_id: idField }).superRefine(cvcFitsCard);

/** POST /api/stripe/activate-subscription: payment_intent_id (subscription_details are re-read from the provider). */
export const activateBodySchema = z.object({
  payment_intent_id: idField,
  subscription_details: z.unknown().optional(),
});

export const subscriptionSchema = z
  .object({
    id: z.string(),
    plan: z.enum(SUBSCRIPTION_PLANS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** UTC ISO-8601. */
    current_period_start: z.string(),
    current_period_end: z.string(),
    cancel_at_period_end: z.boolean(),
    /** Monthly price in cents. */
    amount: z.number().int(),
    currency: z.string(),
    provider: z.enum(BILLING_PROVIDERS),
    stripe_subscription_id: z.string().nullable(),
    stripe_customer_id: z.string().nullable(),
    /** The Discovery trial's bookings: included (5) and accepted so far; null on paid plans. */
    bookings_included: z.number().int().nullable(),
    bookings_used: z.number().int().nullable(),
  })
  .meta({ id: "Subscription" });
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;

/** GET /api/stripe/get-subscription: the caller's subscription in force, or null ('Aucun abonnement actif'). */
export const subscriptionAnswerSchema = z.object({ subscription: subscriptionSchema.nullable() });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    /** UTC ISO-8601. */
    created: z.string(),
    /** Cents, as Stripe's amount_paid: the list shows amount_paid / 100. */
    amount_paid: z.number().int(),
    amount_due: z.number().int(),
    currency: z.string(),
    status: z.enum(INVOICE_STATUSES),
    /** 'Voir': Stripe's hosted page, or our own rendering of the demo provider's invoice. */
    hosted_invoice_url: z.string().nullable(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    /** Cents refunded (the 14-day guarantee); 0 when none. */
    refunded: z.number().int(),
    refunded_at: z.string().nullable(),
    /** Paid less than 14 days ago and not refunded yet. */
    refundable: z.boolean(),
  })
  .meta({ id: "Invoice" });
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoicesAnswerSchema = z.object({ invoices: z.array(invoiceSchema) });

/** GET /api/stripe/verify-payment/{payment_intent} and POST activate-subscription: what the success page shows. */
export const paymentVerificationSchema = z
  .object({
    /**
     * succeeded: paid and the plan is on; processing: the bank has not answered yet; failed: refused;
     * refunded: paid while another paid plan was in force, so not switched on and refunded in full
     * (one paid plan per babysitter).
     */
    status: z.enum(["succeeded", "processing", "failed", "refunded"]),
    plan: z.enum(PAID_PLANS),
    plan_name: z.string(),
    /** Cents. */
    amount: z.number().int(),
    currency: z.string(),
    /** UTC ISO-8601; null until paid. */
    next_billing_date: z.string().nullable(),
    invoice_id: z.string().nullable(),
    invoice_number: z.string().nullable(),
    /** The transaction id shown on the page: the PaymentIntent's id. */
    transaction_id: z.string(),
    provider: z.enum(BILLING_PROVIDERS),
    /** In the caller's language: the refusal (failed), or why the payment was refunded (refunded); else null. */
    failure_message: z.string().nullable(),
  })
  .meta({ id: "PaymentVerification" });
export type PaymentVerification = z.infer<typeof paymentVerificationSchema>;

const subscriptionIdBody = { subscription_id: idField };

/** POST /api/stripe/modify-subscription: subscription_id, and new_price_id naming a paid plan (standard, premium).
 * `quoted_at` (our addition) is the preview's `applies_from`: the change is prorated at that instant
 * when it is recent (PLAN_CHANGE_QUOTE_MINUTES), so the charge is the amount shown. */
export const modifyBodySchema = z.object({
  ...subscriptionIdBody,
  new_price_id: planText,
  quoted_at: z.iso.datetime({ error: "validation.formatInvalid" }).optional(),
});

/** GET /api/stripe/preview-plan-change?subscription_id=…&plan=…: what a plan change would charge. */
export const planChangePreviewQuerySchema = z.object({ ...subscriptionIdBody, plan: planText });

export const planChangePreviewSchema = z
  .object({
    plan: z.enum(PAID_PLANS),
    /** Cents charged at once: the prorated difference for the rest of the period (0 for a downgrade). */
    amount_today: z.number().int(),
    currency: z.string(),
    /** UTC ISO-8601: the instant the new plan applies from (send it back as `quoted_at`). */
    applies_from: z.string(),
    /** Cents per month from the next billing date. */
    next_amount: z.number().int(),
    /** UTC ISO-8601: the end of the current period, when the new price is first billed in full. */
    next_billing_date: z.string(),
  })
  .meta({ id: "PlanChangePreview" });
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;
export const cancelBodySchema = z.object(subscriptionIdBody);
export const reactivateBodySchema = z.object(subscriptionIdBody);

/** POST /api/stripe/request-refund: the 14-day guarantee, on one of the caller's invoices. */
export const refundBodySchema = z.object({
  invoice_id: idField,
  reason: z.enum(REFUND_REASONS, { error: "validation.formatInvalid" }).default("customer_request"),
});

export const refundAnswerSchema = z.object({
  invoice: invoiceSchema,
  /** Every invoice refunded by this request: the current period's payments made less than 14 days ago. */
  refunded_invoices: z.array(invoiceSchema),
  /** What she is on afterwards: the Discovery trial with what remained of it, or null when none remained. */
  subscription: subscriptionSchema.nullable(),
});
