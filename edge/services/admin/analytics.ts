// The admin console's analytics (/admin/analytics), from the tables themselves, each figure an
// aggregate computed by SQL (GROUP BY, counts, a window for medians): no row of a person reaches
// this code, only groups (words, hours, buckets, months) come back.
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
// Precomputed, by the database as the rows are written (SQLite triggers of migration 0029, no cron;
// db/schema/analytics-rollups.ts says what each row holds, and each is checked against its sources
// by tests/unit/analytics-rollups.test.ts):
// - search_hours (per UTC hour: searches, without result, filtered, per filter), search_days (the
//   same per Paris date, migration 0044) and search_queries (per UTC day, month and year to date, and
//   words): the sums of search_events, which the retention purge's deletes take their part from;
// - parent_first_bookings and pair_first_bookings (each parent's and pair's first request, and the
//   messages the pair exchanged before it), pair_first_booking_days (those pairs per day and count);
// - member_activity_months (a row per person and Paris month she was active in), counted per cohort
//   and month in member_activity_counts, and member_cohorts (sign-ups per Paris month);
// - paris_months: each Paris month's start as a UTC instant (dashboard_days, migration 0042, has the
//   other SQL statement of Paris time: a UTC hour's Paris date).
// A period is instants [now - N days, now): the whole hours or days it covers come from the rollups,
// the partial ones at its edges live from the events (rollup-spans.ts), so every figure is exactly
// the definition's; the retention's counts, kept up to now, lose what was recorded from the period's
// end on (nothing, when it ends now).
// Cost (tests/bench/admin-analytics.ts: 300,000 profiles, 1,000,000 bookings, messages, sign-ins
// and search events, tests/bench/world.ts), p50/p95 of the whole answer: read live from the events,
// 12.0/12.5 s over 7 days, 14.7/14.8 s over 30, 20.8/21.2 s over 90 and 73/80 s over a year;
// from the rollups, 27/33, 34/52, 32/38 and 80/98 ms. A year's part on the console's bench world:
// searches 69/107 ms from 8,760 hours and twelve month rows per word, 39/45 from 365 Paris days and
// three year-to-date rows per word; first bookings 66/68 ms numbering 15,000 parents' times with a
// window for the median, 24/35 skipping to it; retention and messages before a first booking 2 ms.
// Through the Worker (tests/bench/admin-console.ts), a year: 190/220 ms before, 111/153 after.
// Filling the rollups once (the migration) took 5 minutes on that world.
// Days and months are Paris ones: the searches per day are summed by SQL per Paris day key
// (dashboard.ts, parisDayKey) and folded here; the cohorts' months are paris_months', which equal
// parisToUtcIso's (the months' bounds computed here).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { SEARCH_EVENT_FILTERS, searchFilterColumn } from "@db/constants/analytics";
import { DAY_MS, parisDateOf, parisToUtcIso } from "@db/time/paris-time";
import {
  ANALYTICS_TOP_QUERIES,
  type AdminAnalytics,
  FIRST_BOOKING_BUCKETS,
  MESSAGES_BEFORE_BUCKETS,
  RETENTION_MIN_MONTHS,
} from "@db/validators/admin-analytics";
import { DASHBOARD_PERIOD_DAYS, type DashboardPeriod } from "@db/validators/admin-dashboard";
import { bucketsOf, byParisDays, fold, parisDayKey } from "./dashboard";
import { splitDaysAndMonths, splitWindow, type Window, wholeMonthKeys, wholeUnits, withinAny } from "./rollup-spans";

const iso = (ms: number) => new Date(ms).toISOString();
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
 * rows, and over those that pass `kept`, their count per bucket, mean and median (the middle one or
 * two of them in order, skipped to with OFFSET: a window numbering every row took half as long again).
 * Only the aggregates come back.
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
      n AS MATERIALIZED (SELECT count(*) AS n FROM d)
    SELECT (SELECT count(*) FROM a) AS rows, (SELECT n FROM n) AS kept, (SELECT avg(v) FROM d) AS mean,
      (SELECT avg(v) FROM (SELECT v FROM d ORDER BY v LIMIT (SELECT 2 - n % 2 FROM n) OFFSET (SELECT (n - 1) / 2 FROM n)))
        AS median, g.bucket, g.n
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

/** The id of the bucket of `value`: the first whose `upTo` it does not pass (as bucketCase). */
function bucketOf(value: number, buckets: Buckets, inclusive: boolean): string {
  const found = buckets.find(
    (bucket) => bucket.upTo !== null && (inclusive ? value <= bucket.upTo : value < bucket.upTo),
  );
  return (found ?? buckets[buckets.length - 1]).id;
}

