// Each commune's activity over a period, read from the per-day, per-month and year-to-date sums the
// database keeps (table city_activity, migrations 0028 and 0041), so that a year costs a few rows per
// city instead of a million bookings each looked up to its profile.
//
// A period is an instant to an instant, and the sums are per UTC day and month, so a period is cut as
// the analytics cut theirs (rollup-spans.ts): whole months from their month rows (less the day rows
// of their days outside the period, when that reads fewer days), the other whole days from their day
// rows, and the two partial days at its ends from their day rows less the part outside the period,
// or live, whichever reads fewer hours (splitDaysAndMonthsEdgeDays: the part after a period that ends
// now is empty), live reads going through the same source views the sums are kept from
// (city_activity_sources). A run of whole months is read from the year-to-date rows when that is
// fewer rows (monthsAsYearToDate). The answer is therefore what a live read of the whole period gives.
//
// The pieces are added up by one SQL statement: one row per city comes back, with the answers'
// histogram as one JSON array, instead of each piece's sums per city (the Worker then spent most of
// its time receiving and adding up tens of thousands of values it threw away).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { CITY_ACTIVITY_MEASURES, RESPONSE_COUNT_COLUMNS, RESPONSE_SECONDS_COLUMNS } from "@db/schema/city-activity";
import { type EdgeDayTerms, splitDaysAndMonthsEdgeDays, type Window, wholeMonthKeys } from "./rollup-spans";

const SUMMED = [...CITY_ACTIVITY_MEASURES, ...RESPONSE_COUNT_COLUMNS, ...RESPONSE_SECONDS_COLUMNS] as const;

const id = (name: string): SQL => sql`${sql.identifier(name)}`;
const list = (parts: SQL[], separator = sql`, `) => sql.join(parts, separator);

/** The columns a read sums: all of them, or only the plans' (a count of plans in force). */
type Columns = readonly string[];
const PLAN_COLUMNS: Columns = ["plans_started", "plans_ended"];

const keptRows = (where: SQL, columns: Columns): SQL =>
  sql`SELECT city_id, ${list(columns.map(id))} FROM city_activity WHERE ${where}`;

/** Rows to take away, negated, so that every piece is added. */
const negated = (rows: SQL, columns: Columns): SQL =>
  sql`SELECT city_id, ${list(columns.map((name) => sql`-${id(name)} AS ${id(name)}`))} FROM (${rows})`;

/** The sources over a span of instants as rows of city_activity's `columns`. */
const liveRows = (span: Window, columns: Columns): SQL =>
  columns === SUMMED
    ? liveActivityRows(span)
    : sql`SELECT city_id, ${list(columns.map((name) => sql`sum(${id(name)}) AS ${id(name)}`))}
        FROM city_activity_sources WHERE at >= ${span.from} AND at < ${span.to} GROUP BY city_id`;

/**
 * The sources over a span of instants as whole rows of city_activity: grouped by city and answer
 * bucket first (a few rows per city), then each bucket's answers spread into its pair of columns.
 */
function liveActivityRows(span: Window): SQL {
  const measures = CITY_ACTIVITY_MEASURES.map((name) => sql`sum(${id(name)}) AS ${id(name)}`);
  const inBucket = (k: number, value: string) =>
    sql`sum(CASE WHEN bucket = ${sql.raw(String(k))} THEN ${id(value)} ELSE 0 END)`;
  const spread = [
    ...RESPONSE_COUNT_COLUMNS.map((name, k) => sql`${inBucket(k, "answers")} AS ${id(name)}`),
    ...RESPONSE_SECONDS_COLUMNS.map((name, k) => sql`${inBucket(k, "seconds")} AS ${id(name)}`),
  ];
  return sql`SELECT city_id, ${list(measures)}, ${list(spread)}
    FROM (SELECT city_id, bucket, ${list(measures)}, count(bucket) AS answers, sum(seconds) AS seconds
      FROM city_activity_sources WHERE at >= ${span.from} AND at < ${span.to} GROUP BY city_id, bucket)
    GROUP BY city_id`;
}

/** The whole months' rows: month rows, or year-to-date rows when they are fewer. */
function monthRows(months: string[], columns: Columns): SQL[] {
  const { span, add, subtract } = wholeMonthKeys(months);
  const inList = (keys: string[]) =>
    keptRows(sql`span = ${span} AND start IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`, columns);
  return [...(add.length ? [inList(add)] : []), ...(subtract.length ? [negated(inList(subtract), columns)] : [])];
}

