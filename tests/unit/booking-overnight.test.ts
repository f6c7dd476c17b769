// Evenings out (issue 19): an end at or before the start is the next day (up to 14 hours of real
// time, DST nights counted as they are), the one time-range formatter ("20:00 – 01:00 (+1 j)") the
// screens, emails and notices share, the babysitter-availability warning across midnight, and the
// .ics file of a booking (RFC 5545: CRLF lines, UTC times, escaped text, folded long lines).
import { afterEach, describe, expect, it, vi } from "vitest";
import { parisDaysLater, parisEndTime, parisTimeRange, parisToUtcIso } from "../../db/time/paris-time";
import { bookingFormSchema, estimateBooking, slotInstants } from "../../db/validators/booking";
import { formatParam } from "../../edge/delivery/templates";
import { bookingIcs, foldLine, icsText, icsUtc } from "../../edge/services/bookings/booking-calendar";
import { withinAvailability } from "../../db/validators/booking";
import { resolveSlot } from "../../edge/services/bookings/bookings";
import type { BookingDto } from "../../db/validators/booking";

const HOUR = 3_600_000;
afterEach(() => vi.useRealTimers());

describe("a slot past midnight", () => {
  it("ends the next day: 20:00 -> 01:00 is 5 hours, 90 EUR at 18 EUR/h", () => {
    expect(slotInstants({ date: "2026-12-05", start_time: "20:00", end_time: "01:00" })).toEqual({
      startMs: Date.parse("2026-12-05T19:00:00.000Z"),
      endMs: Date.parse("2026-12-06T00:00:00.000Z"),
    });
    expect(estimateBooking(1800, { date: "2026-12-05", start_time: "20:00", end_time: "01:00" })).toEqual({
      hours: 5,
      totalCents: 9000,
    });
  });

  it("counts the real hours of the nights the clocks change", () => {
    // 28 March 2027: clocks go forward at 02:00 (an hour is skipped); 31 October 2027: back at 03:00.
    expect(estimateBooking(1000, { date: "2027-03-27", start_time: "22:00", end_time: "06:00" })).toEqual({
      hours: 7,
      totalCents: 7000,
    });
    expect(estimateBooking(1000, { date: "2027-10-30", start_time: "22:00", end_time: "06:00" })).toEqual({
      hours: 9,
      totalCents: 9000,
    });
  });

  it("is refused beyond 14 hours of real time, and with equal times (form and server alike)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
    const slot = (start_time: string, end_time: string) => ({
      date: "2026-12-05",
      start_time,
      end_time,
      children_ids: ["c1"],
    });
    const message = (start: string, end: string) =>
      bookingFormSchema.safeParse(slot(start, end)).error?.issues[0]?.message ?? "accepted";
    expect(message("18:00", "08:00")).toBe("accepted"); // 14 h exactly
    expect(message("18:00", "08:01")).toBe("booking.validation.tooLong");
    expect(message("20:00", "20:00")).toBe("booking.validation.sameTimes");
    expect(estimateBooking(1800, slot("18:00", "08:01"))).toEqual({ hours: 0, totalCents: 0 });
    const now = Date.parse("2026-12-01T10:00:00Z");
    expect(resolveSlot(slot("18:00", "08:00"), now).endMs - resolveSlot(slot("18:00", "08:00"), now).startMs).toBe(
      14 * HOUR,
    );
    expect(() => resolveSlot(slot("18:00", "08:01"), now)).toThrow();
    // The autumn night has an hour more: 18:00 -> 07:30 is 14.5 real hours, refused.
    expect(() =>
      resolveSlot({ date: "2026-10-24", start_time: "18:00", end_time: "07:30" }, Date.parse("2026-10-01T00:00:00Z")),
    ).toThrow();
  });
});

