// Calendar months as people in France count them: the month of an instant and its bounds are
// those of Europe/Paris, whatever the server's zone, so a sitting that starts at 00:30 on the 1st
// in Paris (22:30 or 23:30 UTC the day before) counts for the new month.
import { parisDateOf, parisToUtcIso } from "@db/time/paris-time";

export type ParisMonth = {
  /** "2026-07". */
  month: string;
  /** First instant of the month, UTC ISO-8601 (inclusive). */
  start: string;
  /** First instant of the next month, UTC ISO-8601 (exclusive). */
  end: string;
};

/** Midnight in Paris on the 1st of that month (midnight always exists: clocks change at 02:00/03:00). */
const firstInstantOf = (year: number, month: number) =>
  parisToUtcIso(`${year}-${String(month).padStart(2, "0")}-01`, "00:00") as string;

/** The Paris calendar month `now` falls in, with its bounds as stored times compare. */
export function parisMonthOf(now: Date): ParisMonth {
  const [year, month] = parisDateOf(now.getTime()).split("-").map(Number);
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return {
    month: `${year}-${String(month).padStart(2, "0")}`,
    start: firstInstantOf(year, month),
    end: firstInstantOf(nextYear, nextMonth),
  };
}
