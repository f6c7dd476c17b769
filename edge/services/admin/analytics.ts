// The admin console's analytics (/admin/analytics), from the tables themselves, each figure an
// aggregate computed by SQL (GROUP BY, counts, a window for medians): no row of a person reaches
// this code, so the answer's cost grows with the number of groups, not of people.
//
// Definitions:
// - searches: the search_events of the period (a search's first page; nobody's id in them);
//   top words and zero-result words leave out searches without words (a place or filters only);
//   a filter's share is the searches that set it among all searches of the period;
// - time to a first booking: the parents whose first booking request ever was made in the period,
//   from their profile's creation to that request;
// - retention: parents and sitters (no admin) by the Paris month they signed up in, for the months
//   the period touches (at least the last RETENTION_MIN_MONTHS); a person is active in a month when
//   she signed in (audit action auth.sign_in), sent a message, requested a booking or answered one
//   (accepted or declined) in it;
// - messages before a first booking: the parent–sitter pairs whose first booking together was
//   requested in the period; the messages of their conversation (both ways) sent before it; the
//   median, mean and distribution are over the pairs with at least one such message.
// Days and months are Paris ones: SQLite has no time zones, so the month boundaries are computed
// here as UTC instants and handed to SQL, and the searches per day are read per UTC hour and folded.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { SEARCH_EVENT_FILTERS } from "@db/constants/analytics";
import { DAY_MS, parisDateOf, parisToUtcIso } from "@db/time/paris-time";
import {
  ANALYTICS_TOP_QUERIES,
  type AdminAnalytics,
  FIRST_BOOKING_BUCKETS,
  MESSAGES_BEFORE_BUCKETS,
  RETENTION_MIN_MONTHS,
} from "@db/validators/admin-analytics";
import { DASHBOARD_PERIOD_DAYS, type DashboardPeriod } from "@db/validators/admin-dashboard";
import { bucketsOf, fold } from "./dashboard";

type Window = { from: string; to: string };

const iso = (ms: number) => new Date(ms).toISOString();
const round1 = (value: number) => Math.round(value * 10) / 10;

/** A CASE naming the bucket of `value` (the first whose `upTo` it does not pass), by bucket id. */
function bucketCase(value: SQL, buckets: readonly { id: string; upTo: number | null }[], inclusive: boolean): SQL {
  const whens = buckets
    .filter((bucket) => bucket.upTo !== null)
    .map((bucket) => sql`WHEN ${value} ${inclusive ? sql`<=` : sql`<`} ${bucket.upTo} THEN ${bucket.id}`);
  return sql`CASE ${sql.join(whens, sql` `)} ELSE ${buckets[buckets.length - 1].id} END`;
}

/** Every bucket in order, with the counts SQL found (0 for the others). */
function distributionOf(buckets: readonly { id: string }[], rows: { bucket: string; n: number }[]) {
  const counts = new Map(rows.map((row) => [row.bucket, Number(row.n)]));
  return buckets.map((bucket) => ({ bucket: bucket.id, count: counts.get(bucket.id) ?? 0 }));
}

/** The median of `value` over the rows of `from` (a subquery), computed by SQL; null when none. */
async function medianOf(db: Db, value: SQL, from: SQL): Promise<number | null> {
  const [row] = await db.all<{ median: number | null }>(sql`
    SELECT avg(v) AS median FROM (
      SELECT ${value} AS v, row_number() OVER (ORDER BY ${value}) AS rn, count(*) OVER () AS n FROM ${from}
    ) WHERE rn IN ((n + 1) / 2, (n + 2) / 2)`);
  return row?.median === null || row?.median === undefined ? null : Number(row.median);
}

async function searchOf(db: Db, w: Window): Promise<AdminAnalytics["search"]> {
  const inPeriod = sql`created_at >= ${w.from} AND created_at < ${w.to}`;
  const filterSums = SEARCH_EVENT_FILTERS.map(
    (name) => sql`coalesce(sum(instr(',' || filters || ',', ${`,${name},`}) > 0), 0) AS ${sql.identifier(name)}`,
  );
  const [[totals], top, zero, hours] = await Promise.all([
    db.all<Record<string, number>>(sql`
      SELECT count(*) AS total, coalesce(sum(result_count = 0), 0) AS zero_results,
        coalesce(sum(filters <> ''), 0) AS filtered, ${sql.join(filterSums, sql`, `)}
      FROM search_events WHERE ${inPeriod}`),
    db.all<{ query: string; searches: number; zero_results: number }>(sql`
      SELECT query_text AS query, count(*) AS searches, sum(result_count = 0) AS zero_results
      FROM search_events WHERE ${inPeriod} AND query_text IS NOT NULL
      GROUP BY query_text ORDER BY searches DESC, query_text LIMIT ${ANALYTICS_TOP_QUERIES}`),
    db.all<{ query: string; searches: number }>(sql`
      SELECT query_text AS query, count(*) AS searches
      FROM search_events WHERE ${inPeriod} AND query_text IS NOT NULL AND result_count = 0
      GROUP BY query_text ORDER BY searches DESC, query_text LIMIT ${ANALYTICS_TOP_QUERIES}`),
    db.all<{ hour: string; searches: number; zero_results: number }>(sql`
      SELECT substr(created_at, 1, 13) AS hour, count(*) AS searches, sum(result_count = 0) AS zero_results
      FROM search_events WHERE ${inPeriod} GROUP BY hour`),
  ]);
  const total = Number(totals?.total ?? 0);
  const dates = bucketsOf(w, "day");
  const days = fold(hours, ["searches", "zero_results"], dates, "day");
  return {
    total,
    zero_results: Number(totals?.zero_results ?? 0),
    filtered: Number(totals?.filtered ?? 0),
    top_queries: top.map((row) => ({
      query: String(row.query),
      searches: Number(row.searches),
      zero_results: Number(row.zero_results),
    })),
    zero_result_queries: zero.map((row) => ({ query: String(row.query), searches: Number(row.searches) })),
    filters: SEARCH_EVENT_FILTERS.map((filter) => {
      const searches = Number(totals?.[filter] ?? 0);
      return { filter, searches, share_pct: total === 0 ? 0 : round1((searches / total) * 100) };
    }),
    per_day: dates.map((date) => ({ date, ...days.get(date)! })),
  };
}

