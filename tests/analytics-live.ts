// The console's analytics computed live from the events, as they were before the rollups (the
// definitions of edge/services/admin/analytics.ts, each figure straight from the source rows over
// the period [from, to)). The tests compare the service's answer, read from the rollups kept by
// triggers, with these figures: they must be equal, to the unit.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { SEARCH_EVENT_FILTERS } from "../db/constants/analytics";
import { parisDateOf, parisToUtcIso } from "../db/time/paris-time";
import {
  ANALYTICS_TOP_QUERIES,
  type AdminAnalytics,
  FIRST_BOOKING_BUCKETS,
  MESSAGES_BEFORE_BUCKETS,
  RETENTION_MIN_MONTHS,
} from "../db/validators/admin-analytics";
import { bucketsOf } from "../edge/services/admin/dashboard";

type Window = { from: string; to: string };

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A CASE naming the bucket of `value` (the first whose `upTo` it does not pass), by bucket id. */
function bucketCase(value: SQL, buckets: readonly { id: string; upTo: number | null }[], inclusive: boolean): SQL {
  const whens = buckets
    .filter((bucket) => bucket.upTo !== null)
    .map((bucket) => sql`WHEN ${value} ${inclusive ? sql`<=` : sql`<`} ${bucket.upTo} THEN ${bucket.id}`);
  return sql`CASE ${sql.join(whens, sql` `)} ELSE ${buckets[buckets.length - 1].id} END`;
}

type Buckets = readonly { id: string; upTo: number | null }[];

/**
 * One statement over the values `v` of `rows` (a SELECT), computed once (MATERIALIZED): how many
 * rows, and over those that pass `kept`, their count per bucket, mean and median (a window numbers
 * them in order; the middle one or two give the median). Only the aggregates come back.
 */
async function summaryOf(db: Db, rows: SQL, buckets: Buckets, inclusive: boolean, kept: SQL = sql`1`) {
  type Row = {
    rows: number;
    kept: number;
    mean: number | null;
    median: number | null;
    bucket: string | null;
    n: number | null;
  };
  const found = await db.all<Row>(sql`
    WITH a AS MATERIALIZED (${rows}),
      d AS (SELECT v FROM a WHERE ${kept}),
      r AS (SELECT v, row_number() OVER (ORDER BY v) AS rn, count(*) OVER () AS n FROM d)
    SELECT (SELECT count(*) FROM a) AS rows, (SELECT count(*) FROM d) AS kept, (SELECT avg(v) FROM d) AS mean,
      (SELECT avg(v) FROM r WHERE rn IN ((n + 1) / 2, (n + 2) / 2)) AS median, g.bucket, g.n
    FROM (SELECT 1) LEFT JOIN (SELECT ${bucketCase(sql`v`, buckets, inclusive)} AS bucket, count(*) AS n
      FROM d GROUP BY bucket) g ON 1`);
  const counts = new Map(found.filter((row) => row.bucket !== null).map((row) => [String(row.bucket), Number(row.n)]));
  const first = found[0];
  const figure = (value: number | null | undefined) =>
    value === null || value === undefined ? null : round1(Number(value));
  return {
    rows: Number(first?.rows ?? 0),
    kept: Number(first?.kept ?? 0),
    mean: figure(first?.mean),
    median: figure(first?.median),
    distribution: buckets.map((bucket) => ({ bucket: bucket.id, count: counts.get(bucket.id) ?? 0 })),
  };
}

