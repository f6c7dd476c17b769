// Paris wall-clock time to UTC (DST days included), the booking's price, the booking and review
// validators (messages are i18n keys with a French text), and the server's slot checks.
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, parisDateOf, parisTimeOf, parisToUtcIso, parisToUtcMs, parisToday } from "../../db/time/paris-time";
import {
  bookingCreateBodySchema,
  bookingFormSchema,
  bookingTotalCents,
  estimateBooking,
  bookingInsertSchema,
} from "../../db/validators/booking";
import { reviewCreateBodySchema, reviewFormSchema } from "../../db/validators/review";
import { resolveSlot } from "../../edge/services/bookings/bookings";
import { isMessageKey, translate } from "../../edge/lib/i18n";
import { ApiError } from "../../edge/lib/errors";

const HOUR = 3_600_000;

describe("Paris time to UTC", () => {
  it.each([
    ["winter (UTC+1)", "2026-01-15", "18:30", "2026-01-15T17:30:00.000Z"],
    ["summer (UTC+2)", "2026-07-14", "18:30", "2026-07-14T16:30:00.000Z"],
    ["midnight, previous UTC day", "2026-07-14", "00:00", "2026-07-13T22:00:00.000Z"],
    ["spring-forward day, before the change", "2026-03-29", "01:30", "2026-03-29T00:30:00.000Z"],
    ["spring-forward day, after the change", "2026-03-29", "03:00", "2026-03-29T01:00:00.000Z"],
    ["spring-forward day, evening", "2026-03-29", "20:00", "2026-03-29T18:00:00.000Z"],
    ["fall-back day, the repeated hour: its first occurrence", "2026-10-25", "02:30", "2026-10-25T00:30:00.000Z"],
    ["fall-back day, after the change", "2026-10-25", "03:00", "2026-10-25T02:00:00.000Z"],
    ["fall-back day, evening", "2026-10-25", "20:00", "2026-10-25T19:00:00.000Z"],
    ["leap day", "2028-02-29", "09:00", "2028-02-29T08:00:00.000Z"],
  ])("%s: %s %s is %s", (_, date, time, utc) => {
    expect(parisToUtcIso(date, time)).toBe(utc);
    const ms = Date.parse(utc);
    expect(parisDateOf(ms)).toBe(date);
    expect(parisTimeOf(ms)).toBe(time);
  });

  it("has no instant for the hour the clocks skip, nor for malformed input", () => {
    for (const time of ["02:00", "02:30", "02:59"]) expect(parisToUtcMs("2026-03-29", time)).toBeNull();
    for (const [date, time] of [
      ["2026-02-30", "10:00"],
      ["2026-13-01", "10:00"],
      ["26-01-01", "10:00"],
      ["2026-01-01", "24:00"],
      ["2026-01-01", "9:00"],
      ["2026-01-01", "10:60"],
    ])
      expect(parisToUtcMs(date, time), `${date} ${time}`).toBeNull();
  });

  it("knows today in Paris around midnight, and adds days across months", () => {
    expect(parisToday(Date.parse("2026-07-14T22:30:00.000Z"))).toBe("2026-07-15");
    expect(parisToday(Date.parse("2026-01-14T22:30:00.000Z"))).toBe("2026-01-14");
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 365)).toBe("2027-12-31");
  });
});

describe("price", () => {
  it("is hours x rate in cents, rounded, never below 0", () => {
    expect(bookingTotalCents(1800, 0, 3 * HOUR)).toBe(5400);
    expect(bookingTotalCents(1750, 0, 2.5 * HOUR)).toBe(4375);
    expect(bookingTotalCents(1500, 0, 20 * 60_000)).toBe(500);
    expect(bookingTotalCents(1333, 0, 10 * 60_000)).toBe(222); // 222.17 cents
    expect(bookingTotalCents(1800, 3 * HOUR, 0)).toBe(0);
  });

  it("counts the real elapsed hours on DST days", () => {
    // 01:00 -> 04:00 on the spring-forward night is two hours; on the fall-back night, four.
    expect(estimateBooking(1000, { date: "2026-03-29", start_time: "01:00", end_time: "04:00" })).toEqual({
      hours: 2,
      totalCents: 2000,
    });
    expect(estimateBooking(1000, { date: "2026-10-25", start_time: "01:00", end_time: "04:00" })).toEqual({
      hours: 4,
      totalCents: 4000,
    });
    expect(estimateBooking(1800, { date: "2026-06-01", start_time: "18:00", end_time: "21:30" })).toEqual({
      hours: 3.5,
      totalCents: 6300,
    });
  });

  it("estimates nothing until the slot is complete and ordered", () => {
    const nothing = { hours: 0, totalCents: 0 };
    expect(estimateBooking(1800, {})).toEqual(nothing);
    expect(estimateBooking(1800, { date: "2026-06-01", start_time: "18:00" })).toEqual(nothing);
    expect(estimateBooking(1800, { date: "2026-06-01", start_time: "18:00", end_time: "17:00" })).toEqual(nothing);
    expect(estimateBooking(1800, { date: "2026-03-29", start_time: "02:30", end_time: "04:00" })).toEqual(nothing);
  });
});

