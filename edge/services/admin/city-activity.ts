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
 * The bucket holding the answer of rank `rank` (1 = the quickest) in a summed row's histogram: the
 * first whose answers, added to those of the quicker buckets, reach the rank.
 */
function bucketOfRank(rank: SQL): SQL {
  const counts = RESPONSE_COUNT_COLUMNS.map(id);
  const whens = counts.map(
    (_, k) => sql`WHEN ${list(counts.slice(0, k + 1), sql` + `)} >= ${rank} THEN ${sql.raw(String(k))}`,
  );
  return sql`CASE ${list(whens, sql` `)} END`;
}

/** Bucket `bucket`'s value among `columns` (one per bucket); null when `bucket` is. */
const inBucketColumn = (bucket: SQL, columns: readonly string[]) =>
  sql`CASE ${bucket} ${list(
    columns.map((name, k) => sql`WHEN ${sql.raw(String(k))} THEN ${id(name)}`),
    sql` `,
  )} END`;

/**
 * The middle answers' buckets (ranks (n + 1) / 2 and (n + 2) / 2, integer halves, as
 * histogramMedian takes them), each as its answers and their seconds: whole numbers, so that the
 * median is computed from them in JS with histogramMedian's very arithmetic (middleMedian). Null
 * without answers.
 */
function middleBuckets(): SQL {
  const n = list(RESPONSE_COUNT_COLUMNS.map(id), sql` + `);
  const at = (rank: SQL) => sql`CASE WHEN ${n} = 0 THEN NULL ELSE ${bucketOfRank(rank)} END`;
  return sql`${at(sql`(${n} + 1) / 2`)} AS low, ${at(sql`(${n} + 2) / 2`)} AS high`;
}

const MIDDLE_COLUMNS = sql`${inBucketColumn(sql`low`, RESPONSE_COUNT_COLUMNS)} AS low_answers,
  ${inBucketColumn(sql`low`, RESPONSE_SECONDS_COLUMNS)} AS low_seconds,
  ${inBucketColumn(sql`high`, RESPONSE_COUNT_COLUMNS)} AS high_answers,
  ${inBucketColumn(sql`high`, RESPONSE_SECONDS_COLUMNS)} AS high_seconds`;

/** The two middle buckets of a city's answers, as cityActivitySql gives them (null without answers). */
export type MiddleBuckets = {
  low_answers: number | null;
  low_seconds: number | null;
  high_answers: number | null;
  high_seconds: number | null;
};

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
  return meanOfMiddle([counts[low], sums[low]], [counts[high], sums[high]]);
}

/** The median from the middle answers' two buckets, each [answers, seconds]: their means, averaged. */
const meanOfMiddle = ([lowAnswers, lowSeconds]: number[], [highAnswers, highSeconds]: number[]) =>
  (lowSeconds / lowAnswers + highSeconds / highAnswers) / 2;

/** The median time in minutes from the middle buckets cityActivitySql gives (histogramMedian's median). */
export function responseMinutes(middle: MiddleBuckets): number | null {
  if (middle.low_answers === null || middle.high_answers === null) return null;
  const median = meanOfMiddle(
    [Number(middle.low_answers), Number(middle.low_seconds)],
    [Number(middle.high_answers), Number(middle.high_seconds)],
  );
  return Math.round(median / 60);
}

/**
 * Every city's activity over [from, to) as one SELECT (city_id, the measures, the middle buckets),
 * one row per city with any: the pieces added up per city. A city whose only rows were taken away
 * again (a subtracted day) has nothing left: left out. The Geography reads it within its statement.
 * LIMIT -1 keeps the middle buckets' ranks computed once per city (a flattened query would compute
 * them again in each of the four columns that pick from them).
 */
export function cityActivitySql(window: Window): SQL {
  const pieces = pieceRows(splitDaysAndMonthsEdgeDays(window));
  const sums = SUMMED.map((name) => sql`sum(${id(name)}) AS ${id(name)}`);
  const anything = list(
    SUMMED.map((name) => sql`${id(name)} <> 0`),
    sql` OR `,
  );
  return sql`SELECT city_id, ${list(CITY_ACTIVITY_MEASURES.map(id))}, ${MIDDLE_COLUMNS}
    FROM (SELECT *, ${middleBuckets()}
      FROM (SELECT city_id, ${list(sums)} FROM (${list(pieces, sql` UNION ALL `)}) GROUP BY city_id)
      WHERE ${anything} LIMIT -1)`;
}

type ActivityRow = Omit<CityActivity, "response_minutes"> & MiddleBuckets;

/** Every city's activity over [from, to), one row per city with any (cityActivitySql, read alone). */
export async function cityActivityOver(db: Db, window: Window): Promise<CityActivity[]> {
  const rows = await db.all<ActivityRow>(cityActivitySql(window));
  return rows.map(({ low_answers, low_seconds, high_answers, high_seconds, ...row }) => ({
    ...row,
    city_id: String(row.city_id),
    response_minutes: responseMinutes({ low_answers, low_seconds, high_answers, high_seconds }),
  }));
}