async function searchOf(db: Db, w: Window): Promise<AdminAnalytics["search"]> {
  const inPeriod = sql`created_at >= ${w.from} AND created_at < ${w.to}`;
  const filterSums = SEARCH_EVENT_FILTERS.map(
    (name) => sql`coalesce(sum(instr(',' || filters || ',', ${`,${name},`}) > 0), 0) AS ${sql.identifier(name)}`,
  );
  // Two passes over the period's events: one grouped per UTC hour (the days, the totals and the
  // filters, summed from at most 24 rows a day), one per word ranked twice by a window (the top
  // words, and the words most often without result).
  const keys = ["searches", "zero_results", "filtered", ...SEARCH_EVENT_FILTERS] as const;
  const [hours, words] = await Promise.all([
    db.all<{ hour: string } & Record<(typeof keys)[number], number>>(sql`
      SELECT substr(created_at, 1, 13) AS hour, count(*) AS searches, sum(result_count = 0) AS zero_results,
        sum(filters <> '') AS filtered, ${sql.join(filterSums, sql`, `)}
      FROM search_events WHERE ${inPeriod} GROUP BY hour`),
    db.all<{ query: string; searches: number; zero_results: number; top_rank: number; zero_rank: number }>(sql`
      SELECT * FROM (
        SELECT query, searches, zero_results,
          row_number() OVER (ORDER BY searches DESC, query) AS top_rank,
          row_number() OVER (ORDER BY zero_results DESC, query) AS zero_rank
        FROM (SELECT query_text AS query, count(*) AS searches, sum(result_count = 0) AS zero_results
              FROM search_events WHERE ${inPeriod} AND query_text IS NOT NULL GROUP BY query_text))
      WHERE top_rank <= ${ANALYTICS_TOP_QUERIES} OR (zero_rank <= ${ANALYTICS_TOP_QUERIES} AND zero_results > 0)`),
  ]);
  const totals = Object.fromEntries(keys.map((key) => [key, 0])) as Record<(typeof keys)[number], number>;
  for (const row of hours) for (const key of keys) totals[key] += Number(row[key] ?? 0);
  const total = totals.searches;
  const dates = bucketsOf(w, "day");
  const days = new Map(dates.map((date) => [date, { searches: 0, zero_results: 0 }]));
  for (const row of hours) {
    const day = days.get(parisDateOf(Date.parse(`${row.hour}:00:00.000Z`)));
    if (day) {
      day.searches += Number(row.searches);
      day.zero_results += Number(row.zero_results);
    }
  }
  const ranked = (rank: "top_rank" | "zero_rank") =>
    words.filter((row) => row[rank] <= ANALYTICS_TOP_QUERIES).sort((a, b) => a[rank] - b[rank]);
  return {
    total,
    zero_results: totals.zero_results,
    filtered: totals.filtered,
    top_queries: ranked("top_rank").map((row) => ({
      query: String(row.query),
      searches: Number(row.searches),
      zero_results: Number(row.zero_results),
    })),
    zero_result_queries: ranked("zero_rank")
      .filter((row) => Number(row.zero_results) > 0)
      .map((row) => ({ query: String(row.query), searches: Number(row.zero_results) })),
    filters: SEARCH_EVENT_FILTERS.map((filter) => {
      const searches = totals[filter];
      return { filter, searches, share_pct: total === 0 ? 0 : round1((searches / total) * 100) };
    }),
    per_day: dates.map((date) => ({ date, ...days.get(date)! })),
  };
}

async function firstBookingOf(db: Db, w: Window): Promise<AdminAnalytics["first_booking"]> {
  // The parents' first requests of the period that were their first ever (none before, by the
  // parent's index), with the hours since their profile was created.
  const summary = await summaryOf(
    db,
    sql`SELECT (julianday(f.first) - julianday(p.created_at)) * 24 AS v
      FROM (SELECT parent_id, min(created_at) AS first FROM bookings
            WHERE created_at >= ${w.from} AND created_at < ${w.to} GROUP BY parent_id) f
      JOIN profiles p ON p.id = f.parent_id
      WHERE NOT EXISTS (SELECT 1 FROM bookings e WHERE e.parent_id = f.parent_id AND e.created_at < f.first)`,
    FIRST_BOOKING_BUCKETS,
    false,
  );
  return { parents: summary.rows, median_hours: summary.median, distribution: summary.distribution };
}

