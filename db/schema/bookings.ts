// Bookings and the children they cover. The API still exposes children_ids;
// the join table gives those ids real foreign keys.
// A sitter never has two live (pending or confirmed) bookings that overlap: triggers of migration
// 0003_booking_overlap_trigger refuse such a row with RAISE(ABORT, 'booking_overlap'). SQLite drops
// a table's triggers with the table: a migration that rebuilds `bookings` must create them again.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, primaryKey } from "drizzle-orm/sqlite-core";
import { profiles, children } from "./profiles";
import { BOOKING_CANCEL_REASONS, BOOKING_CANCELLERS, BOOKING_STATUSES, SITTING_HOURS_STATUSES } from "./enums";
import { createdAt, updatedAt, uuidPk } from "./columns";
import { atLeast, atMost, between, lengthOf, nullOr, oneOf } from "./checks";
import { HOURLY_RATE_MAX_CENTS, HOURLY_RATE_MIN_CENTS, SPECIAL_INSTRUCTIONS_MAX_LENGTH } from "../constants/limits";

export const bookings = sqliteTable(
  "bookings",
  {
    id: uuidPk(),
    parentId: text("parent_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    babysitterId: text("babysitter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    /** The rate at booking time: later rate changes never alter an agreed price. */
    hourlyRateCents: integer("hourly_rate_cents").notNull(),
    totalAmountCents: integer("total_amount_cents").notNull(),
    specialInstructions: text("special_instructions"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    /** When the sitter accepted or declined (the public profile's response time); null until then. */
    respondedAt: text("responded_at"),
    /** When the 24-hour reminder went to both parties (claimed by the cron, so it goes once). */
    remindedAt: text("reminded_at"),
    /** Who ended it and why, set with status 'cancelled' (null on rows cancelled before 0018).
     * No CHECK here: adding one makes SQLite rebuild the table, which drops the overlap triggers;
     * the values come from the typed enums of db/schema/enums.ts. */
    cancelledBy: text("cancelled_by", { enum: BOOKING_CANCELLERS }),
    cancelReason: text("cancel_reason", { enum: BOOKING_CANCEL_REASONS }),
    /** The sitting itself (services/bookings/sitting.ts): the sitter's one-tap arrival and departure. */
    checkedInAt: text("checked_in_at"),
    checkedOutAt: text("checked_out_at"),
    /**
     * With her consent, how far (metres) her position was from the family's at each tap: only the
     * distance is kept, never the position. Null when she did not share it.
     */
    checkInDistanceM: integer("check_in_distance_m"),
    checkOutDistanceM: integer("check_out_distance_m"),
    /** When the parent was alerted that nobody had checked in (claimed by the cron, so it goes once). */
    noShowAlertedAt: text("no_show_alerted_at"),
    /**
     * The real hours (services/bookings/sitting-hours.ts): the times the babysitter declared after
     * the sitting, and where the parent's answer stands. Null until she declares them. No CHECK (see
     * cancelledBy): the status comes from the typed enum.
     */
    hoursStart: text("hours_start"),
    hoursEnd: text("hours_end"),
    hoursStatus: text("hours_status", { enum: SITTING_HOURS_STATUSES }),
    hoursProposedAt: text("hours_proposed_at"),
    hoursAnsweredAt: text("hours_answered_at"),
    /**
     * A confirmed sitting the parent cancelled less than 24 hours before its start: what she owes the
     * babysitter for it (booking-cancellation-rules.ts), paid like a sitting. Null otherwise. No CHECK
     * (see cancelledBy): the server computes it.
     */
    lateCancelFeeCents: integer("late_cancel_fee_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("bookings_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("bookings_rate_check", between(t.hourlyRateCents, HOURLY_RATE_MIN_CENTS, HOURLY_RATE_MAX_CENTS)),
    check("bookings_total_check", atLeast(t.totalAmountCents, 0)),
    check("bookings_parties_check", sql`${t.parentId} <> ${t.babysitterId}`),
    check(
      "bookings_special_instructions_check",
      nullOr(t.specialInstructions, atMost(lengthOf(t.specialInstructions), SPECIAL_INSTRUCTIONS_MAX_LENGTH)),
    ),
    index("bookings_parent_start_idx").on(t.parentId, t.startTime),
    index("bookings_babysitter_start_idx").on(t.babysitterId, t.startTime),
    index("bookings_overlap_idx").on(t.babysitterId, t.status, t.startTime, t.endTime),
    // The admin Geography's requests and answers of a period.
    index("bookings_created_idx").on(t.createdAt),
    index("bookings_responded_idx").on(t.respondedAt),
    /** The console dashboard's requests of a period, their value and parents, and the sitters who
     * answered in a period, from the indexes alone. */
    index("bookings_created_value_idx").on(t.createdAt, t.status, t.totalAmountCents, t.parentId),
    index("bookings_responded_sitter_idx").on(t.respondedAt, t.babysitterId),
  ],
);

export const bookingChildren = sqliteTable(
  "booking_children",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.childId] }), index("booking_children_child_idx").on(t.childId)],
);
