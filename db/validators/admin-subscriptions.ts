// The admin console's Subscriptions section contract: the list (search on the babysitter's name,
// email and city; status and plan filters; sort; pages) with its four stat cards, the same rows as
// CSV, and the actions: suspend (paused) and reactivate, and the refund (an amount up to what was
// paid and not yet refunded, one of five reasons, and the dialog's request key: the same key twice
// is one refund).
import { z } from "zod";
import { REFUND_REASONS, SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES, BILLING_CYCLES } from "../schema/enums";
import { idParam } from "./ids";
import { CSV_EXPORT_FIELDS, LIST_PAGE_FIELDS, SORT_DIRECTIONS } from "./admin-users";

export const SUBSCRIPTION_SORTS = ["created", "amount", "next_billing", "name"] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];
const invalid = { error: "validation.formatInvalid" };

export const subscriptionFiltersSchema = z.object({
  q: z.string().trim().max(100, "validation.formatInvalid").optional(),
  status: z.enum(SUBSCRIPTION_STATUSES, invalid).optional(),
  plan: z.enum(SUBSCRIPTION_PLANS, invalid).optional(),
  sort: z.enum(SUBSCRIPTION_SORTS, invalid).default("created"),
  dir: z.enum(SORT_DIRECTIONS, invalid).default("desc"),
});
export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;

export const subscriptionsQuerySchema = subscriptionFiltersSchema.extend(LIST_PAGE_FIELDS).strict();
export type SubscriptionsQuery = z.infer<typeof subscriptionsQuerySchema>;

export const subscriptionsExportQuerySchema = subscriptionFiltersSchema.extend(CSV_EXPORT_FIELDS).strict();
export type SubscriptionsExportQuery = z.infer<typeof subscriptionsExportQuerySchema>;

export const adminSubscriptionRowSchema = z
  .object({
    id: z.string(),
    /** The babysitter's profile id (her page: /admin/users/{user_id}). */
    user_id: z.string(),
    user_name: z.string(),
    user_email: z.string(),
    city: z.string().nullable(),
    plan: z.enum(SUBSCRIPTION_PLANS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** Cents per billing cycle. */
    amount_cents: z.number().int(),
    currency: z.string(),
    billing_cycle: z.enum(BILLING_CYCLES),
    start_date: z.string(),
    /** The next charge: the period's end, unless the plan is ending (cancelled, or cancelling at the period's end). */
    next_billing: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    total_paid_cents: z.number().int(),
    refunded_cents: z.number().int(),
    last_payment: z.string().nullable(),
    /** Masked card, e.g. "•••• 4242". */
    payment_method: z.string().nullable(),
    provider: z.string(),
  })
  .meta({ id: "AdminSubscriptionRow" });
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowSchema>;

export const adminSubscriptionsPageSchema = z.object({
  rows: z.array(adminSubscriptionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The four stat cards, over every subscription (not the filters). */
  stats: z.object({
    /** Paid plans in force (active or past due). */
    paid_active: z.number().int(),
    /** Monthly recurring revenue of those plans, in cents. */
    mrr_cents: z.number().int(),
    trialing: z.number().int(),
    past_due: z.number().int(),
  }),
});
export type AdminSubscriptionsPage = z.infer<typeof adminSubscriptionsPageSchema>;

export const adminSubscriptionParamsSchema = z.object({ subscriptionId: idParam });

export const adminRefundBodySchema = z
  .object({
    amount_cents: z
      .number({ error: "validation.refundAmountInvalid" })
      .int("validation.refundAmountInvalid")
      .positive("validation.refundAmountInvalid"),
    reason: z.enum(REFUND_REASONS, { error: "validation.refundReasonRequired" }),
    /** Made by the dialog when it opens (a UUID): a second click sends the same one. */
    request_key: idParam,
  })
  .strict();
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;

export const adminSubscriptionActionSchema = z.object({
  subscription: adminSubscriptionRowSchema,
  changed: z.boolean(),
});
export type AdminSubscriptionAction = z.infer<typeof adminSubscriptionActionSchema>;

export const adminRefundSchema = z.object({
  subscription: adminSubscriptionRowSchema,
  /** What this request refunded, over all its invoices. */
  refunded_cents: z.number().int(),
  /** True when this answer replays an earlier request with the same key. */
  replayed: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
