// Agencies ('agences de garde d'enfants'): the company an admin creates, the manager accounts that
// run it (profiles of role 'agency'), the babysitters on its roster, and its invitations to join.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bookings } from "./bookings";
import { profiles } from "./profiles";
import { AGENCY_INVITATION_STATUSES, REASSIGNMENT_STATUSES } from "./enums";
import { createdAt, NOW_ISO, updatedAt, uuidPk } from "./columns";
import { between, lengthOf, oneOf } from "./checks";
import { AGENCY_NAME_MAX_LENGTH, AGENCY_NAME_MIN_LENGTH, SIREN_LENGTH } from "../constants/agencies";

export const agencies = sqliteTable(
  "agencies",
  {
    id: uuidPk(),
    name: text("name").notNull(),
    /** The company's SIREN (9 digits, Luhn checksum checked by the validator): one agency per company. */
    siren: text("siren").notNull().unique(),
    /** The 'déclaration SAP' number (SAP + SIREN), when the agency has one. */
    sapNumber: text("sap_number"),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("agencies_name_check", between(lengthOf(t.name), AGENCY_NAME_MIN_LENGTH, AGENCY_NAME_MAX_LENGTH)),
    check(
      "agencies_siren_check",
      sql`length(${t.siren}) = ${sql.raw(String(SIREN_LENGTH))} AND ${t.siren} NOT GLOB '*[^0-9]*'`,
    ),
    index("agencies_name_idx").on(t.name),
  ],
);

/** A manager account (a profile of role 'agency') and the one agency it runs. */
export const agencyManagers = sqliteTable(
  "agency_managers",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("agency_managers_agency_idx").on(t.agencyId)],
);

/** The roster: a babysitter belongs to one agency at most (the key is hers alone). */
export const agencyMembers = sqliteTable(
  "agency_members",
  {
    sitterId: text("sitter_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    joinedAt: text("joined_at").notNull().default(NOW_ISO),
  },
  (t) => [index("agency_members_agency_idx").on(t.agencyId, t.sitterId)],
);

/**
 * An agency's invitation to a babysitter, by email: pending until she accepts or declines it (from
 * her notifications) or the agency withdraws it. One pending invitation per agency and address.
 */
export const agencyInvitations = sqliteTable(
  "agency_invitations",
  {
    id: uuidPk(),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    invitedBy: text("invited_by").references(() => profiles.id, { onDelete: "set null" }),
    status: text("status", { enum: AGENCY_INVITATION_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    respondedAt: text("responded_at"),
  },
  (t) => [
    check("agency_invitations_status_check", oneOf(t.status, AGENCY_INVITATION_STATUSES)),
    uniqueIndex("agency_invitations_pending_idx")
      .on(t.agencyId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index("agency_invitations_email_idx").on(t.email, t.status),
    index("agency_invitations_agency_idx").on(t.agencyId, t.createdAt),
  ],
);

/**
 * An agency's proposal to give a roster sitter's pending request to another sitter of its team, at
 * her rate: the family agrees (the request moves to her, still to be accepted) or refuses. One per
 * booking, the latest.
 */
export const bookingReassignments = sqliteTable(
  "booking_reassignments",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    fromSitterId: text("from_sitter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    toSitterId: text("to_sitter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    hourlyRateCents: integer("hourly_rate_cents").notNull(),
    totalAmountCents: integer("total_amount_cents").notNull(),
    status: text("status", { enum: REASSIGNMENT_STATUSES }).notNull().default("pending"),
    proposedBy: text("proposed_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    answeredAt: text("answered_at"),
  },
  (t) => [
    check("booking_reassignments_status_check", oneOf(t.status, REASSIGNMENT_STATUSES)),
    check("booking_reassignments_sitters_check", sql`${t.fromSitterId} <> ${t.toSitterId}`),
  ],
);