/**
 * The figures of summaryOf from how many rows had each value `v` (integers, so the median is read
 * from the counts): how many rows, and over those whose value passes `kept`, their count per bucket,
 * mean and median (the middle value, or the mean of the middle two).
 */
function countsSummary(
  rows: { v: number; n: number }[],
  buckets: Buckets,
  inclusive: boolean,
  kept: (v: number) => boolean,
) {
  const values = rows.map((row) => ({ v: Number(row.v), n: Number(row.n) })).sort((a, b) => a.v - b.v);
  const keptValues = values.filter((row) => kept(row.v));
  const count = keptValues.reduce((sum, row) => sum + row.n, 0);
  const at = (rank: number) => {
    let seen = 0;
    for (const row of keptValues) if ((seen += row.n) >= rank) return row.v;
    return 0;
  };
  const perBucket = new Map<string, number>();
  for (const row of keptValues) {
    const id = bucketOf(row.v, buckets, inclusive);
    perBucket.set(id, (perBucket.get(id) ?? 0) + row.n);
  }
  return {
    rows: values.reduce((sum, row) => sum + row.n, 0),
    kept: count,
    mean: count === 0 ? null : round1(keptValues.reduce((sum, row) => sum + row.v * row.n, 0) / count),
    median: count === 0 ? null : round1((at(Math.floor((count + 1) / 2)) + at(Math.floor((count + 2) / 2))) / 2),
    distribution: buckets.map((bucket) => ({ bucket: bucket.id, count: perBucket.get(bucket.id) ?? 0 })),
  };
}

const SEARCH_SUMS = ["searches", "zero_results", "filtered", ...SEARCH_EVENT_FILTERS] as const;

/** The sums of search_hours' columns, named as SEARCH_SUMS (the filters by name, not by column). */
const searchSums = (sum: (column: string) => SQL) =>
  sql.join(
    [
      ...["searches", "zero_results", "filtered"].map((column) => sql`${sum(column)} AS ${sql.identifier(column)}`),
      ...SEARCH_EVENT_FILTERS.map((name) => sql`${sum(searchFilterColumn(name))} AS ${sql.identifier(name)}`),
    ],
    sql`, `,
  );

/** Day-key spans of search_queries' day rows. */
const dayRows = (spans: Window[]) => sql`span = 'day' AND ${withinAny(sql`start`, spans)}`;

/**
 * The searches' counts over [from, to) as rows keyed by UTC hour: the whole hours from search_hours,
 * the partial ones at its edges live from search_event_counts (the view that defines what an event
 * counts for).
 */
function searchHourRows(w: Window): SQL {
  const hourly = splitWindow(w, "hour");
  return sql`
    SELECT hour, ${searchSums((column) => sql`${sql.identifier(column)}`)}
      FROM search_hours WHERE ${wholeUnits(sql`hour`, hourly.whole)}
    UNION ALL
    SELECT substr(created_at, 1, 13) AS hour, ${searchSums((column) => sql`sum(${sql.identifier(column)})`)}
      FROM search_event_counts WHERE ${withinAny(sql`created_at`, hourly.edges)} GROUP BY hour`;
}

/**
 * The same over a period, its whole Paris days from search_days (a year in 365 rows) keyed by their
 * date, which parisDayKey keeps as it is, and the hours around them from searchHourRows.
 */
function searchRows(w: Window): SQL {
  const rows = byParisDays(
    w,
    (days) => sql`SELECT day AS hour, ${searchSums((column) => sql`${sql.identifier(column)}`)}
      FROM search_days WHERE day >= ${days.from} AND day < ${days.to}`,
    (span) => [searchHourRows(span)],
  );
  return sql.join(rows, sql` UNION ALL `);
}

/**
 * The words of whole months as rows (query, s, z): their month rows, or their year-to-date rows when
 * fewer (monthsAsYearToDate: a year is three rows per word instead of twelve), those taken away negated.
 */
function wholeMonthWords(months: string[]): SQL {
  const { span, add, subtract } = wholeMonthKeys(months);
  const rows = (keys: string[], sign = sql``) =>
    sql`SELECT query_text AS query, ${sign}searches AS s, ${sign}zero_results AS z FROM search_queries
      WHERE span = ${span} AND start IN (${sql.join([sql`''`, ...keys.map((key) => sql`${key}`)], sql`, `)})`;
  return subtract.length ? sql`${rows(add)} UNION ALL ${rows(subtract, sql`-`)}` : rows(add);
}

