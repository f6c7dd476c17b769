// The agency contract: the console's agency form and list (/api/admin/agencies), the agency space
// (/api/agency: the agency, its roster, invitations, the roster's bookings, calendar and figures)
// and a babysitter's side of it (/api/agency-membership: invitations to answer, her agency, leaving).
import { z } from "zod";
import {
  AGENCY_INVITATION_STATUSES,
  BOOKING_STATUSES,
  BOOKING_CANCEL_REASONS,
  SUBSCRIPTION_PLANS,
} from "../schema/enums";
import {
  AGENCY_NAME_MAX_LENGTH,
  AGENCY_NAME_MIN_LENGTH,
  SAP_NUMBER_PATTERN,
  SIREN_LENGTH,
} from "../constants/agencies";
import { emailField, FRENCH_PHONE_PATTERN, nameField } from "./fields";
import { firstNameField } from "./auth";
import { idField, idParam } from "./ids";

/** INSEE's rule: 9 digits, and the Luhn sum of them is a multiple of 10 (every other digit doubled). */
export function isValidSiren(value: string): boolean {
  if (!new RegExp(`^\\d{${SIREN_LENGTH}}$`).test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let digit = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A SIREN as people type it ("732 829 320"): spaces dropped, then the checksum. */
const sirenField = z
  .string({ error: "validation.required" })
  .transform((value) => value.replace(/\s+/g, ""))
  .refine((value) => value.length > 0, "validation.required")
  .refine(isValidSiren, "agencies.validation.sirenInvalid");

const sapNumberField = z
  .string()
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .refine((value) => value === "" || SAP_NUMBER_PATTERN.test(value), "agencies.validation.sapInvalid")
  .transform((value) => value || null);

const optionalPhoneField = z
  .string()
  .trim()
  .refine((value) => value === "" || FRENCH_PHONE_PATTERN.test(value), "validation.phoneInvalid")
  .transform((value) => value || null);

/** POST /api/admin/agencies: the company and its first manager (who gets a link to choose her password). */
export const agencyCreateBodySchema = z.strictObject({
  name: z
    .string({ error: "validation.required" })
    .trim()
    .min(AGENCY_NAME_MIN_LENGTH, "agencies.validation.nameInvalid")
    .max(AGENCY_NAME_MAX_LENGTH, "agencies.validation.nameInvalid"),
  siren: sirenField,
  sap_number: sapNumberField.optional().default(""),
  contact_email: emailField,
  contact_phone: optionalPhoneField.optional().default(""),
  manager: z.strictObject({ first_name: firstNameField, last_name: nameField, email: emailField }),
});
export type AgencyCreateBody = z.input<typeof agencyCreateBodySchema>;
export type AgencyCreateValues = z.output<typeof agencyCreateBodySchema>;

/** POST /api/admin/agencies/{agencyId}/managers: one more manager account for the agency. */
export const agencyManagerBodySchema = agencyCreateBodySchema.shape.manager;
export type AgencyManagerBody = z.infer<typeof agencyManagerBodySchema>;

export const agencyParamsSchema = z.object({ agencyId: idParam });

export const agencyManagerSchema = z.object({
  profile_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const agencySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    siren: z.string(),
    sap_number: z.string().nullable(),
    contact_email: z.string(),
    contact_phone: z.string().nullable(),
    created_at: z.string(),
    managers: z.array(agencyManagerSchema),
    roster_size: z.number().int(),
  })
  .meta({ id: "Agency" });
export type AgencyDto = z.infer<typeof agencySchema>;

export const agencyListSchema = z.object({ agencies: z.array(agencySchema) });
export const agencyAnswerSchema = z.object({ agency: agencySchema });

// ---- Invitations ----

/** POST /api/agency/invitations. */
export const agencyInvitationBodySchema = z.strictObject({ email: emailField });
export type AgencyInvitationBody = z.infer<typeof agencyInvitationBodySchema>;

export const invitationParamsSchema = z.object({ invitationId: idParam });

export const agencyInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.enum(AGENCY_INVITATION_STATUSES),
    created_at: z.string(),
    responded_at: z.string().nullable(),
    /** The babysitter who accepted (her name as she shows it); null before: an agency learns nothing of accounts. */
    sitter: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  })
  .meta({ id: "AgencyInvitation" });
export type AgencyInvitationDto = z.infer<typeof agencyInvitationSchema>;

export const agencyInvitationListSchema = z.object({ invitations: z.array(agencyInvitationSchema) });
export const agencyInvitationAnswerSchema = z.object({ invitation: agencyInvitationSchema });

// ---- Roster ----

export const rosterParamsSchema = z.object({ sitterId: idParam });

export const rosterSitterSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    photo_url: z.string().nullable(),
    city: z.string().nullable(),
    is_verified: z.boolean(),
    rating: z.number(),
    total_reviews: z.number().int(),
    plan: z.enum(SUBSCRIPTION_PLANS).nullable(),
    /** Confirmed hours still to come (from now), in minutes. */
    upcoming_minutes: z.number().int(),
    joined_at: z.string(),
  })
  .meta({ id: "RosterSitter" });
