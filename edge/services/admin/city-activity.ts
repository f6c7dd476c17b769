// Each commune's activity over a period, read from the per-day and per-month sums the database keeps
// (table city_activity, migration 0028), so that a year costs a few tens of thousands of summed rows
// instead of a million bookings each looked up to its profile.
//
// A period is an instant to an instant (now minus N days to now), and the sums are per UTC day and
// month, so a period is cut as the analytics cut theirs (rollup-spans.ts): whole months from their
// month rows (less the day rows of their days outside the period, when that reads fewer days), the
// other whole days from their day rows, and the two partial days at its ends from their day rows less
// the part outside the period, or live, whichever reads fewer hours (splitDaysAndMonthsEdgeDays: the
// part after a period that ends now is empty), live reads going through the same source views the sums
// are kept from (city_activity_sources). The answer is therefore what a live read of the whole period
// gives.
//
// The pieces are added up, and the median taken, by one SQL statement: one row of ten figures per
// city comes back instead of each piece's 48 sums per city (the Worker then spent most of its time
// receiving and adding up tens of thousands of values it threw away).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { CITY_ACTIVITY_MEASURES, RESPONSE_COUNT_COLUMNS, RESPONSE_SECONDS_COLUMNS } from "@db/schema/city-activity";
import { type EdgeDayTerms, splitDaysAndMonthsEdgeDays, type Window } from "./rollup-spans";

const SUMMED = [...CITY_ACTIVITY_MEASURES, ...RESPONSE_COUNT_COLUMNS, ...RESPONSE_SECONDS_COLUMNS] as const;

const id = (name: string): SQL => sql`${sql.identifier(name)}`;
const list = (parts: SQL[], separator = sql`, `) => sql.join(parts, separator);

const keptRows = (where: SQL): SQL => sql`SELECT city_id, ${list(SUMMED.map(id))} FROM city_activity WHERE ${where}`;

/** Rows to take away, negated, so that every piece is added. */
const negated = (rows: SQL): SQL =>
  sql`SELECT city_id, ${list(SUMMED.map((name) => sql`-${id(name)} AS ${id(name)}`))} FROM (${rows})`;

/**
 * The sources over a span of instants as rows of city_activity: grouped by city and answer bucket
 * first (a few rows per city), then each bucket's answers spread into its pair of columns.
 */
function liveRows(span: Window): SQL {
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

/** The period's pieces as one list of rows: month rows, day rows added and taken away, live edges. */
function pieceRows(terms: EdgeDayTerms): SQL[] {
  const days = (span: Window) => keptRows(sql`span = 'day' AND start >= ${span.from} AND start < ${span.to}`);
  const months = JSON.stringify(terms.months);
  return [
    ...(terms.months.length > 0
      ? [keptRows(sql`span = 'month' AND start IN (SELECT value FROM json_each(${months}))`)]
      : []),
    ...terms.addDays.map(days),
    ...terms.subtractDays.map((span) => negated(days(span))),
    ...terms.live.map(liveRows),
    ...terms.subtractLive.map((span) => negated(liveRows(span))),
  ];
}

/**
 * The median of the summed histogram in seconds, as histogramMedian computes it: the mean of the
 * bucket holding the answer of rank (n + 1) / 2 and of the one holding rank (n + 2) / 2 (integer
 * halves), averaged; null without answers. Evaluated once per city, on its summed row.
 */
function medianSeconds(): SQL {
  const counts = RESPONSE_COUNT_COLUMNS.map(id);
  const n = list(counts, sql` + `);
  const valueAt = (rank: SQL) =>
    sql`CASE ${list(
      RESPONSE_COUNT_COLUMNS.map(
        (name, k) =>
          sql`WHEN ${list(counts.slice(0, k + 1), sql` + `)} >= ${rank} THEN CAST(${id(RESPONSE_SECONDS_COLUMNS[k])} AS REAL) / ${id(name)}`,
      ),
      sql` `,
    )} ELSE 0 END`;
  return sql`CASE WHEN ${n} = 0 THEN NULL ELSE (${valueAt(sql`(${n} + 1) / 2`)} + ${valueAt(sql`(${n} + 2) / 2`)}) / 2 END`;
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
  /** The median time from request to answer, in minutes; null without answers. */
  response_minutes: number | null;
};

/**
 * The median of a histogram given as counts and sums per bucket: the mean of the bucket holding the
 * middle answer (the average of the two middle ones' buckets for an even count). Exact when that
 * bucket's answers took the same time; otherwise within the bucket's bounds. medianSeconds() is the
 * same rule in SQL; a test holds them equal.
 */
export function histogramMedian(counts: number[], sums: number[]): number | null {
  const n = counts.reduce((total, count) => total + count, 0);
  if (n === 0) return null;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (let k = 0; k < counts.length; k++) {
      seen += counts[k];
      if (seen >= rank) return sums[k] / counts[k];
    }
    return 0;
  };
  return (valueAt(Math.floor((n + 1) / 2)) + valueAt(Math.floor((n + 2) / 2))) / 2;
}

/** The median time in minutes from medianSeconds' value (rounded here, as before it was taken in SQL). */
export const responseMinutes = (seconds: number | null) => (seconds === null ? null : Math.round(Number(seconds) / 60));

/**
 * Every city's activity over [from, to) as one SELECT (city_id, the measures, response_seconds), one
 * row per city with any: the pieces added up per city. A city whose only rows were taken away again
 * (a subtracted day) has nothing left: left out. The Geography reads it within its one statement.
 */
export function cityActivitySql(window: Window): SQL {
  const pieces = pieceRows(splitDaysAndMonthsEdgeDays(window));
  const sums = SUMMED.map((name) => sql`sum(${id(name)}) AS ${id(name)}`);
  const anything = list(
    SUMMED.map((name) => sql`${id(name)} <> 0`),
    sql` OR `,
  );
  return sql`SELECT city_id, ${list(CITY_ACTIVITY_MEASURES.map(id))}, ${medianSeconds()} AS response_seconds
    FROM (SELECT city_id, ${list(sums)} FROM (${list(pieces, sql` UNION ALL `)}) GROUP BY city_id)
    WHERE ${anything}`;
}

type ActivityRow = Omit<CityActivity, "response_minutes"> & { response_seconds: number | null };

/** Every city's activity over [from, to), one row per city with any (cityActivitySql, read alone). */
export async function cityActivityOver(db: Db, window: Window): Promise<CityActivity[]> {
  const rows = await db.all<ActivityRow>(cityActivitySql(window));
  return rows.map(({ response_seconds: seconds, ...row }) => ({
    ...row,
    city_id: String(row.city_id),
    response_minutes: responseMinutes(seconds),
  }));
}
