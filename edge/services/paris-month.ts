// Calendar months as people in France count them: the month of an instant and its bounds are
// those of Europe/Paris, whatever the server's zone, so a sitting that starts at 00:30 on the 1st
// in Paris (22:30 or 23:30 UTC the day before) counts for the new month.
const TIME_ZONE = "Europe/Paris";

const parisParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(instantMs: number) {
  const parts = Object.fromEntries(parisParts.formatToParts(new Date(instantMs)).map((p) => [p.type, Number(p.value)]));
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** Minutes Paris is ahead of UTC at this instant (60 in winter, 120 in summer). */
function offsetMinutes(instantMs: number): number {
  const p = wallClock(instantMs);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/** The UTC instant of midnight, Paris time, on the first day of `month` (1-12, may be 13). */
function parisMonthStartMs(year: number, month: number): number {
  const naive = Date.UTC(year, month - 1, 1);
  // Midnight Paris is the naive time minus the offset then; the offset is read twice because it
  // depends on the instant we are looking for (changes happen at 01:00 UTC, never at midnight).
  const guess = naive - offsetMinutes(naive) * 60_000;
  return naive - offsetMinutes(guess) * 60_000;
}

export type ParisMonth = {
  /** "2026-07". */
  month: string;
  /** First instant of the month, UTC ISO-8601 (inclusive). */
  start: string;
  /** First instant of the next month, UTC ISO-8601 (exclusive). */
  end: string;
};

/** The Paris calendar month `now` falls in, with its bounds as stored times compare. */
export function parisMonthOf(now: Date): ParisMonth {
  const { year, month } = wallClock(now.getTime());
  return {
    month: `${year}-${String(month).padStart(2, "0")}`,
    start: new Date(parisMonthStartMs(year, month)).toISOString(),
    end: new Date(parisMonthStartMs(year, month + 1)).toISOString(),
  };
}