export type RosterSitter = z.infer<typeof rosterSitterSchema>;

export const rosterSchema = z.object({ sitters: z.array(rosterSitterSchema) });

// ---- The roster's bookings ----

export const AGENCY_BOOKING_ACTIONS = ["accept", "decline"] as const;
export type AgencyBookingAction = (typeof AGENCY_BOOKING_ACTIONS)[number];

export const agencyBookingActionBodySchema = z.strictObject({
  action: z.enum(AGENCY_BOOKING_ACTIONS, { error: "validation.formatInvalid" }),
});

export const bookingIdParamsSchema = z.object({ id: idParam });

/** A roster sitter's booking as the agency reads it: no message, the children only once confirmed. */
export const agencyBookingSchema = z
  .object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    cancel_reason: z.enum(BOOKING_CANCEL_REASONS).nullable(),
    start_time: z.string(),
    end_time: z.string(),
    total_amount_cents: z.number().int(),
    created_at: z.string(),
    sitter: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
    family: z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), city: z.string().nullable() }),
    /** The children's first names and ages: only for a confirmed or completed sitting. */
    children: z.array(z.object({ first_name: z.string(), age: z.number().int() })),
    /** What the agency may do for the sitter now: answer a request still to come. */
    actions: z.array(z.enum(AGENCY_BOOKING_ACTIONS)),
  })
  .meta({ id: "AgencyBooking" });
export type AgencyBookingDto = z.infer<typeof agencyBookingSchema>;

export const AGENCY_BOOKING_FILTERS = ["requests", "upcoming", "past", "all"] as const;
export const agencyBookingsQuerySchema = z.strictObject({
  filter: z.enum(AGENCY_BOOKING_FILTERS, { error: "validation.formatInvalid" }).optional().default("requests"),
});
export const agencyBookingListSchema = z.object({ bookings: z.array(agencyBookingSchema) });
export const agencyBookingAnswerSchema = z.object({ booking: agencyBookingSchema });

/** POST /api/agency/bookings/{id}/reassign: the roster sitter proposed instead. */
export const agencyReassignBodySchema = z.strictObject({ sitter_id: idField });

/** The agency's pending proposal of another sitter, as the family reads it on her request. */
export const reassignmentSchema = z
  .object({
    agency: z.object({ id: z.string(), name: z.string() }),
    sitter: z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      photo_url: z.string().nullable(),
      rating: z.number(),
      total_reviews: z.number().int(),
      is_verified: z.boolean(),
    }),
    /** Her rate, and what the sitting would cost with her. */
    hourly_rate_cents: z.number().int(),
    total_amount_cents: z.number().int(),
    proposed_at: z.string(),
  })
  .meta({ id: "Reassignment" });
export type ReassignmentDto = z.infer<typeof reassignmentSchema>;
export const reassignmentAnswerSchema = z.object({ reassignment: reassignmentSchema.nullable() });

// ---- Calendar and figures ----

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const AGENCY_CALENDAR_MAX_DAYS = 42;

/** GET /api/agency/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD (Paris days, to exclusive, at most 6 weeks). */
export const agencyCalendarQuerySchema = z
  .strictObject({
    from: z.string().regex(DAY_PATTERN, "validation.formatInvalid"),
    to: z.string().regex(DAY_PATTERN, "validation.formatInvalid"),
  })
  .refine(
    ({ from, to }) => {
      const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
      return days >= 1 && days <= AGENCY_CALENDAR_MAX_DAYS;
    },
    { path: ["to"], message: "agencies.validation.calendarSpan" },
  );

export const agencyCalendarSchema = z.object({
  /** Confirmed, completed and pending bookings of the roster overlapping the span. */
  bookings: z.array(agencyBookingSchema),
  /** Each roster sitter's weekly availability (Europe/Paris times), as her profile states it. */
  availability: z.array(
    z.object({
      sitter_id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      weekly: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
    }),
  ),
});

export const agencyFiguresSchema = z.object({
  months: z.array(
    z.object({
      /** YYYY-MM (Europe/Paris). */
      month: z.string(),
      /** Minutes of confirmed or completed sittings starting this month. */
      minutes: z.number().int(),
      bookings: z.number().int(),
      families: z.number().int(),
      /** What the families booked (their sittings' amounts), in cents. */
      revenue_cents: z.number().int(),
    }),
  ),
});

// ---- A babysitter's side ----

export const agencySummarySchema = z.object({ id: z.string(), name: z.string() });

export const membershipSchema = z.object({
  /** Her agency, when she is on one's roster. */
  agency: agencySummarySchema.extend({ joined_at: z.string() }).nullable(),
  /** Invitations to her address still waiting for her answer. */
  invitations: z.array(z.object({ id: z.string(), agency: agencySummarySchema, created_at: z.string() })),
});
export type Membership = z.infer<typeof membershipSchema>;