async function searchOf(db: Db, w: Window): Promise<AdminAnalytics["search"]> {
  // Per Paris day and UTC hour (the days, the totals and the filters): searchRows. Per word, ranked
  // twice by a window (the top words, and the words most often without result): search_queries'
  // months and days (splitDaysAndMonths), the partial days live.
  const words = splitDaysAndMonths(w);
  const hours = searchRows(w);
  const [[totals], perKey, ranked] = await Promise.all([
    db.all<Record<(typeof SEARCH_SUMS)[number], number | null>>(sql`
      SELECT ${sql.join(
        SEARCH_SUMS.map((key) => sql`sum(${sql.identifier(key)}) AS ${sql.identifier(key)}`),
        sql`, `,
      )} FROM (${hours})`),
    // Folded by SQL to a row per Paris date (and one per 22:00 UTC hour of the edge days).
    db.all<{ key: string; searches: number; zero_results: number }>(sql`
      SELECT ${parisDayKey(sql`hour`)} AS key, sum(searches) AS searches, sum(zero_results) AS zero_results
      FROM (${hours}) GROUP BY key`),
    db.all<{ query: string; searches: number; zero_results: number; top_rank: number; zero_rank: number }>(sql`
      SELECT * FROM (
        SELECT query, searches, zero_results,
          row_number() OVER (ORDER BY searches DESC, query) AS top_rank,
          row_number() OVER (ORDER BY zero_results DESC, query) AS zero_rank
        FROM (SELECT query, sum(s) AS searches, sum(z) AS zero_results FROM (
            ${wholeMonthWords(words.months)}
            UNION ALL SELECT query_text, searches, zero_results FROM search_queries WHERE ${dayRows(words.addDays)}
            UNION ALL SELECT query_text, -searches, -zero_results FROM search_queries WHERE ${dayRows(words.subtractDays)}
            UNION ALL SELECT query_text, searches, zero_results FROM search_event_counts
              WHERE ${withinAny(sql`created_at`, words.live)} AND query_text IS NOT NULL)
          GROUP BY query HAVING sum(s) > 0))
      WHERE top_rank <= ${ANALYTICS_TOP_QUERIES} OR (zero_rank <= ${ANALYTICS_TOP_QUERIES} AND zero_results > 0)`),
  ]);
  const sums = (key: (typeof SEARCH_SUMS)[number]) => Number(totals?.[key] ?? 0);
  const total = sums("searches");
  const dates = bucketsOf(w, "day");
  const days = fold(perKey, ["searches", "zero_results"], dates, "day");
  const listed = (rank: "top_rank" | "zero_rank") =>
    ranked.filter((row) => row[rank] <= ANALYTICS_TOP_QUERIES).sort((a, b) => a[rank] - b[rank]);
  return {
    total,
    zero_results: sums("zero_results"),
    filtered: sums("filtered"),
    top_queries: listed("top_rank").map((row) => ({
      query: String(row.query),
      searches: Number(row.searches),
      zero_results: Number(row.zero_results),
    })),
    zero_result_queries: listed("zero_rank")
      .filter((row) => Number(row.zero_results) > 0)
      .map((row) => ({ query: String(row.query), searches: Number(row.zero_results) })),
    filters: SEARCH_EVENT_FILTERS.map((filter) => {
      const searches = sums(filter);
      return { filter, searches, share_pct: total === 0 ? 0 : round1((searches / total) * 100) };
    }),
    per_day: dates.map((date) => ({ date, ...days.get(date)! })),
  };
}

async function firstBookingOf(db: Db, w: Window): Promise<AdminAnalytics["first_booking"]> {
  // The parents whose first request ever (parent_first_bookings) was made in the period, with the
  // hours since their profile was created (kept on the same row: the index alone answers).
  const summary = await summaryOf(
    db,
    sql`SELECT (julianday(booked_at) - julianday(signed_up_at)) * 24 AS v FROM parent_first_bookings
      WHERE booked_at >= ${w.from} AND booked_at < ${w.to}`,
    FIRST_BOOKING_BUCKETS,
    false,
  );
  return { parents: summary.rows, median_hours: summary.median, distribution: summary.distribution };
}