/** "2026-05" of a Paris date, and the month before. */
const monthOf = (date: string) => date.slice(0, 7);
function previousMonth(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, "0")}`;
}
const monthStart = (month: string) => parisToUtcIso(`${month}-01`, "00:00")!;

async function retentionOf(db: Db, w: Window): Promise<AdminAnalytics["retention"]> {
  const last = monthOf(parisDateOf(Date.parse(w.to) - 1));
  const first = monthOf(parisDateOf(Date.parse(w.from)));
  const months = [last];
  while (months.length < RETENTION_MIN_MONTHS || months[0] > first) months.unshift(previousMonth(months[0]));
  const start = monthStart(months[0]);
  // Month k (0 = the first cohort's) of an instant, from the months' Paris starts as UTC instants.
  const monthIndex = (at: SQL) =>
    sql`(CASE ${sql.join(
      months.slice(1).map((month, index) => sql`WHEN ${at} < ${monthStart(month)} THEN ${index}`),
      sql` `,
    )} ELSE ${months.length - 1} END)`;
  const cohort = sql`(SELECT id, user_id, ${monthIndex(sql`created_at`)} AS cm FROM profiles
    WHERE user_type IN ('parent', 'babysitter') AND created_at >= ${start} AND created_at < ${w.to})`;
  const since = (at: SQL) => sql`${at} >= ${start} AND ${at} < ${w.to}`;
  const [sizes, active] = await Promise.all([
    db.all<{ cm: number; n: number }>(sql`SELECT cm, count(*) AS n FROM ${cohort} GROUP BY cm`),
    // UNION (not ALL) keeps one row per person, cohort and month: count(*) is then who was active.
    db.all<{ cm: number; am: number; n: number }>(sql`
      WITH c AS ${cohort}, act AS (
        SELECT c.id, c.cm, ${monthIndex(sql`a.created_at`)} AS am FROM c
          JOIN audit_events a ON a.user_id = c.user_id AND a.action = 'auth.sign_in' AND ${since(sql`a.created_at`)}
        UNION SELECT c.id, c.cm, ${monthIndex(sql`m.created_at`)} FROM c
          JOIN messages m ON m.sender_id = c.id AND ${since(sql`m.created_at`)}
        UNION SELECT c.id, c.cm, ${monthIndex(sql`b.created_at`)} FROM c
          JOIN bookings b ON b.parent_id = c.id AND ${since(sql`b.created_at`)}
        UNION SELECT c.id, c.cm, ${monthIndex(sql`b.responded_at`)} FROM c
          JOIN bookings b ON b.babysitter_id = c.id AND ${since(sql`b.responded_at`)}
      )
      SELECT cm, am, count(*) AS n FROM act WHERE am >= cm GROUP BY cm, am`),
  ]);
  const size = new Map(sizes.map((row) => [Number(row.cm), Number(row.n)]));
  const counts = new Map(active.map((row) => [`${row.cm}:${row.am}`, Number(row.n)]));
  return months.map((month, cm) => ({
    month,
    users: size.get(cm) ?? 0,
    active: months.slice(cm).map((_, k) => counts.get(`${cm}:${cm + k}`) ?? 0),
  }));
}

async function messagesBeforeOf(db: Db, w: Window): Promise<AdminAnalytics["messages_before_booking"]> {
  // Each pair's first booking of the period that was their first ever, with the messages of their
  // conversation (one per pair, smaller id first) sent before it; the figures keep the pairs that wrote.
  const summary = await summaryOf(
    db,
    sql`SELECT (SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id
              WHERE c.participant_a = min(f.parent_id, f.babysitter_id)
                AND c.participant_b = max(f.parent_id, f.babysitter_id) AND m.created_at < f.first) AS v
      FROM (SELECT parent_id, babysitter_id, min(created_at) AS first FROM bookings
            WHERE created_at >= ${w.from} AND created_at < ${w.to} GROUP BY parent_id, babysitter_id) f
      WHERE NOT EXISTS (SELECT 1 FROM bookings e WHERE e.parent_id = f.parent_id
        AND e.babysitter_id = f.babysitter_id AND e.created_at < f.first)`,
    MESSAGES_BEFORE_BUCKETS,
    true,
    sql`v > 0`,
  );
  return {
    pairs: summary.rows,
    with_messages: summary.kept,
    median: summary.median,
    mean: summary.mean,
    distribution: summary.distribution,
  };
}

/** Every figure of the analytics over [from, to), from the source rows. */
export async function liveAnalytics(db: Db, w: Window): Promise<Omit<AdminAnalytics, "period">> {
  const [search, firstBooking, retention, messagesBefore] = await Promise.all([
    searchOf(db, w),
    firstBookingOf(db, w),
    retentionOf(db, w),
    messagesBeforeOf(db, w),
  ]);
  return { ...w, search, first_booking: firstBooking, retention, messages_before_booking: messagesBefore };
}
