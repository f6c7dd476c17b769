// Babysitter plans on Stripe Billing (or the demo provider): subscriptions, invoices, refunds,
// and the processed webhook event ids that make the webhook idempotent.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, primaryKey, uniqueIndex } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import {
  BILLING_CYCLES,
  BILLING_PROVIDERS,
  CHECKOUT_STATUSES,
  INVOICE_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
} from "./enums";
import { PLAN_CURRENCY } from "../constants/plans";
import { createdAt, NOW_ISO, updatedAt, uuidPk } from "./columns";
import { above, atLeast, nullOr, oneOf } from "./checks";

/**
 * A paid plan in force: every status but canceled (active, past_due while the card is retried,
 * paused, trialing). A babysitter has at most one (subscriptions_one_paid_plan_idx): a second paid
 * plan is never switched on, its payment is refunded (services/billing/checkout.ts).
 */
export const PAID_PLAN_IN_FORCE_STATUSES = ["active", "past_due", "paused", "trialing"] as const;

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: uuidPk(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: SUBSCRIPTION_PLANS }).notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodStart: text("current_period_start").notNull(),
    currentPeriodEnd: text("current_period_end").notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    billingCycle: text("billing_cycle", { enum: BILLING_CYCLES }).notNull().default("monthly"),
    amountCents: integer("amount_cents").notNull().default(0),
    currency: text("currency").notNull().default(PLAN_CURRENCY),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    stripePriceId: text("stripe_price_id"),
    /** Bookings the plan includes (5 for the discovery trial); null = unlimited. */
    bookingsIncluded: integer("bookings_included"),
    /** Masked card shown to admins, e.g. "•••• 4242". */
    paymentMethod: text("payment_method"),
    canceledAt: text("canceled_at"),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull().default("demo"),
    /**
     * When the provider produced the state stored here (Stripe's event.created, in seconds): an
     * older webhook event arriving late never overwrites a newer state.
     */
    providerSyncedAt: integer("provider_synced_at"),
    /** The period end the 3-day renewal notice was recorded for: one notice per period. */
    renewalNoticePeriodEnd: text("renewal_notice_period_end"),
    /**
     * When a change of this plan (price swap, cancel, reactivate) was claimed: one change in flight
     * at a time; null when none. A claim older than the stale timeout is a crashed request's.
     */
    planChangeStartedAt: text("plan_change_started_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("subscriptions_plan_check", oneOf(t.plan, SUBSCRIPTION_PLANS)),
    check("subscriptions_status_check", oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check("subscriptions_cycle_check", oneOf(t.billingCycle, BILLING_CYCLES)),
    check("subscriptions_provider_check", oneOf(t.provider, BILLING_PROVIDERS)),
    check("subscriptions_amount_check", atLeast(t.amountCents, 0)),
    check("subscriptions_period_check", sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
    check("subscriptions_bookings_included_check", nullOr(t.bookingsIncluded, atLeast(t.bookingsIncluded, 0))),
    index("subscriptions_profile_idx").on(t.profileId, t.createdAt),
    // Each sitter's paid plans in order (her funnel steps, recomputed at each write of her plans), from the index alone.
    index("subscriptions_profile_plan_idx").on(t.profileId, t.createdAt, t.plan, t.status),
    index("subscriptions_status_idx").on(t.status),
    // The console's Subscriptions list in its default order (newest first, the id between plans of
    // one instant): a page, and each page of its CSV, is one range here instead of a sort of every plan.
    index("subscriptions_created_id_idx").on(t.createdAt, t.id),
    // One paid plan in force per babysitter: a second one racing in (two checkouts paid at once)
    // is refused by the database, whatever the code above it checked.
    uniqueIndex("subscriptions_one_paid_plan_idx")
      .on(t.profileId)
      .where(sql`${t.plan} <> 'discovery' AND ${oneOf(t.status, PAID_PLAN_IN_FORCE_STATUSES)}`),
  ],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: uuidPk(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    number: text("number").notNull().unique(),
    /** Gapless issue order of our invoices (VEI-2026-000042 is sequence 42), set by the INSERT itself. */
    sequence: integer("sequence").unique(),
    amountPaidCents: integer("amount_paid_cents").notNull().default(0),
    amountDueCents: integer("amount_due_cents").notNull().default(0),
    currency: text("currency").notNull().default(PLAN_CURRENCY),
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    hostedInvoiceUrl: text("hosted_invoice_url"),
    invoicePdfUrl: text("invoice_pdf_url"),
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    periodStart: text("period_start"),
    periodEnd: text("period_end"),
    /** The payment that settled it (what a refund refers to). */
    paymentIntentId: text("payment_intent_id"),
    paidAt: text("paid_at"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundedAt: text("refunded_at"),
    /**
     * When a refund of it was claimed (before the provider is asked): one refund in flight; cleared
     * when it fails or is recorded. A claim older than the stale timeout is a crashed request's.
     */
    refundClaimedAt: text("refund_claimed_at"),
    /** When its owner was sent the invoice email (the paymentSucceeded notice): claimed once. */
    notifiedAt: text("notified_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("invoices_status_check", oneOf(t.status, INVOICE_STATUSES)),
    check("invoices_amount_paid_check", atLeast(t.amountPaidCents, 0)),
    check("invoices_amount_due_check", atLeast(t.amountDueCents, 0)),
    check("invoices_refunded_check", sql`${t.refundedCents} BETWEEN 0 AND ${t.amountPaidCents}`),
    index("invoices_profile_created_idx").on(t.profileId, t.createdAt),
    index("invoices_subscription_idx").on(t.subscriptionId),
    // The admin Geography's revenue of a period: paid invoices by when they were paid.
    index("invoices_paid_idx")
      .on(sql`coalesce(${t.paidAt}, ${t.createdAt})`)
      .where(sql`${t.status} = 'paid'`),
    // The invoice emails still to send (services/billing/invoice-notices.ts, every cron run): a few rows at most.
    index("invoices_unnotified_idx")
      .on(t.profileId)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);

export const refunds = sqliteTable(
  "refunds",
  {
    id: uuidPk(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    invoiceId: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default(PLAN_CURRENCY),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    note: text("note"),
    stripeRefundId: text("stripe_refund_id").unique(),
    /** The admin who issued it; kept as history if that profile goes. */
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    /**
     * An admin refund's request key (the console's dialog makes one when it opens): the same key
     * twice is one refund (services/admin/subscriptions.ts). Null for the 14-day guarantee's refunds.
     */
    requestKey: text("request_key"),
    createdAt: createdAt(),
  },
  (t) => [
    check("refunds_amount_check", above(t.amountCents, 0)),
    check("refunds_reason_check", oneOf(t.reason, REFUND_REASONS)),
    check("refunds_status_check", oneOf(t.status, REFUND_STATUSES)),
    index("refunds_subscription_idx").on(t.subscriptionId),
    // The 14-day guarantee refunds an invoice once, in full. An admin may refund part of an invoice,
    // and later another part: one row per admin request and invoice.
    uniqueIndex("refunds_guarantee_invoice_unique")
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} IS NOT NULL AND ${t.requestKey} IS NULL`),
    uniqueIndex("refunds_request_invoice_unique")
      .on(t.requestKey, t.invoiceId)
      .where(sql`${t.requestKey} IS NOT NULL`),
  ],
);

/** The billing provider's customer for a babysitter (one per profile and provider). */
export const billingCustomers = sqliteTable(
  "billing_customers",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull(),
    customerId: text("customer_id").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.provider] }),
    check("billing_customers_provider_check", oneOf(t.provider, BILLING_PROVIDERS)),
  ],
);

/**
 * The first payment of a paid plan, from the checkout page to its confirmation. The subscription
 * row is written only once it is paid; a pending checkout is reused rather than billed twice.
 */
export const checkouts = sqliteTable(
  "checkouts",
  {
    id: uuidPk(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: SUBSCRIPTION_PLANS }).notNull(),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull(),
    paymentIntentId: text("payment_intent_id").notNull().unique(),
    clientSecret: text("client_secret").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerInvoiceId: text("provider_invoice_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default(PLAN_CURRENCY),
    status: text("status", { enum: CHECKOUT_STATUSES }).notNull().default("pending"),
    failureMessage: text("failure_message"),
    subscriptionId: text("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /**
     * Paid while another paid plan was in force: its refund was claimed (once, before the provider
     * is asked) and then done. Such a checkout never switches its plan on.
     */
    refundClaimedAt: text("refund_claimed_at"),
    refundedAt: text("refunded_at"),
    createdAt: createdAt(),
    completedAt: text("completed_at"),
  },
  (t) => [
    check("checkouts_plan_check", oneOf(t.plan, SUBSCRIPTION_PLANS)),
    check("checkouts_provider_check", oneOf(t.provider, BILLING_PROVIDERS)),
    check("checkouts_status_check", oneOf(t.status, CHECKOUT_STATUSES)),
    check("checkouts_amount_check", above(t.amountCents, 0)),
    index("checkouts_profile_idx").on(t.profileId, t.status, t.createdAt),
  ],
);

/** Stripe webhook events already handled: a replayed event id is acknowledged and skipped. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: text("processed_at").notNull().default(NOW_ISO),
});
