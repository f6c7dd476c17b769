// 'Ajouter à mon agenda' (issue 19): one booking as an iCalendar file (RFC 5545) for either of its
// two parties. Times are UTC (a "Z" DTSTART/DTEND needs no time-zone block and every calendar shows
// them in its own zone); the UID is the booking's id, so importing it again updates the same event.
// The location is what the caller may know: the family's address once the booking is confirmed (the
// parent's own, or the babysitter's to come to), the city before.
import type { Db } from "@db/client";
import type { BookingDto } from "@db/validators/booking";
import { shortName } from "../notifications/notices";
import { translate, type Lang } from "../../lib/i18n";
import { getBooking } from "./bookings";

const STATUS_OF: Record<BookingDto["status"], string> = {
  pending: "TENTATIVE",
  confirmed: "CONFIRMED",
  completed: "CONFIRMED",
  cancelled: "CANCELLED",
};

/** "2026-12-05T19:00:00.000Z" -> "20261205T190000Z" (RFC 5545 §3.3.5, UTC form). */
export const icsUtc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as "\n". */
export const icsText = (text: string) =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets are folded: CRLF then one space (RFC 5545 §3.1), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; the next ones 74 after their leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The event for `booking` as its party `me` reads it (names and address as the API shows them). */
export function bookingIcs(booking: BookingDto, input: { lang: Lang; origin: string; nowMs: number }): string {
  const other = shortName({ firstName: booking.other_party.first_name, lastName: booking.other_party.last_name });
  const summary = translate(input.lang, `booking.calendar.summary.${booking.role}`, { name: other });
  const location = booking.role === "parent" ? null : (booking.other_party.address ?? booking.other_party.city);
  const description = translate(input.lang, "booking.calendar.description", {
    url: `${input.origin}/bookings/${booking.id}`,
  });
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Veilleuse//Bookings//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${booking.id}`,
    `DTSTAMP:${icsUtc(new Date(input.nowMs).toISOString())}`,
    `DTSTART:${icsUtc(booking.start_time)}`,
    `DTEND:${icsUtc(booking.end_time)}`,
    `SUMMARY:${icsText(summary)}`,
    ...(location ? [`LOCATION:${icsText(location)}`] : []),
    `DESCRIPTION:${icsText(description)}`,
    `URL:${input.origin}/bookings/${booking.id}`,
    `STATUS:${STATUS_OF[booking.status]}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** GET /api/bookings/{id}/calendar.ics: for the booking's two parties only (anyone else: 404). */
export async function bookingCalendar(
  db: Db,
  me: string,
  id: string,
  input: { lang: Lang; origin: string; nowMs: number },
): Promise<string> {
  return bookingIcs(await getBooking(db, me, id, input.nowMs), input);
}