async function firstBookingOf(db: Db, w: Window): Promise<AdminAnalytics["first_booking"]> {
  // The parents' first requests of the period that were their first ever (none before, by the
  // parent's index), with the hours since their profile was created.
  const firsts = sql`(
    SELECT (julianday(f.first) - julianday(p.created_at)) * 24 AS hours
    FROM (SELECT parent_id, min(created_at) AS first FROM bookings
          WHERE created_at >= ${w.from} AND created_at < ${w.to} GROUP BY parent_id) f
    JOIN profiles p ON p.id = f.parent_id
    WHERE NOT EXISTS (SELECT 1 FROM bookings e WHERE e.parent_id = f.parent_id AND e.created_at < f.first)
  )`;
  const [rows, median] = await Promise.all([
    db.all<{ bucket: string; n: number }>(sql`
      SELECT ${bucketCase(sql`hours`, FIRST_BOOKING_BUCKETS, false)} AS bucket, count(*) AS n
      FROM ${firsts} GROUP BY bucket`),
    medianOf(db, sql`hours`, firsts),
  ]);
  const distribution = distributionOf(FIRST_BOOKING_BUCKETS, rows);
  return {
    parents: distribution.reduce((sum, bucket) => sum + bucket.count, 0),
    median_hours: median === null ? null : round1(median),
    distribution,
  };
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
  // conversation (one per pair, smaller id first) sent before it.
  const pairs = sql`(
    SELECT (SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id
            WHERE c.participant_a = min(f.parent_id, f.babysitter_id)
              AND c.participant_b = max(f.parent_id, f.babysitter_id) AND m.created_at < f.first) AS n
    FROM (SELECT parent_id, babysitter_id, min(created_at) AS first FROM bookings
          WHERE created_at >= ${w.from} AND created_at < ${w.to} GROUP BY parent_id, babysitter_id) f
    WHERE NOT EXISTS (SELECT 1 FROM bookings e WHERE e.parent_id = f.parent_id
      AND e.babysitter_id = f.babysitter_id AND e.created_at < f.first)
  )`;
  const withMessages = sql`(SELECT n FROM ${pairs} WHERE n > 0)`;
  const [[totals], rows, median] = await Promise.all([
    db.all<{ pairs: number; with_messages: number; mean: number | null }>(sql`
      SELECT count(*) AS pairs, coalesce(sum(n > 0), 0) AS with_messages,
        avg(CASE WHEN n > 0 THEN n END) AS mean FROM ${pairs}`),
    db.all<{ bucket: string; n: number }>(sql`
      SELECT ${bucketCase(sql`n`, MESSAGES_BEFORE_BUCKETS, true)} AS bucket, count(*) AS n
      FROM ${withMessages} GROUP BY bucket`),
    medianOf(db, sql`n`, withMessages),
  ]);
  return {
    pairs: Number(totals?.pairs ?? 0),
    with_messages: Number(totals?.with_messages ?? 0),
    median: median === null ? null : round1(median),
    mean: totals?.mean === null || totals?.mean === undefined ? null : round1(Number(totals.mean)),
    distribution: distributionOf(MESSAGES_BEFORE_BUCKETS, rows),
  };
}

export async function adminAnalytics(db: Db, period: DashboardPeriod, nowMs = Date.now()): Promise<AdminAnalytics> {
  const w = { from: iso(nowMs - DASHBOARD_PERIOD_DAYS[period] * DAY_MS), to: iso(nowMs) };
  const [search, firstBooking, retention, messagesBefore] = await Promise.all([
    searchOf(db, w),
    firstBookingOf(db, w),
    retentionOf(db, w),
    messagesBeforeOf(db, w),
  ]);
  return {
    period,
    ...w,
    search,
    first_booking: firstBooking,
    retention,
    messages_before_booking: messagesBefore,
  };
}
