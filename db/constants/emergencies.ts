// Emergency alerts raised during a booking. The numbers
// the validators, the CHECK constraints, the server's window rule and the booking page share.

/** France's emergency medical number (SAMU), quoted in every alert. */
export const EMERGENCY_PHONE = "15";

/** Where it happens: an address or a short description of the place. */
export const EMERGENCY_LOCATION_MAX_LENGTH = 300;
/** What happened, optional: a few sentences typed in a hurry. */
export const EMERGENCY_DESCRIPTION_MAX_LENGTH = 1000;

/**
 * When a booking can carry an alert: confirmed (or already marked completed), from this many hours
 * before its start (the sitter on her way, an early arrival) until this many hours after its end
 * (a fever or an injury noticed the evening after). Pending, declined or cancelled bookings never.
 */
export const EMERGENCY_WINDOW_HOURS_BEFORE_START = 2;
export const EMERGENCY_WINDOW_HOURS_AFTER_END = 12;
const HOUR_MS = 3_600_000;

/**
 * Alerts per account in any rolling hour: a real emergency is one alert, perhaps a correction or
 * two; each one emails three internal mailboxes and may text both parties, so a loop must stop at
 * once. The stored alerts are the count: the insert itself is conditional (services/emergencies/emergencies.ts).
 */
export const EMERGENCY_ALERT_LIMIT = { maxAlerts: 5, windowMs: HOUR_MS } as const;

/** The booking statuses an alert may be raised on. */
export const EMERGENCY_BOOKING_STATUSES = ["confirmed", "completed"] as const;

/** Whether a booking of this status and times may carry an alert at `nowMs` (the server's rule; the page shows the button by it). */
export function emergencyAllowed(booking: { status: string; startMs: number; endMs: number }, nowMs: number): boolean {
  if (!(EMERGENCY_BOOKING_STATUSES as readonly string[]).includes(booking.status)) return false;
  return (
    nowMs >= booking.startMs - EMERGENCY_WINDOW_HOURS_BEFORE_START * HOUR_MS &&
    nowMs <= booking.endMs + EMERGENCY_WINDOW_HOURS_AFTER_END * HOUR_MS
  );
}
