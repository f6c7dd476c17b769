// Demo bookings are planned in Paris local time (evenings, school pick-ups) and stored in UTC. The
// seed counts in milliseconds; the conversions are the app's own (db/time/paris-time.ts).
import { DAY_MS, HOUR_MS, dateMsOf, parisDateOf as parisDate, parisToUtcMs } from "../time/paris-time";

export { DAY_MS, HOUR_MS };

/** The Paris calendar date of an instant, as UTC-midnight milliseconds of that date. */
export function parisDateOf(instantMs: number): number {
  return dateMsOf(parisDate(instantMs))!;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** UTC instant of a Paris wall-clock time: `dateMs` is a UTC-midnight date, `minutes` past local midnight. */
export function parisWallClockToUtc(dateMs: number, minutes: number): number {
  const date = new Date(dateMs).toISOString().slice(0, 10);
  const instant = parisToUtcMs(date, `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  // Demo sittings start between 09:00 and 19:30, never in the hour skipped in March.
  if (instant === null) throw new Error(`no such Paris time: ${date} +${minutes} min`);
  return instant;
}

export const iso = (ms: number) => new Date(ms).toISOString();
