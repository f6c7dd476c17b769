// Paying babysitters (docs/payments.md): each sitter's payout account with the provider (Stripe
// Connect Express, or the demo provider), and one payment per booking, by card through Veilleuse or
// marked as settled outside it. The whole amount goes to the babysitter: Veilleuse takes no fee.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { bookings } from "./bookings";
import {
  BANK_PAYOUT_STATUSES,
  BILLING_PROVIDERS,
  PAYOUT_ACCOUNT_STATUSES,
  SITTING_PAYMENT_METHODS,
  SITTING_PAYMENT_STATUSES,
} from "./enums";
import { SITTING_PAYMENT_CURRENCY, TIP_MAX_CENTS } from "../constants/payments";
import { createdAt, updatedAt, uuidPk } from "./columns";
import { atLeast, between, oneOf } from "./checks";

export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull(),
    /** The provider's account id (Stripe's acct_…). */
    accountId: text("account_id").notNull().unique(),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default("pending"),
    /** The provider's own time for the state stored here (Stripe's event.created): no older state wins. */
    providerSyncedAt: integer("provider_synced_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payout_accounts_provider_check", oneOf(t.provider, BILLING_PROVIDERS)),
    check("payout_accounts_status_check", oneOf(t.status, PAYOUT_ACCOUNT_STATUSES)),
  ],
);

export const sittingPayments = sqliteTable(
  "sitting_payments",
  {
    id: uuidPk(),
    /** One payment per booking: the database refuses a second, whatever two tabs send at once. */
    bookingId: text("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    parentId: text("parent_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    babysitterId: text("babysitter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    method: text("method", { enum: SITTING_PAYMENT_METHODS }).notNull(),
    status: text("status", { enum: SITTING_PAYMENT_STATUSES }).notNull(),
    /** What the hours that stand come to (computed by the server when the payment started). */
    amountCents: integer("amount_cents").notNull(),
    tipCents: integer("tip_cents").notNull().default(0),
    currency: text("currency").notNull().default(SITTING_PAYMENT_CURRENCY),
    /** The provider's payment (Stripe's PaymentIntent); null for a sitting settled outside. */
    paymentIntentId: text("payment_intent_id").unique(),
    /** The babysitter's payout account the money goes to. */
    destinationAccountId: text("destination_account_id"),
    failureMessage: text("failure_message"),
    paidAt: text("paid_at"),
    /** When the whole payment went back to the family (status 'refunded'). */
    refundedAt: text("refunded_at"),
    /** When the family's bank opened a dispute on the card payment (Stripe's charge.dispute.created). */
    disputedAt: text("disputed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("sitting_payments_method_check", oneOf(t.method, SITTING_PAYMENT_METHODS)),
    check("sitting_payments_status_check", oneOf(t.status, SITTING_PAYMENT_STATUSES)),
    check("sitting_payments_amount_check", atLeast(t.amountCents, 0)),
    check("sitting_payments_tip_check", between(t.tipCents, 0, TIP_MAX_CENTS)),
    // Settled outside: no card payment, no tip through us; a card payment always names its provider's payment.
    check(
      "sitting_payments_outside_check",
      sql`(${t.method} = 'outside') = (${t.status} = 'outside') AND (${t.method} = 'outside' OR ${t.paymentIntentId} IS NOT NULL)`,
    ),
    index("sitting_payments_parent_idx").on(t.parentId, t.createdAt),
    index("sitting_payments_babysitter_idx").on(t.babysitterId, t.createdAt),
  ],
);

/**
 * The transfers from a babysitter's payout account to her bank, as the provider reports them
 * (Stripe's payout.paid and payout.failed on her connected account): one row per payout, never
 * overwritten by an older event (provider_event_at is the event's own time).
 */
export const bankPayouts = sqliteTable(
  "bank_payouts",
  {
    id: uuidPk(),
    /** The provider's payout (Stripe's po_…). */
    payoutId: text("payout_id").notNull().unique(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default(SITTING_PAYMENT_CURRENCY),
    status: text("status", { enum: BANK_PAYOUT_STATUSES }).notNull(),
    /** The day the bank receives it (YYYY-MM-DD, Paris). */
    arrivalDate: text("arrival_date").notNull(),
    failureMessage: text("failure_message"),
    providerEventAt: integer("provider_event_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bank_payouts_status_check", oneOf(t.status, BANK_PAYOUT_STATUSES)),
    check("bank_payouts_amount_check", atLeast(t.amountCents, 0)),
    index("bank_payouts_profile_idx").on(t.profileId, t.arrivalDate),
  ],
);