describe("the booking row schema (drizzle-zod, refined)", () => {
  const row = {
    parentId: "p",
    babysitterId: "s",
    startTime: "2026-06-01T16:00:00.000Z",
    endTime: "2026-06-01T19:00:00.000Z",
    hourlyRateCents: 1800,
    totalAmountCents: 5400,
  };

  it("takes the column limits: instructions, rate and total", () => {
    expect(bookingInsertSchema.safeParse(row).success).toBe(true);
    expect(
      bookingInsertSchema.safeParse({ ...row, specialInstructions: "x".repeat(501) }).error?.issues[0].message,
    ).toBe("booking.validation.instructionsTooLong");
    expect(bookingInsertSchema.safeParse({ ...row, totalAmountCents: -1 }).success).toBe(false);
    expect(bookingInsertSchema.safeParse({ ...row, hourlyRateCents: 99 }).success).toBe(false);
    expect(bookingInsertSchema.safeParse({ ...row, status: "accepted" }).success).toBe(false);
  });
});

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues[0];

describe("booking validators", () => {
  afterEach(() => vi.useRealTimers());
  const body = {
    babysitter_id: "sitter-1",
    date: "2026-06-10",
    start_time: "18:00",
    end_time: "21:00",
    children_ids: ["c1", "c2"],
  };

  it("accept a valid request and trim the instructions", () => {
    vi.setSystemTime(new Date("2026-06-01T10:00:00Z"));
    const parsed = bookingCreateBodySchema.parse({ ...body, special_instructions: "  Couché à 20 h  " });
    expect(parsed.special_instructions).toBe("Couché à 20 h");
  });

  it.each([
    ["no child", { children_ids: [] }, "children_ids", "booking.validation.childrenRequired"],
    ["children missing", { children_ids: undefined }, "children_ids", "booking.validation.childrenRequired"],
    ["a child twice", { children_ids: ["c1", "c1"] }, "children_ids", "booking.validation.childrenDuplicate"],
    // An earlier end is the next day (issue 19): 18:00 -> 17:00 would be 23 hours.
    ["an end the next day past 14 hours", { end_time: "17:00" }, "end_time", "booking.validation.tooLong"],
    ["end equal to start", { end_time: "18:00" }, "end_time", "booking.validation.sameTimes"],
    ["a date before today in Paris", { date: "2026-05-31" }, "date", "booking.validation.dateInPast"],
    ["no date", { date: "" }, "date", "validation.required"],
    ["not a date", { date: "2026-02-30" }, "date", "booking.validation.dateInvalid"],
    ["not a time", { start_time: "7pm" }, "start_time", "booking.validation.timeInvalid"],
    [
      "instructions too long",
      { special_instructions: "x".repeat(501) },
      "special_instructions",
      "booking.validation.instructionsTooLong",
    ],
  ])("refuse %s", (_, change, field, key) => {
    vi.setSystemTime(new Date("2026-06-01T10:00:00Z"));
    const issue = firstMessage(bookingCreateBodySchema.safeParse({ ...body, ...change }));
    expect(issue?.message).toBe(key);
    expect(issue?.path).toEqual([field]);
    expect(isMessageKey(key)).toBe(true);
  });

  it("say 'Sélectionnez au moins un enfant' and 'L'heure de fin doit être après l'heure de début' in French", () => {
    expect(translate("fr", "booking.validation.childrenRequired")).toBe("Sélectionnez au moins un enfant");
    expect(translate("fr", "booking.validation.endBeforeStart")).toBe(
      "L'heure de fin doit être après l'heure de début",
    );
    expect(translate("fr", "booking.validation.instructionsTooLong")).toBe("Maximum 500 caractères autorisés");
  });

  it("take today as the day in Paris, not in UTC", () => {
    vi.setSystemTime(new Date("2026-06-01T22:30:00Z")); // already 2 June in Paris
    expect(firstMessage(bookingFormSchema.safeParse({ ...body, date: "2026-06-01" }))?.message).toBe(
      "booking.validation.dateInPast",
    );
    expect(bookingFormSchema.safeParse({ ...body, date: "2026-06-02" }).success).toBe(true);
  });

  it("refuse unknown fields, such as a status or a price", () => {
    vi.setSystemTime(new Date("2026-06-01T10:00:00Z"));
    expect(bookingCreateBodySchema.safeParse({ ...body, status: "confirmed" }).success).toBe(false);
    expect(bookingCreateBodySchema.safeParse({ ...body, total_amount_cents: 1 }).success).toBe(false);
  });
});

