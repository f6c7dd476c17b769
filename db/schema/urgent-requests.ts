// Urgent requests: a family's one request (date, hours, children, address) sent to several
// babysitters at once, or to an agency's roster; the first to accept gets the booking.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, primaryKey } from "drizzle-orm/sqlite-core";
import { agencies } from "./agencies";
import { bookings } from "./bookings";
import { children, profiles } from "./profiles";
import { URGENT_REQUEST_STATUSES } from "./enums";
import { createdAt, updatedAt, uuidPk } from "./columns";
import { atMost, lengthOf, nullOr, oneOf } from "./checks";
import { ADDRESS_MAX_LENGTH, SPECIAL_INSTRUCTIONS_MAX_LENGTH } from "../constants/limits";

export const urgentRequests = sqliteTable(
  "urgent_requests",
  {
    id: uuidPk(),
    parentId: text("parent_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Sent to this agency's roster rather than to favourites and matches. */
    agencyId: text("agency_id").references(() => agencies.id, { onDelete: "set null" }),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    address: text("address").notNull(),
    specialInstructions: text("special_instructions"),
    status: text("status", { enum: URGENT_REQUEST_STATUSES }).notNull().default("open"),
    /** The sitting the first sitter to accept got, and who she is. */
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    filledBy: text("filled_by").references(() => profiles.id, { onDelete: "set null" }),
    /** How far from the family the current wave looked. */
    radiusKm: integer("radius_km").notNull(),
    /** When the cron sent the second wave (null until then). */
    widenedAt: text("widened_at"),
    closedAt: text("closed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("urgent_requests_status_check", oneOf(t.status, URGENT_REQUEST_STATUSES)),
    check("urgent_requests_address_check", atMost(lengthOf(t.address), ADDRESS_MAX_LENGTH)),
    check(
      "urgent_requests_instructions_check",
      nullOr(t.specialInstructions, atMost(lengthOf(t.specialInstructions), SPECIAL_INSTRUCTIONS_MAX_LENGTH)),
    ),
    check("urgent_requests_times_check", sql`${t.endTime} > ${t.startTime}`),
    /** The cron's two sweeps: open requests to widen (by age), and to expire (by start). */
    index("urgent_requests_open_created_idx").on(t.status, t.widenedAt, t.createdAt),
    index("urgent_requests_open_start_idx").on(t.status, t.startTime),
    index("urgent_requests_parent_idx").on(t.parentId, t.createdAt),
  ],
);

export const urgentRequestChildren = sqliteTable(
  "urgent_request_children",
  {
    requestId: text("request_id")
      .notNull()
      .references(() => urgentRequests.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.childId] })],
);

/** Who a request reached, in which wave, and whether she said no. */
export const urgentRequestRecipients = sqliteTable(
  "urgent_request_recipients",
  {
    requestId: text("request_id")
      .notNull()
      .references(() => urgentRequests.id, { onDelete: "cascade" }),
    sitterId: text("sitter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    wave: integer("wave").notNull(),
    declinedAt: text("declined_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.sitterId] }),
    index("urgent_request_recipients_sitter_idx").on(t.sitterId, t.requestId),
  ],
);
