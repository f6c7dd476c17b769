// Bookings (the booking form, the states): the row schemas derived from the Drizzle table
// (drizzle-zod), the request bodies the API and the booking form share, the price rule, and the
// API's answers. Messages are i18n keys (db/i18n, section "booking").
import { z } from "zod";
import { createInsertSchema, createSelectSchema } from "drizzle-zod";
import { bookings } from "../schema/bookings";
import { children, type WeeklyAvailability } from "../schema/profiles";
import { BOOKING_ACTIONS, BOOKING_FILTERS, SITTING_HOURS_STATUSES, WEEKDAYS } from "../schema/enums";
import { HOURS_DISPUTE_MAX_LENGTH, HOURS_DISPUTE_MIN_LENGTH } from "../constants/sitting";
import {
  BOOKING_MAX_CHILDREN,
  BOOKING_MAX_HOURS,
  BOOKINGS_PAGE_SIZE,
  BOOKINGS_PAGE_SIZE_MAX,
  HOURLY_RATE_MAX_CENTS,
  HOURLY_RATE_MIN_CENTS,
  SPECIAL_INSTRUCTIONS_MAX_LENGTH,
} from "../constants/limits";
import { HOUR_MS, LOCAL_TIME_PATTERN, addDays, dateMsOf, parisToUtcMs, parisToday } from "../time/paris-time";
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

export const slotShape = {
  date: localDateField,
  start_time: localTimeField,
  end_time: localTimeField,
  children_ids: childrenIdsField,
  special_instructions: specialInstructionsField.optional(),
};

type Slot = { date: string; start_time: string; end_time: string };

/**
 * The Paris date the sitting ends on (evenings out): an end at or before the start is on
 * the next day ("20:00" to "01:00" ends the day after). Equal times are refused before this is used.
 */
export const slotEndDate = (slot: Slot) => (slot.end_time <= slot.start_time ? addDays(slot.date, 1) : slot.date);

/**
 * The slot's UTC instants, the end on the next day when it is not after the start; null while the
 * date or a time is missing or malformed, or a time does not exist in Paris (clocks going forward).
 * Elapsed time between them is real time: a night the clocks change counts its real hours.
 */
export function slotInstants(slot: Partial<Slot>): { startMs: number; endMs: number } | null {
  const { date, start_time, end_time } = slot;
  if (!date || !start_time || !end_time || dateMsOf(date) === null || start_time === end_time) return null;
  const startMs = parisToUtcMs(date, start_time);
  const endMs = parisToUtcMs(slotEndDate({ date, start_time, end_time }), end_time);
  return startMs === null || endMs === null ? null : { startMs, endMs };
}

/**
 * The form's own checks: the date not before today in Paris; the end
 * different from the start (an earlier end means the next day); at most BOOKING_MAX_HOURS of real
 * time. The server checks the instants again (edge/services/bookings/bookings.ts): a start already past, a
 * time the clocks skip.
 */
export function checkSlot(slot: Slot, ctx: z.RefinementCtx): void {
  if (dateMsOf(slot.date) !== null && slot.date < parisToday())
    ctx.addIssue({ code: "custom", message: "booking.validation.dateInPast", path: ["date"] });
  if (!LOCAL_TIME_PATTERN.test(slot.start_time) || !LOCAL_TIME_PATTERN.test(slot.end_time)) return;
  if (slot.end_time === slot.start_time)
    ctx.addIssue({ code: "custom", message: "booking.validation.sameTimes", path: ["end_time"] });
  const instants = slotInstants(slot);
  if (instants && instants.endMs - instants.startMs > BOOKING_MAX_HOURS * HOUR_MS)
    ctx.addIssue({ code: "custom", message: "booking.validation.tooLong", path: ["end_time"] });
}

// ---- The babysitter's weekly availability (a warning before sending, edge/services/bookings/booking-warnings.ts) ----

const MINUTES_PER_DAY = 24 * 60;

const minutesOf = (time: string) => +time.slice(0, 2) * 60 + +time.slice(3, 5);

/** A slot's last minute: a sitter's day can only end at "23:59", which means up to midnight. */
const slotEndMinutes = (time: string) => (time === "23:59" ? MINUTES_PER_DAY : minutesOf(time));

/** Monday-first weekday key of a "YYYY-MM-DD" date. */
const weekdayOf = (date: string) => WEEKDAYS[(new Date(dateMsOf(date)!).getUTCDay() + 6) % 7];