describe("the one time-range formatter", () => {
  const at = (date: string, time: string) => parisToUtcIso(date, time)!;

  it("marks an end on the next day in both languages, not an end at midnight", () => {
    const start = at("2026-12-05", "20:00");
    expect(parisTimeRange(start, at("2026-12-06", "01:00"), "fr")).toBe("20:00 – 01:00 (+1 j)");
    expect(parisTimeRange(start, at("2026-12-06", "01:00"), "en")).toBe("20:00 – 01:00 (+1 d)");
    expect(parisTimeRange(start, at("2026-12-05", "23:00"), "fr")).toBe("20:00 – 23:00");
    expect(parisTimeRange(start, at("2026-12-06", "00:00"), "fr")).toBe("20:00 – 00:00");
    expect(parisDaysLater(start, at("2026-12-06", "00:00"))).toBe(0);
    expect(parisEndTime(start, at("2026-12-06", "06:30"), "fr")).toBe("06:30 (+1 j)");
  });

  it("shows Paris wall-clock times across a DST night", () => {
    expect(parisTimeRange(at("2027-03-27", "22:00"), at("2027-03-28", "06:00"), "fr")).toBe("22:00 – 06:00 (+1 j)");
  });

  it("is what the emails and notices print ('hours', and an end with its start)", () => {
    const [start, end] = [at("2026-12-05", "20:00"), at("2026-12-06", "01:00")];
    expect(formatParam("fr", { hours: [start, end] })).toBe("20:00 – 01:00 (+1 j)");
    expect(formatParam("en", { time: end, since: start })).toBe("01:00 (+1 d)");
    expect(formatParam("fr", { time: end })).toBe("01:00");
  });
});

describe("the babysitter's availability (a warning, Paris wall-clock slots)", () => {
  // 2026-12-04 is a Friday.
  const friday = (start_time: string, end_time: string) => ({ date: "2026-12-04", start_time, end_time });

  it("says nothing for a babysitter who gave no availability", () => {
    expect(withinAvailability({}, friday("20:00", "01:00"))).toBe(true);
  });

  it("needs the whole slot covered, across midnight on the next weekday", () => {
    const hours = { fri: [["18:00", "23:59"]] as [string, string][], sat: [["00:00", "02:00"]] as [string, string][] };
    expect(withinAvailability(hours, friday("20:00", "01:00"))).toBe(true);
    expect(withinAvailability(hours, friday("20:00", "03:00"))).toBe(false);
    expect(withinAvailability(hours, friday("17:00", "22:00"))).toBe(false);
    expect(withinAvailability({ fri: [["18:00", "23:59"]] }, friday("20:00", "01:00"))).toBe(false);
    expect(withinAvailability({ fri: [["18:00", "23:59"]] }, friday("20:00", "00:00"))).toBe(true);
  });

  it("joins touching ranges, and flags a day left out", () => {
    const hours = {
      fri: [
        ["14:00", "18:00"],
        ["08:00", "14:00"],
      ] as [string, string][],
    };
    expect(withinAvailability(hours, friday("09:00", "17:00"))).toBe(true);
    expect(withinAvailability(hours, { date: "2026-12-05", start_time: "09:00", end_time: "10:00" })).toBe(false);
  });
});

describe("the .ics file", () => {
  const booking = {
    id: "0b6f7c1e-1111-4222-8333-444455556666",
    status: "confirmed",
    start_time: "2026-12-05T19:00:00.000Z",
    end_time: "2026-12-06T00:00:00.000Z",
    role: "babysitter",
    other_party: { first_name: "Camille", last_name: "Martin", city: "Lyon", address: "12 rue des Lilas, 69003 Lyon" },
  } as unknown as BookingDto;

  it("has CRLF lines, UTC times, the booking id as UID, the summary and the location", () => {
    const ics = bookingIcs(booking, {
      lang: "fr",
      origin: "https://veilleuse.example",
      nowMs: Date.parse("2026-12-01T08:00:00Z"),
    });
    const lines = ics.split("\r\n");
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "BEGIN:VEVENT",
        `UID:${booking.id}`,
        "DTSTAMP:20261201T080000Z",
        "DTSTART:20261205T190000Z",
        "DTEND:20261206T000000Z",
        "SUMMARY:Garde chez Camille M.",
        "LOCATION:12 rue des Lilas\\, 69003 Lyon",
        "STATUS:CONFIRMED",
        "END:VEVENT",
        "END:VCALENDAR",
      ]),
    );
    const en = bookingIcs({ ...booking, role: "parent" }, { lang: "en", origin: "https://x.example", nowMs: 0 });
    expect(en).toContain("SUMMARY:Babysitting with Camille M.\r\n");
    expect(en).not.toContain("LOCATION");
  });

  it("escapes text and folds lines over 75 octets without splitting a character", () => {
    expect(icsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    expect(icsUtc("2026-12-05T19:00:00.000Z")).toBe("20261205T190000Z");
    const folded = foldLine(`DESCRIPTION:${"é".repeat(60)}`);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .map((line, i) => (i === 0 ? line : line.slice(1)))
        .join(""),
    ).toBe(`DESCRIPTION:${"é".repeat(60)}`);
  });
});
