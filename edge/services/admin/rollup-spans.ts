// A period of instants [from, to) cut for a rollup kept per UTC hour or day: the whole units it
// covers, read from the rollup by their keys ("2026-11-27T14", "2026-11-27"), and the partial units at
// its two edges, read live from the events (by their time index), so that the sum is exactly what a
// live read of the whole period gives.
import { sql, type SQL } from "drizzle-orm";
import { DAY_MS, HOUR_MS } from "@db/time/paris-time";

export type Window = { from: string; to: string };
export type RollupUnit = "hour" | "day";
export type Split = {
  /** The keys of the whole units, [from, to); null when the period covers none. */
  whole: Window | null;
  /** The rest of the period, to read live: none, one or two spans of instants. */
  edges: Window[];
};

const UNIT_MS: Record<RollupUnit, number> = { hour: HOUR_MS, day: DAY_MS };
/** A unit's key is the start of its ISO instant: "2026-11-27T14" (hour), "2026-11-27" (day). */
export const ROLLUP_KEY_LENGTH: Record<RollupUnit, number> = { hour: 13, day: 10 };

const iso = (ms: number) => new Date(ms).toISOString();

export function splitWindow(w: Window, unit: RollupUnit): Split {
  const size = UNIT_MS[unit];
  const first = Math.ceil(Date.parse(w.from) / size) * size;
  const end = Math.floor(Date.parse(w.to) / size) * size;
  if (first >= end) return { whole: null, edges: [w] };
  const key = (ms: number) => iso(ms).slice(0, ROLLUP_KEY_LENGTH[unit]);
  const edges = [
    { from: w.from, to: iso(first) },
    { from: iso(end), to: w.to },
  ].filter((edge) => Date.parse(edge.from) < Date.parse(edge.to));
  return { whole: { from: key(first), to: key(end) }, edges };
}

/** `column` within one of the spans (false when there is none): one index range per span. */
export const withinAny = (column: SQL, spans: Window[]): SQL =>
  spans.length === 0
    ? sql`0`
    : sql`(${sql.join(
        spans.map((span) => sql`(${column} >= ${span.from} AND ${column} < ${span.to})`),
        sql` OR `,
      )})`;

/** `key` among the whole units (false when there is none). */
export const wholeUnits = (key: SQL, whole: Window | null): SQL =>
  whole ? sql`(${key} >= ${whole.from} AND ${key} < ${whole.to})` : sql`0`;

/**
 * A period summed from rows kept per UTC day and per UTC month (search_queries): the partial days at
 * its edges live, then for each month its whole days touch, either those days' rows, or the month's
 * row less the rows of its days outside the period (the month the period ends in is its row less the
 * days from the period's last one on, which exist only up to now), whichever reads fewer days. A year
 * then reads eleven months, a few days and today instead of 365 days.
 */
export type DayMonthTerms = {
  /** Month keys ("2026-10") to add. */
  months: string[];
  /** Day-key spans ("2026-10-28" to "2026-11-01") to add, and to take away. */
  addDays: Window[];
  subtractDays: Window[];
  /** Instants to read live. */
  live: Window[];
};

const nextMonthKey = (month: string) => {
  const [year, m] = month.split("-").map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
};
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The months and days that add up to the whole days [from, to) (day keys), as described above. */
function wholeDayTerms(whole: Window): Pick<DayMonthTerms, "months" | "addDays" | "subtractDays"> {
  const terms: Pick<DayMonthTerms, "months" | "addDays" | "subtractDays"> = {
    months: [],
    addDays: [],
    subtractDays: [],
  };
  for (let day = whole.from; day < whole.to;) {
    const month = day.slice(0, 7);
    const [first, next] = [`${month}-01`, `${nextMonthKey(month)}-01`];
    const end = whole.to < next ? whole.to : next;
    const outside = daysBetween(first, day) + (end < next ? 1 : 0);
    if (outside < daysBetween(day, end)) {
      terms.months.push(month);
      if (first < day) terms.subtractDays.push({ from: first, to: day });
      if (end < next) terms.subtractDays.push({ from: end, to: next });
    } else terms.addDays.push({ from: day, to: end });
    day = end;
  }
  return terms;
}