describe("the server's slot checks (resolveSlot)", () => {
  const now = Date.parse("2026-03-28T17:00:00.000Z"); // Saturday 28 March 2026, 18:00 in Paris
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof ApiError ? [error.messageKey, error.extra.field] : String(error);
    }
    return "accepted";
  };

  it("turns a Paris slot into UTC instants across the spring-forward night", () => {
    expect(resolveSlot({ date: "2026-03-29", start_time: "01:00", end_time: "04:00" }, now)).toEqual({
      startMs: Date.parse("2026-03-29T00:00:00.000Z"),
      endMs: Date.parse("2026-03-29T02:00:00.000Z"),
    });
  });

  it.each([
    ["a skipped hour", "2026-03-29", "02:30", "05:00", ["booking.validation.timeDoesNotExist", "start_time"]],
    ["a start already passed today", "2026-03-28", "17:30", "20:00", ["booking.validation.startInPast", "start_time"]],
    ["a day before today", "2026-03-27", "17:30", "20:00", ["booking.validation.dateInPast", "date"]],
    ["more than a year ahead", "2027-03-29", "17:30", "20:00", ["booking.validation.dateTooFar", "date"]],
    ["over 14 hours, past midnight", "2026-03-30", "17:30", "08:00", ["booking.validation.tooLong", "end_time"]],
    ["equal times", "2026-03-30", "17:30", "17:30", ["booking.validation.sameTimes", "end_time"]],
  ])("refuses %s", (_, date, start_time, end_time, want) => {
    expect(code(() => resolveSlot({ date, start_time, end_time }, now))).toEqual(want);
  });

  it("accepts later today and a year ahead", () => {
    expect(code(() => resolveSlot({ date: "2026-03-28", start_time: "18:30", end_time: "20:00" }, now))).toBe(
      "accepted",
    );
    expect(code(() => resolveSlot({ date: "2027-03-28", start_time: "18:30", end_time: "20:00" }, now))).toBe(
      "accepted",
    );
  });
});

describe("review validators", () => {
  const body = { booking_id: "b1", rating: 5, comment: "Léa a été formidable avec les enfants." };

  it("accept a valid review and trim the comment", () => {
    expect(reviewCreateBodySchema.parse({ ...body, comment: `  ${body.comment}  ` }).comment).toBe(body.comment);
  });

  it.each([
    ["no rating", { rating: undefined }, "review.validation.ratingRequired", "Veuillez sélectionner une note"],
    ["rating 0", { rating: 0 }, "review.validation.ratingRequired", "Veuillez sélectionner une note"],
    ["rating 6", { rating: 6 }, "review.validation.ratingRequired", "Veuillez sélectionner une note"],
    ["rating 4.5", { rating: 4.5 }, "review.validation.ratingRequired", "Veuillez sélectionner une note"],
    ["no comment", { comment: undefined }, "review.validation.commentRequired", "Un commentaire est requis"],
    ["a blank comment", { comment: "    " }, "review.validation.commentRequired", "Un commentaire est requis"],
    [
      "19 characters",
      { comment: "x".repeat(19) },
      "review.validation.commentMin",
      "Le commentaire doit faire au moins 20 caractères",
    ],
    [
      "20 characters once trimmed",
      { comment: ` ${"x".repeat(19)}  ` },
      "review.validation.commentMin",
      "Le commentaire doit faire au moins 20 caractères",
    ],
  ])("refuse %s", (_, change, key, french) => {
    expect(firstMessage(reviewCreateBodySchema.safeParse({ ...body, ...change }))?.message).toBe(key);
    expect(translate("fr", key)).toBe(french);
  });

  it("accept exactly 20 characters; the form leaves the booking to the page", () => {
    expect(reviewCreateBodySchema.safeParse({ ...body, comment: "x".repeat(20) }).success).toBe(true);
    expect(reviewFormSchema.safeParse({ rating: 3, comment: "x".repeat(20) }).success).toBe(true);
    expect(reviewCreateBodySchema.safeParse({ ...body, reviewed_id: "someone" }).success).toBe(false);
  });
});
