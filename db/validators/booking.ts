// Bookings (core-flows §5 'Booking form', §4 states): the row schemas derived from the Drizzle table
// (drizzle-zod), the request bodies the API and the booking form share, the price rule, and the
// API's answers. Messages are i18n keys (db/i18n, section "booking").
import { z } from "zod";
import { createInsertSchema, createSelectSchema } from "drizzle-zod";
import { bookings } from "../schema/bookings";
import { children } from "../schema/profiles";
import { BOOKING_ACTIONS, BOOKING_FILTERS } from "../schema/enums";
import {
  BOOKING_MAX_CHILDREN,
  BOOKINGS_PAGE_SIZE,
  BOOKINGS_PAGE_SIZE_MAX,
  HOURLY_RATE_MAX_CENTS,
  HOURLY_RATE_MIN_CENTS,
  SPECIAL_INSTRUCTIONS_MAX_LENGTH,
} from "../constants/limits";
import { HOUR_MS, LOCAL_TIME_PATTERN, dateMsOf, parisToUtcMs, parisToday } from "../time/paris-time";
import { idField } from "./ids";
import { profileSelectSchema } from "./profile";

const specialInstructionsField = z
  .string({ error: "validation.formatInvalid" })
  .trim()
  .max(SPECIAL_INSTRUCTIONS_MAX_LENGTH, "booking.validation.instructionsTooLong");

export const bookingSelectSchema = createSelectSchema(bookings);
export const bookingInsertSchema = createInsertSchema(bookings, {
  specialInstructions: specialInstructionsField.nullish(),
  hourlyRateCents: (s) => s.int().min(HOURLY_RATE_MIN_CENTS).max(HOURLY_RATE_MAX_CENTS),
  totalAmountCents: (s) => s.int().min(0),
});

/** A Paris calendar date, "YYYY-MM-DD" (what <input type="date"> gives). */
const localDateField = z
  .string({ error: "validation.required" })
  .min(1, "validation.required")
  .refine((date) => dateMsOf(date) !== null, "booking.validation.dateInvalid");

/** A Paris wall-clock time, "HH:mm" (what <input type="time"> gives). */
const localTimeField = z
  .string({ error: "validation.required" })
  .min(1, "validation.required")
  .regex(LOCAL_TIME_PATTERN, "booking.validation.timeInvalid");

const childrenIdsField = z
  .array(idField, { error: "booking.validation.childrenRequired" })
  .min(1, "booking.validation.childrenRequired")
  .max(BOOKING_MAX_CHILDREN, "booking.validation.childrenTooMany")
  .refine((ids) => new Set(ids).size === ids.length, "booking.validation.childrenDuplicate");

const slotShape = {
  date: localDateField,
  start_time: localTimeField,
  end_time: localTimeField,
  children_ids: childrenIdsField,
  special_instructions: specialInstructionsField.optional(),
};

type Slot = { date: string; start_time: string; end_time: string };

/**
 * The form's own checks (core-flows §5): the date not before today in Paris, the end after the start
 * (same day, so "HH:mm" text order is time order). The server checks the instants again
 * (edge/services/bookings.ts): a start already past today, a time the clocks skip.
 */
function checkSlot(slot: Slot, ctx: z.RefinementCtx): void {
  if (dateMsOf(slot.date) !== null && slot.date < parisToday())
    ctx.addIssue({ code: "custom", message: "booking.validation.dateInPast", path: ["date"] });
  if (
    LOCAL_TIME_PATTERN.test(slot.start_time) &&
    LOCAL_TIME_PATTERN.test(slot.end_time) &&
    slot.end_time <= slot.start_time
  )
    ctx.addIssue({ code: "custom", message: "booking.validation.endBeforeStart", path: ["end_time"] });
}

/** POST /api/bookings body: the parent comes from the session; prices and times are the server's. */
export const bookingCreateBodySchema = z.strictObject({ babysitter_id: idField, ...slotShape }).superRefine(checkSlot);
export type BookingCreateBody = z.infer<typeof bookingCreateBodySchema>;

/** The booking form (the sitter is the page's). */
export const bookingFormSchema = z.object(slotShape).superRefine(checkSlot);
export type BookingForm = z.infer<typeof bookingFormSchema>;

/** Price of a sitting: hours (real elapsed time, so DST nights count right) x rate, in cents, never below 0. */
export function bookingTotalCents(hourlyRateCents: number, startMs: number, endMs: number): number {
  return Math.max(0, Math.round((hourlyRateCents * (endMs - startMs)) / HOUR_MS));
}

