// The plans contract (money-and-operations §2 checkout and settings, §7 "The calls it makes"): the
// spec's /api/stripe/... paths keep their payloads; the answers are the spec's fields, amounts in
// integer cents. The same routes serve Stripe and the demo provider (`provider` says which).
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

/** POST /api/stripe/create-payment-intent: the spec's payload. The server prices the plan itself:
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

/** POST /api/stripe/demo/confirm-payment (demo provider only): the demo card form's submission. */
export const demoConfirmBodySchema = z.object({
  payment_intent_id: idField,
  /** Test numbers: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined (as with Stripe's test cards). */
  card_number: z
    .string({ error: "validation.required" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "billing.cardInvalid")),
});

/** POST /api/stripe/activate-subscription: the spec's payload; the details are re-read from the provider. */
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

/** POST /api/stripe/modify-subscription: the spec's payload; new_price_id names a paid plan (standard, premium). */
export const modifyBodySchema = z.object({ ...subscriptionIdBody, new_price_id: planText });
export const cancelBodySchema = z.object(subscriptionIdBody);
export const reactivateBodySchema = z.object(subscriptionIdBody);

/** POST /api/stripe/request-refund: the 14-day guarantee, on one of the caller's invoices. */
export const refundBodySchema = z.object({
  invoice_id: idField,
  reason: z.enum(REFUND_REASONS, { error: "validation.formatInvalid" }).default("customer_request"),
});

export const refundAnswerSchema = z.object({
  invoice: invoiceSchema,
  /** The subscription ends with the refund: null afterwards. */
  subscription: subscriptionSchema.nullable(),
});