export function splitDaysAndMonths(w: Window): DayMonthTerms {
  const { whole, edges } = splitWindow(w, "day");
  return whole ? { ...wholeDayTerms(whole), live: edges } : { months: [], addDays: [], subtractDays: [], live: edges };
}

/** splitDaysAndMonths, with instants to take away as well as to add. */
export type EdgeDayTerms = DayMonthTerms & { subtractLive: Window[] };

const dayKey = (ms: number) => iso(ms).slice(0, ROLLUP_KEY_LENGTH.day);

/**
 * A period cut as splitDaysAndMonths cuts it, but its partial days read mostly from their day rows:
 * - the day the period ends in is its day row less the instants from the end to midnight, read live.
 *   For a period that ends now, those are in the future, where no row is yet: an empty index range
 *   instead of a whole day of rows (by evening, the costliest part of the read);
 * - the day it starts in is read live on its shorter side: the part in the period, or its day row
 *   less the part before the period.
 * A period within one day (or across one midnight, with no whole day) is read live, whole.
 */
export function splitDaysAndMonthsEdgeDays(w: Window): EdgeDayTerms {
  const { whole, edges } = splitWindow(w, "day");
  if (!whole) return { months: [], addDays: [], subtractDays: [], live: edges, subtractLive: [] };
  const terms: EdgeDayTerms = { months: [], addDays: [], subtractDays: [], live: [], subtractLive: [] };
  const span = { ...whole };
  const [from, to] = [Date.parse(w.from), Date.parse(w.to)];
  const firstWhole = Date.parse(whole.from);
  if (from < firstWhole) {
    const dayStart = firstWhole - DAY_MS;
    if (firstWhole - from <= from - dayStart) terms.live.push({ from: w.from, to: iso(firstWhole) });
    else {
      span.from = dayKey(dayStart);
      terms.subtractLive.push({ from: iso(dayStart), to: w.from });
    }
  }
  const lastWhole = Date.parse(whole.to);
  if (lastWhole < to) {
    span.to = dayKey(lastWhole + DAY_MS);
    terms.subtractLive.push({ from: w.to, to: iso(lastWhole + DAY_MS) });
  }
  return { ...terms, ...wholeDayTerms(span) };
}

const monthBefore = (month: string) => {
  const [year, m] = month.split("-").map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, "0")}`;
};

/**
 * A run of consecutive whole months ("2025-12" … "2026-11") as year-to-date rows (span 'ytd' of
 * city_activity and search_queries: the sums from January through that month): each year's December it runs through, and its last
 * month, added; the month before its first taken away (unless that is a January). At most three rows
 * for a year, two within one year, whatever the number of months. Null when the months do not follow
 * one another.
 */
export function monthsAsYearToDate(months: string[]): { add: string[]; subtract: string[] } | null {
  if (months.length === 0 || months.some((month, k) => k > 0 && monthBefore(month) !== months[k - 1])) return null;
  const [first, last] = [months[0], months[months.length - 1]];
  const add: string[] = [];
  for (let year = Number(first.slice(0, 4)); year < Number(last.slice(0, 4)); year++) add.push(`${year}-12`);
  add.push(last);
  return { add, subtract: first.endsWith("-01") ? [] : [monthBefore(first)] };
}

/**
 * The keys to read a run of whole months by: its month rows, or year-to-date rows to add and take
 * away (monthsAsYearToDate) when those are fewer. For the tables that keep both spans.
 */
export function wholeMonthKeys(months: string[]): { span: "month" | "ytd"; add: string[]; subtract: string[] } {
  const toDate = monthsAsYearToDate(months);
  return toDate && toDate.add.length + toDate.subtract.length < months.length
    ? { span: "ytd", ...toDate }
    : { span: "month", add: months, subtract: [] };
}