/** The form's estimate: the slot's hours and price, both 0 until the date and both times make a slot. */
export function estimateBooking(hourlyRateCents: number, slot: Partial<Slot>): { hours: number; totalCents: number } {
  const start = slot.date && slot.start_time ? parisToUtcMs(slot.date, slot.start_time) : null;
  const end = slot.date && slot.end_time ? parisToUtcMs(slot.date, slot.end_time) : null;
  if (start === null || end === null || end <= start) return { hours: 0, totalCents: 0 };
  return { hours: (end - start) / HOUR_MS, totalCents: bookingTotalCents(hourlyRateCents, start, end) };
}

export const bookingActionBodySchema = z.strictObject({
  action: z.enum(BOOKING_ACTIONS, { error: "validation.formatInvalid" }),
});
export type BookingActionBody = z.infer<typeof bookingActionBodySchema>;

/** GET /api/bookings query: which tab, which page. */
export const bookingListQuerySchema = z.object({
  filter: z.enum(BOOKING_FILTERS, { error: "validation.formatInvalid" }).default("all"),
  page: z.coerce
    .number({ error: "validation.formatInvalid" })
    .int("validation.formatInvalid")
    .min(1, "validation.formatInvalid")
    .max(10_000, "validation.formatInvalid")
    .default(1),
  page_size: z.coerce
    .number({ error: "validation.formatInvalid" })
    .int("validation.formatInvalid")
    .min(1, "validation.formatInvalid")
    .max(BOOKINGS_PAGE_SIZE_MAX, "validation.formatInvalid")
    .default(BOOKINGS_PAGE_SIZE),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

// ---- The API's answers (snake_case like the spec's fields; each field's schema from its column) ----

const row = bookingSelectSchema.shape;
const profileRow = profileSelectSchema.shape;
const childRow = createSelectSchema(children).shape;

/** The other party of a booking, as a listing joins it (core-flows §3). */
export const bookingPartySchema = z
  .object({
    id: profileRow.id,
    user_type: profileRow.userType,
    first_name: profileRow.firstName,
    last_name: profileRow.lastName,
    photo_url: profileRow.photoUrl,
    city: profileRow.city,
    rating: profileRow.rating,
    total_reviews: profileRow.totalReviews,
    phone: profileRow.phone.describe("Only while the booking is confirmed and still to come (for the Call button)."),
  })
  .meta({ id: "BookingParty" });

/** A child the booking covers: special needs and allergies reach the sitter once the booking is confirmed. */
export const bookingChildSchema = z
  .object({
    id: childRow.id,
    name: childRow.name,
    age: childRow.age,
    special_needs: childRow.specialNeeds.optional().describe("Absent for the sitter until the booking is confirmed."),
    allergies: childRow.allergies.optional().describe("Absent for the sitter until the booking is confirmed."),
  })
  .meta({ id: "BookingChild" });

export const bookingDtoSchema = z
  .object({
    id: row.id,
    status: row.status,
    start_time: row.startTime,
    end_time: row.endTime,
    hourly_rate_cents: row.hourlyRateCents,
    total_amount_cents: row.totalAmountCents,
    special_instructions: row.specialInstructions,
    created_at: row.createdAt,
    responded_at: row.respondedAt,
    role: z.enum(["parent", "babysitter"]).describe("The caller's side of the booking."),
    other_party: bookingPartySchema,
    children: z.array(bookingChildSchema),
    actions: z.array(z.enum(BOOKING_ACTIONS)).describe("What the caller may do now (the server's status rules)."),
    can_contact: z
      .boolean()
      .describe("Confirmed and still to come: the Message and Call buttons toward the other party."),
    can_review: z.boolean().describe("Completed, and the caller has not reviewed it yet."),
  })
  .meta({ id: "Booking" });
export type BookingDto = z.infer<typeof bookingDtoSchema>;

export const bookingListSchema = z.object({
  bookings: z.array(bookingDtoSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type BookingList = z.infer<typeof bookingListSchema>;

/** GET /api/bookings/new/{babysitterId}: what the booking form needs, in one answer. */
export const bookingFormDataSchema = z.object({
  babysitter: z.object({
    id: profileRow.id,
    first_name: profileRow.firstName,
    last_name: profileRow.lastName,
    photo_url: profileRow.photoUrl,
    city: profileRow.city,
    is_verified: profileRow.isVerified,
    rating: profileRow.rating,
    total_reviews: profileRow.totalReviews,
    hourly_rate_cents: row.hourlyRateCents,
  }),
  children: z.array(z.object({ id: childRow.id, name: childRow.name, age: childRow.age })),
});
export type BookingFormData = z.infer<typeof bookingFormDataSchema>;
