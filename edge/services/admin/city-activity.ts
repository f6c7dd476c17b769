// Each commune's activity over a period, read from the per-day and per-month sums the database keeps
// (table city_activity, migration 0028), so that a year costs a few tens of thousands of summed rows
// instead of a million bookings each looked up to its profile.
//
// A period is an instant to an instant (now minus N days to now), and the sums are per UTC day and
// month, so a period is cut as the analytics cut theirs (rollup-spans.ts splitDaysAndMonths): whole
// months from their month rows (less the day rows of their days outside the period, when that reads
// fewer days), the other whole days from their day rows, and the two partial days at its ends read
// live from the same source views the sums are kept from (city_activity_sources). The answer is
// therefore what a live read of the whole period would give.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { CITY_ACTIVITY_MEASURES, RESPONSE_COUNT_COLUMNS, RESPONSE_SECONDS_COLUMNS } from "@db/schema/city-activity";
import { type DayMonthTerms, splitDaysAndMonths, type Window } from "./rollup-spans";

const SUMMED = [...CITY_ACTIVITY_MEASURES, ...RESPONSE_COUNT_COLUMNS, ...RESPONSE_SECONDS_COLUMNS] as const;

/** A source row as a city_activity row: its answer, if any, counted in its bucket's pair of columns. */
const liveColumns = sql.join(
  [
    ...CITY_ACTIVITY_MEASURES.map((name) => sql.identifier(name)),
    ...RESPONSE_COUNT_COLUMNS.map((name, k) => sql`coalesce(bucket = ${k}, 0) AS ${sql.identifier(name)}`),
    ...RESPONSE_SECONDS_COLUMNS.map(
      (name, k) => sql`CASE WHEN bucket = ${k} THEN seconds ELSE 0 END AS ${sql.identifier(name)}`,
    ),
  ],
  sql`, `,
);

/** Each piece's rows grouped by city in SQL (its sums per city come back, never its rows), with its sign. */
function pieceQueries(terms: DayMonthTerms): { sign: 1 | -1; query: SQL }[] {
  const sums = sql.join(
    SUMMED.map((name) => sql`sum(${sql.identifier(name)}) AS ${sql.identifier(name)}`),
    sql`, `,
  );
  const days = (span: Window) =>
    sql`SELECT city_id, ${sums} FROM city_activity
      WHERE span = 'day' AND start >= ${span.from} AND start < ${span.to} GROUP BY city_id`;
  const months = (keys: string[]) =>
    sql`SELECT city_id, ${sums} FROM city_activity
      WHERE span = 'month' AND start IN (SELECT value FROM json_each(${JSON.stringify(keys)})) GROUP BY city_id`;
  const live = (span: Window) =>
    sql`SELECT city_id, ${sums} FROM (SELECT city_id, ${liveColumns} FROM city_activity_sources
      WHERE at >= ${span.from} AND at < ${span.to}) GROUP BY city_id`;
  return [
    ...(terms.months.length > 0 ? [{ sign: 1 as const, query: months(terms.months) }] : []),
    ...terms.addDays.map((span) => ({ sign: 1 as const, query: days(span) })),
    ...terms.subtractDays.map((span) => ({ sign: -1 as const, query: days(span) })),
    ...terms.live.map((span) => ({ sign: 1 as const, query: live(span) })),
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

/** Every city's activity over [from, to), one row per city with any: the pieces' sums added up here. */
export async function cityActivityOver(db: Db, window: Window): Promise<CityActivity[]> {
  const pieces = pieceQueries(splitDaysAndMonths(window));
  const answers = await Promise.all(pieces.map(({ query }) => db.all<Record<string, number | string>>(query)));
  const totals = new Map<string, number[]>();
  answers.forEach((rows, index) => {
    const { sign } = pieces[index];
    for (const row of rows) {
      const id = String(row.city_id);
      const sums = totals.get(id) ?? SUMMED.map(() => 0);
      SUMMED.forEach((name, k) => (sums[k] += sign * Number(row[name] ?? 0)));
      totals.set(id, sums);
    }
  });
  const at = (name: (typeof SUMMED)[number]) => SUMMED.indexOf(name);
  const count = at(RESPONSE_COUNT_COLUMNS[0] as (typeof SUMMED)[number]);
  const seconds = at(RESPONSE_SECONDS_COLUMNS[0] as (typeof SUMMED)[number]);
  // A city whose only rows were taken away again (a subtracted day) has nothing left: left out.
  return [...totals]
    .filter(([, sums]) => sums.some((sum) => sum !== 0))
    .map(([cityId, sums]) => {
      const median = histogramMedian(
        sums.slice(count, count + RESPONSE_COUNT_COLUMNS.length),
        sums.slice(seconds, seconds + RESPONSE_SECONDS_COLUMNS.length),
      );
      return {
        city_id: cityId,
        revenue_cents: sums[at("revenue_cents")],
        went_ahead: sums[at("went_ahead")],
        went_ahead_cents: sums[at("went_ahead_cents")],
        declined: sums[at("declined")],
        expired: sums[at("expired")],
        reviews: sums[at("reviews")],
        rating_sum: sums[at("rating_sum")],
        thin_searches: sums[at("thin_searches")],
        response_minutes: median === null ? null : Math.round(median / 60),
      };
    });
}