/** "2026-05" of a Paris date, the month before and the month after. */
const monthOf = (date: string) => date.slice(0, 7);
function previousMonth(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, "0")}`;
}
function nextMonth(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}
const monthStart = (month: string) => parisToUtcIso(`${month}-01`, "00:00")!;

async function retentionOf(db: Db, w: Window): Promise<AdminAnalytics["retention"]> {
  const last = monthOf(parisDateOf(Date.parse(w.to) - 1));
  const first = monthOf(parisDateOf(Date.parse(w.from)));
  const months = [last];
  while (months.length < RETENTION_MIN_MONTHS || months[0] > first) months.unshift(previousMonth(months[0]));
  const lastEnd = monthStart(nextMonth(last));
  // The counts kept per cohort and month (member_cohorts, member_activity_counts: every row up to
  // now), less what they hold from the period's end on (rows written ahead of time; none in the app's
  // own use): the last month's sign-ups from then, its activity first recorded from then, and the
  // activity before it of the members who signed up from then.
  const inMonths = (column: SQL) => sql`${column} >= ${months[0]} AND ${column} <= ${last}`;
  const [sizes, counts, lateSignUps, lateActivity, lateMembers] = await Promise.all([
    db.all<{ cohort: string; n: number }>(sql`
      SELECT cohort, members AS n FROM member_cohorts WHERE ${inMonths(sql`cohort`)}`),
    db.all<{ cohort: string; month: string; n: number }>(sql`
      SELECT cohort, month, members AS n FROM member_activity_counts
      WHERE ${inMonths(sql`cohort`)} AND month >= cohort AND month <= ${last}`),
    db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM members WHERE created_at >= ${w.to} AND created_at < ${lastEnd}`),
    db.all<{ cohort: string; n: number }>(sql`
      SELECT cohort, count(*) AS n FROM member_activity_months
      WHERE month = ${last} AND first_at >= ${w.to} AND cohort IS NOT NULL GROUP BY cohort`),
    db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM members m WHERE m.created_at >= ${w.to} AND m.created_at < ${lastEnd}
        AND EXISTS (SELECT 1 FROM member_activity_months a
          WHERE a.profile_id = m.id AND a.month = ${last} AND a.first_at < ${w.to})`),
  ]);
  const size = new Map(sizes.map((row) => [row.cohort, Number(row.n)]));
  size.set(last, (size.get(last) ?? 0) - Number(lateSignUps[0]?.n ?? 0));
  const active = new Map(counts.map((row) => [`${row.cohort}:${row.month}`, Number(row.n)]));
  const less = (key: string, n: number) => active.set(key, (active.get(key) ?? 0) - n);
  for (const row of lateActivity) less(`${row.cohort}:${last}`, Number(row.n));
  less(`${last}:${last}`, Number(lateMembers[0]?.n ?? 0));
  return months.map((month, cm) => ({
    month,
    users: size.get(month) ?? 0,
    active: months.slice(cm).map((later) => active.get(`${month}:${later}`) ?? 0),
  }));
}

async function messagesBeforeOf(db: Db, w: Window): Promise<AdminAnalytics["messages_before_booking"]> {
  // The pairs whose first booking ever was requested in the period, counted per number of messages
  // sent before it: the whole UTC days from pair_first_booking_days, the partial ones live from
  // pair_first_bookings. The figures keep the pairs that wrote.
  const daily = splitWindow(w, "day");
  const counts = await db.all<{ v: number; n: number }>(sql`
    SELECT v, sum(n) AS n FROM (
      SELECT messages_before AS v, pairs AS n FROM pair_first_booking_days WHERE ${wholeUnits(sql`day`, daily.whole)}
      UNION ALL
      SELECT messages_before, 1 FROM pair_first_bookings WHERE ${withinAny(sql`booked_at`, daily.edges)})
    GROUP BY v`);
  const summary = countsSummary(counts, MESSAGES_BEFORE_BUCKETS, true, (v) => v > 0);
  return {
    pairs: summary.rows,
    with_messages: summary.kept,
    median: summary.median,
    mean: summary.mean,
    distribution: summary.distribution,
  };
}

/** The period of `period` days ending now. */
export const analyticsWindow = (period: DashboardPeriod, nowMs = Date.now()): Window => ({
  from: iso(nowMs - DASHBOARD_PERIOD_DAYS[period] * DAY_MS),
  to: iso(nowMs),
});

/** Each part of the answer, alone (the bench times them one by one). */
export const ANALYTICS_PARTS = {
  search: searchOf,
  first_booking: firstBookingOf,
  retention: retentionOf,
  messages_before_booking: messagesBeforeOf,
} as const;

export async function adminAnalytics(db: Db, period: DashboardPeriod, nowMs = Date.now()): Promise<AdminAnalytics> {
  const w = analyticsWindow(period, nowMs);
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