/** The period's pieces as one list of rows: month rows, day rows added and taken away, live edges. */
function pieceRows(terms: EdgeDayTerms, columns: Columns = SUMMED): SQL[] {
  const days = (span: Window) => keptRows(sql`span = 'day' AND start >= ${span.from} AND start < ${span.to}`, columns);
  return [
    ...monthRows(terms.months, columns),
    ...terms.addDays.map(days),
    ...terms.subtractDays.map((span) => negated(days(span), columns)),
    ...terms.live.map((span) => liveRows(span, columns)),
    ...terms.subtractLive.map((span) => negated(liveRows(span, columns), columns)),
  ];
}

export type CityActivity = {
  city_id: string;
  revenue_cents: number;
  went_ahead: number;
  went_ahead_cents: number;
  declined: number;
  expired: number;
  reviews: number;
  rating_sum: number;
  thin_searches: number;
  plans_started: number;
  plans_ended: number;
  /** The median time from request to answer, in minutes; null without answers. */
  response_minutes: number | null;
};

/**
 * The median of a histogram given as counts and sums per bucket: the mean of the bucket holding the
 * middle answer (the average of the two middle ones' buckets for an even count). Exact when that
 * bucket's answers took the same time; otherwise within the bucket's bounds.
 */
export function histogramMedian(counts: number[], sums: number[]): number | null {
  const n = counts.reduce((total, count) => total + count, 0);
  if (n === 0) return null;
  const bucketAt = (rank: number) => {
    let seen = 0;
    for (let k = 0; k < counts.length; k++) {
      seen += counts[k];
      if (seen >= rank) return k;
    }
    return -1;
  };
  const [low, high] = [bucketAt(Math.floor((n + 1) / 2)), bucketAt(Math.floor((n + 2) / 2))];
  return (sums[low] / counts[low] + sums[high] / counts[high]) / 2;
}

/** The answers' histogram as cityActivitySql gives it: the answers per bucket, then their seconds. */
export type Histogram = number[];

/** The median time from request to answer in minutes (histogramMedian's); null without answers. */
export function responseMinutes(histogram: Histogram | null): number | null {
  if (!histogram) return null;
  const buckets = RESPONSE_COUNT_COLUMNS.length;
  const median = histogramMedian(histogram.slice(0, buckets), histogram.slice(buckets));
  return median === null ? null : Math.round(median / 60);
}

/**
 * Every city's activity over [from, to) as one SELECT (city_id, the measures, and the histogram as a
 * JSON array of its 40 sums), one row per city with any: the pieces added up per city. A city whose
 * only rows were taken away again (a subtracted day) has nothing left: left out. The Geography reads
 * it within its statement. The median is taken in JS from the histogram: finding the middle buckets
 * in SQL cost more than adding up every piece (measured: 64 ms against 56 for a year's statement).
 */
export function cityActivitySql(window: Window): SQL {
  const pieces = pieceRows(splitDaysAndMonthsEdgeDays(window));
  const sums = SUMMED.map((name) => sql`sum(${id(name)}) AS ${id(name)}`);
  const anything = list(
    SUMMED.map((name) => sql`${id(name)} <> 0`),
    sql` OR `,
  );
  const histogram = list([...RESPONSE_COUNT_COLUMNS, ...RESPONSE_SECONDS_COLUMNS].map(id));
  return sql`SELECT city_id, ${list(CITY_ACTIVITY_MEASURES.map(id))}, json_array(${histogram}) AS histogram
    FROM (SELECT city_id, ${list(sums)} FROM (${list(pieces, sql` UNION ALL `)}) GROUP BY city_id)
    WHERE ${anything}`;
}

/** Every city's activity over [from, to), one row per city with any (cityActivitySql, read alone). */
export async function cityActivityOver(db: Db, window: Window): Promise<CityActivity[]> {
  const rows = await db.all<Omit<CityActivity, "response_minutes"> & { histogram: string }>(cityActivitySql(window));
  return rows.map(({ histogram, ...row }) => ({
    ...row,
    city_id: String(row.city_id),
    response_minutes: responseMinutes(JSON.parse(histogram) as Histogram),
  }));
}

/** Nothing the marketplace keeps is older: a sum "to date" starts here. */
const FIRST_INSTANT = "2000-01-01T00:00:00.000Z";

/**
 * Each city's paid plans in force at `at` (city_id, plans): the plans started before it less those
 * ended before it, summed to date from the kept rows (a year's December row per year before, then
 * that year's rows to `at`) as a period is. One sitter holds one paid plan at a time, so these are
 * her subscribers.
 */
export function plansInForceSql(at: string): SQL {
  const pieces = pieceRows(splitDaysAndMonthsEdgeDays({ from: FIRST_INSTANT, to: at }), PLAN_COLUMNS);
  return sql`SELECT city_id, sum(plans_started) - sum(plans_ended) AS plans
    FROM (${list(pieces, sql` UNION ALL `)}) GROUP BY city_id`;
}