/** Whether one day's ranges, put together, cover [from, to) minutes of that day. */
function dayCovers(ranges: readonly (readonly [string, string])[], from: number, to: number): boolean {
  let reached = from;
  for (const [start, end] of [...ranges].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (minutesOf(start) > reached) break;
    reached = Math.max(reached, slotEndMinutes(end));
    if (reached >= to) return true;
  }
  return reached >= to;
}

/**
 * Whether the babysitter said she is available for the whole slot, in Paris wall-clock time: its
 * evening part on the start's weekday and, past midnight, the rest on the next day's. A babysitter
 * who has given no availability at all says nothing, so nothing is flagged.
 */
export function withinAvailability(hours: WeeklyAvailability, slot: Slot): boolean {
  if (!WEEKDAYS.some((day) => hours[day]?.length)) return true;
  const start = minutesOf(slot.start_time);
  const end = minutesOf(slot.end_time);
  const endDate = slotEndDate(slot);
  const parts: [string, number, number][] =
    endDate === slot.date
      ? [[slot.date, start, end]]
      : [
          [slot.date, start, MINUTES_PER_DAY],
          [addDays(slot.date, 1), 0, end],
        ];
  return parts.every(([date, from, to]) => to <= from || dayCovers(hours[weekdayOf(date)] ?? [], from, to));
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

/**
 * The form's estimate: the slot's hours and price (an earlier end is the next day), both 0 until the
 * date and both times make a slot of at most BOOKING_MAX_HOURS.
 */
export function estimateBooking(hourlyRateCents: number, slot: Partial<Slot>): { hours: number; totalCents: number } {
  const instants = slotInstants(slot);
  if (!instants) return { hours: 0, totalCents: 0 };
  const hours = (instants.endMs - instants.startMs) / HOUR_MS;
  if (hours <= 0 || hours > BOOKING_MAX_HOURS) return { hours: 0, totalCents: 0 };
  return { hours, totalCents: bookingTotalCents(hourlyRateCents, instants.startMs, instants.endMs) };
}

export const bookingActionBodySchema = z.strictObject({
  action: z.enum(BOOKING_ACTIONS, { error: "validation.formatInvalid" }),
  /** The late cancellation fee the parent was shown and accepts (the server's own figure must match it). */
  late_fee_cents: z
    .number({ error: "validation.formatInvalid" })
    .int("validation.formatInvalid")
    .min(0, "validation.formatInvalid")
    .max(10_000_000, "validation.formatInvalid")
    .optional(),
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

// ---- The API's answers (snake_case; each field's schema from its column) ----

const row = bookingSelectSchema.shape;
const profileRow = profileSelectSchema.shape;
const childRow = createSelectSchema(children).shape;

/** The other party of a booking, as a listing joins it. */
export const bookingPartySchema = z
  .object({
    id: profileRow.id,
    user_type: profileRow.userType,
    first_name: profileRow.firstName,
    last_name: profileRow.lastName,
    photo_url: profileRow.photoUrl,
    city: profileRow.city,
    is_verified: profileRow.isVerified,
    rating: profileRow.rating,
    total_reviews: profileRow.totalReviews,
    phone: profileRow.phone.describe("Only while the booking is confirmed and still to come (for the Call button)."),
    address: z
      .string()
      .nullable()
      .describe("The family's address (street, postal code, city): to the babysitter of a confirmed booking only."),
  })
  .meta({ id: "BookingParty" });

/** A child the booking covers: special needs and allergies reach the sitter from her arrival tap to her departure. */
export const bookingChildSchema = z
  .object({
    id: childRow.id,
    name: childRow.name,
    age: childRow.age,
    special_needs: childRow.specialNeeds.optional().describe("Absent for the sitter until the booking is confirmed."),
    allergies: childRow.allergies.optional().describe("Absent for the sitter until the booking is confirmed."),
  })
  .meta({ id: "BookingChild" });

/** A sitting's real hours as both parties see them (services/bookings/sitting-hours-rules.ts). */
export const sittingHoursSchema = z
  .object({
    start: z.string().describe("Declared start (UTC)."),
    end: z.string().describe("Declared end (UTC)."),
    status: z
      .enum(SITTING_HOURS_STATUSES)
      .describe(
        "proposed (awaiting the parent), confirmed, auto_confirmed (no answer within 24 h), disputed (with the team), adjusted (the team refused them: the booked hours stand).",
      ),
    proposed_at: z.string(),
    answer_by: z.string().nullable().describe("While proposed: the parent answers before this instant (UTC)."),
    minutes: z.number().int().describe("The minutes that count: the declared ones, or the booked ones once adjusted."),
    amount_cents: z.number().int().describe("Those minutes at the booking's hourly rate, computed by the server."),
  })
  .meta({ id: "SittingHours" });
export type SittingHoursDto = z.infer<typeof sittingHoursSchema>;

export const bookingDtoSchema = z
  .object({
    id: row.id,
    status: row.status,
    cancelled_by: row.cancelledBy.describe(
      "Who ended a cancelled booking: parent, babysitter or system (expiry, account deletion); null otherwise.",
    ),
    cancel_reason: row.cancelReason.describe(
      "Why: cancelled (by the parent), declined (a request, by the babysitter), withdrawn (a confirmed sitting, by the babysitter), expired (no answer before the start), account_deleted.",
    ),
    late_cancel_fee_cents: z
      .number()
      .int()
      .nullable()
      .describe(
        "What the parent owes the babysitter for cancelling this confirmed sitting within 24 hours; null otherwise.",
      ),
    cancellation: z
      .object({
        free_until: z.string().describe("Until this instant (UTC), the parent cancels for free."),
        fee_cents: z
          .number()
          .int()
          .describe("What cancelling now would cost the parent (0 while free): send it back as late_fee_cents."),
      })
      .nullable()
      .describe("The parent's cancellation terms for a confirmed sitting still to come; null otherwise."),
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
    checked_in_at: z.string().nullable().describe("When the babysitter tapped 'Je suis arrivée' (UTC)."),
    checked_out_at: z.string().nullable().describe("When she tapped 'Je pars' (UTC)."),
    far_from_home: z.boolean().describe("A tap was far from the family's position (only the distance is stored)."),
    can_check_in: z.boolean().describe("The babysitter may tap her arrival now (from an hour before the start)."),
    can_check_out: z.boolean().describe("The babysitter may tap her departure now."),
    hours: sittingHoursSchema
      .nullable()
      .describe("The real hours the babysitter declared after the sitting, and the parent's answer; null until then."),
    can_declare_hours: z
      .boolean()
      .describe("The babysitter may declare the real hours now: the sitting is over and she has not yet."),
    can_answer_hours: z
      .boolean()
      .describe("The parent may confirm or dispute the declared hours now (within 24 hours of the declaration)."),
  })
  .meta({ id: "Booking" });

/** POST /api/bookings/{id}/hours: the real start and end of the sitting (UTC), declared by the babysitter. */
export const hoursDeclarationBodySchema = z
  .object({
    start: z.iso.datetime({ offset: true, error: "validation.formatInvalid" }),
    end: z.iso.datetime({ offset: true, error: "validation.formatInvalid" }),
  })
  .strict()
  .refine((body) => Date.parse(body.end) > Date.parse(body.start), {
    path: ["end"],
    message: "booking.validation.endBeforeStart",
  });
export type HoursDeclarationBody = z.infer<typeof hoursDeclarationBodySchema>;

/** POST /api/bookings/{id}/hours/dispute: why, in the parent's words. */
export const hoursDisputeBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(HOURS_DISPUTE_MIN_LENGTH, "booking.validation.disputeTooShort")
      .max(HOURS_DISPUTE_MAX_LENGTH, "validation.maxChars"),
  })
  .strict();

/** POST /api/bookings/{id}/check-in and /check-out: her position, only if she agrees to share it. */
export const sittingTapBodySchema = z
  .object({
    position: z
      .object({
        latitude: z.number().min(-90, "validation.formatInvalid").max(90, "validation.formatInvalid"),
        longitude: z.number().min(-180, "validation.formatInvalid").max(180, "validation.formatInvalid"),
      })
      .strict()
      .optional(),
  })
  .strict();
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

/**
 * What the parent should know before sending, not a refusal: the slot is outside the
 * babysitter's weekly availability, or a child is already in another live booking at that time.
 */
export const bookingWarningSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("sitter_unavailable") }),
    z.object({ kind: z.literal("children_busy"), children: z.array(childRow.name).min(1) }),
  ])
  .meta({ id: "BookingWarning" });
export type BookingWarning = z.infer<typeof bookingWarningSchema>;

/** POST /api/bookings/preview: the request checked as the creation would, and what to warn about. */
export const bookingPreviewSchema = z
  .object({
    start_time: row.startTime,
    end_time: row.endTime,
    total_amount_cents: row.totalAmountCents,
    warnings: z.array(bookingWarningSchema),
  })
  .meta({ id: "BookingPreview" });
export type BookingPreview = z.infer<typeof bookingPreviewSchema>;
