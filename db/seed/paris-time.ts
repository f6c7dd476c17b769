// Demo bookings are planned in Paris local time (evenings, school pick-ups) and stored in UTC.
const parisFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Minutes Paris is ahead of UTC at this instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(instantMs: number): number {
  const parts = Object.fromEntries(parisFormat.formatToParts(new Date(instantMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/** The Paris calendar date of an instant, as UTC-midnight milliseconds of that date. */
export function parisDateOf(instantMs: number): number {
  const shifted = instantMs + parisOffsetMinutes(instantMs) * 60_000;
  const d = new Date(shifted);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** UTC instant of a Paris wall-clock time: `dateMs` is a UTC-midnight date, `minutes` past local midnight. */
export function parisWallClockToUtc(dateMs: number, minutes: number): number {
  const naive = dateMs + minutes * 60_000;
  const first = naive - parisOffsetMinutes(naive - 60 * 60_000) * 60_000;
  return naive - parisOffsetMinutes(first) * 60_000;
}

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const iso = (ms: number) => new Date(ms).toISOString();
