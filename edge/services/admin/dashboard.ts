// The admin console's dashboard, from the tables themselves (no sample figure): each KPI over the
// period and over the period of the same length just before it, the plans' revenue and the
// sign-ups as series, the latest audit entries, and how fast sitters answer.
//
// Definitions (what each card counts):
// - active parents / sitters: the people who requested a booking (a parent), answered one (a sitter)
//   or sent a message on one of the period's UTC days: the last N days, today included, against the
//   N days before (a distinct count over days, kept by member_activity_days; a person counts in her
//   present role);
// - bookings: requests made in the period; booking value: the amount of those confirmed or completed;
// - MRR and paid plans: the paid plans in force at the period's end (a plan is in force from its
//   creation until it ends: cancelled now, or at its period's end; past due and paused still count),
//   a yearly plan for a twelfth a month;
// - trial conversions: babysitters whose first paid plan started in the period;
// - churn: paid plans that ended in the period, per 100 in force at its start;
// - funnel: the parents and sitters who signed up in the period, each step counting those of them
//   who reached it by now (PARENT_FUNNEL_STEPS, SITTER_FUNNEL_STEPS);
// - response time: the median of the period's answers, read from their histogram (the mean time of
//   the bucket the middle answer falls in: exact when that bucket's answers took the same time).
// What each reads (migrations 0032_dashboard_rollups, 0042 and 0043 keep the tables by triggers;
// db/schema/dashboard-rollups.ts states each rule): bookings, value and both series sum the period's
// whole Paris days from dashboard_days, the hours around them from dashboard_hours (whole UTC hours)
// and its two partial hours live; the answers sum answer_days the same way per UTC day; the active
// people count member_activity_days' rows (the current period: each person's last day on or after its
// first; the period before: counted once per span of days and kept in active_people_counts); the
// funnel sums member_funnel's cohort from its index; the plans sum plan_days (the plans started and
// ended per UTC day) up to each edge of the periods, and read each edge's own day live.
// Cost (tests/bench/admin-analytics.ts on its world of 300,000 profiles and 1,000,000 bookings and
// messages), p50 of the whole answer straight on the file: before the rollups 0.52 s over 7 days,
// 2.1 s over 30, 5.7 s over 90 and 24 s over a year (a 500 through the Worker). Through the Worker
// (tests/bench/admin-console.ts, p50/p95): a year 176/239 ms with hours and a pass over the plans,
// 91/107 ms with Paris days and plan_days (7 days 62/82, 30 days 74/90, 90 days 80/110).
// Series are grouped by Paris date (by day over 7 and 30 days, by week from Monday beyond), read
// per Paris day from SQL (parisDayKey: SQLite has no time zones) and folded here.
import { desc, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { auditEvents } from "@db/schema/audit-events";
import { RESPONSE_BUCKET_COUNT } from "@db/constants/analytics";
import { addDays, DAY_MS, HOUR_MS, parisDateOf, parisToUtcMs } from "@db/time/paris-time";
import {
  type AdminDashboard,
  DASHBOARD_PERIOD_DAYS,
  type DashboardPeriod,
  type Kpi,
  PARENT_FUNNEL_STEPS,
  SITTER_FUNNEL_STEPS,
} from "@db/validators/admin-dashboard";
import { apiP95Ms, hourOf } from "../monitoring/api-timings";
import { loadAiSettings } from "../settings/ai-settings";
import { toAuditDto } from "./audit-log";
import { histogramMedian } from "./city-activity";
import { splitWindow, wholeUnits, type Window } from "./rollup-spans";

const RECENT_ACTIVITY = 10;

const iso = (ms: number) => new Date(ms).toISOString();

function kpi(value: number, previous: number): Kpi {
  const change = previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10;
  return { value, previous, change_pct: change };
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db.all<{ n: number | null }>(query);
  return Number(row?.n ?? 0);
}

type Role = "parent" | "babysitter";

/** The UTC day `daysBefore` days before the one of `ms` ("2026-11-27"). */
const utcDay = (ms: number, daysBefore = 0) => iso(ms - daysBefore * DAY_MS).slice(0, 10);

/** The active people's two spans of UTC days: the last `days` days (today included), and the ones before. */
export function activeSpans(nowMs: number, days: number) {
  const from = utcDay(nowMs, days - 1);
  return { current: { from, to: utcDay(nowMs, -1) }, previous: { from: utcDay(nowMs, 2 * days - 1), to: from } };
}

/** Who was active from a day until now: the people whose last active day is on or after it. */
const activeSince = (db: Db, role: Role, day: string) =>
  scalar(
    db,
    sql`SELECT count(*) AS n FROM member_activity_days INDEXED BY member_activity_days_last_idx
      WHERE role = ${role} AND next_day IS NULL AND day >= ${day}`,
  );

/**
 * Who was active on the days [from, to), a span in the past: each person once, by her first row in
 * the span (her previous active day is before it). Counted once, then read from active_people_counts
 * until a row recorded inside the span forgets it (the triggers); the count and its keeping are one
 * statement, so a day recorded meanwhile cannot leave a stale count behind.
 */
async function activeDuring(db: Db, role: Role, span: Window): Promise<number> {
  const kept = sql`SELECT people AS n FROM active_people_counts WHERE role = ${role} AND from_day = ${span.from} AND to_day = ${span.to}`;
  const [row] = await db.all<{ n: number }>(kept);
  if (row) return Number(row.n);
  return scalar(
    db,
    sql`INSERT INTO active_people_counts (role, from_day, to_day, people)
      SELECT ${role}, ${span.from}, ${span.to}, count(*) FROM member_activity_days INDEXED BY member_activity_days_span_idx
        WHERE role = ${role} AND day >= ${span.from} AND day < ${span.to} AND (prev_day IS NULL OR prev_day < ${span.from})
      ON CONFLICT DO UPDATE SET people = excluded.people RETURNING people AS n`,
  );
}

async function activePeople(db: Db, role: Role, nowMs: number, days: number) {
  const spans = activeSpans(nowMs, days);
  const [now, before] = await Promise.all([
    activeSince(db, role, spans.current.from),
    activeDuring(db, role, spans.previous),
  ]);
  return { now, before };
}

type PlanFigures = { mrr: number; paid: number; converted: number; churn: number };

/**
 * The paid plans in force at `at` and their monthly revenue in twelfths of a cent: the plans started
 * before it less those ended before it (a plan is in force from its creation until it ends), from
 * plan_days for the days before its own and live from the same sources for its day so far.
 */
const inForceAt = (at: string) => sql`
  SELECT coalesce(sum(started) - sum(ended), 0) AS paid,
    coalesce(sum(started_mrr_twelfths) - sum(ended_mrr_twelfths), 0) AS mrr
  FROM (SELECT started, ended, started_mrr_twelfths, ended_mrr_twelfths FROM plan_days WHERE day < ${at.slice(0, 10)}
    UNION ALL SELECT started, ended, started_mrr_twelfths, ended_mrr_twelfths FROM plan_day_sources
      WHERE at >= ${at.slice(0, 10)} AND at < ${at})`;

/** The paid plans that ended within [from, to): its whole UTC days from plan_days, its edges live. */
function endedWithin(w: Window): SQL {
  const { whole, edges } = splitWindow(w, "day");
  return sql`SELECT coalesce(sum(ended), 0) AS ended FROM (
    SELECT ended FROM plan_days WHERE ${wholeUnits(sql`day`, whole)}
    ${sql.join(
      edges.map((edge) => sql`UNION ALL SELECT ended FROM plan_day_sources WHERE ended = 1 AND ${within(edge)}`),
      sql` `,
    )})`;
}

/**
 * The plans' cards of both periods in one statement: the plans in force at each edge (t0 the previous
 * period's start, t1 the current one's, t2 now) and their monthly revenue at t1 and t2, the plans
 * ended within each period (all from plan_days, migration 0043), and the sitters whose first paid
 * plan started within it (member_funnel).
 */
async function planFigures(
  db: Db,
  t0: string,
  t1: string,
  t2: string,
): Promise<{ now: PlanFigures; before: PlanFigures }> {
  const [[plans], [firsts]] = await Promise.all([
    db.all<Record<string, number | null>>(sql`
      SELECT p0.paid AS paid0, p1.paid AS paid1, p2.paid AS paid2, p1.mrr AS mrr1, p2.mrr AS mrr2,
        e01.ended AS ended01, e12.ended AS ended12
      FROM (${inForceAt(t0)}) p0, (${inForceAt(t1)}) p1, (${inForceAt(t2)}) p2,
        (${endedWithin({ from: t0, to: t1 })}) e01, (${endedWithin({ from: t1, to: t2 })}) e12`),
    db.all<Record<string, number | null>>(sql`
      SELECT sum(first_paid_at < ${t1}) AS first01, sum(first_paid_at >= ${t1}) AS first12
      FROM member_funnel INDEXED BY member_funnel_first_paid_idx WHERE first_paid_at >= ${t0} AND first_paid_at < ${t2}`),
  ]);
  const n = (value: number | null | undefined) => Number(value ?? 0);
  const churn = (ended: number, atStart: number) => (atStart === 0 ? 0 : Math.round((ended / atStart) * 1000) / 10);
  return {
    now: {
      mrr: Math.round(n(plans?.mrr2) / 12),
      paid: n(plans?.paid2),
      converted: n(firsts?.first12),
      churn: churn(n(plans?.ended12), n(plans?.paid1)),
    },
    before: {
      mrr: Math.round(n(plans?.mrr1) / 12),
      paid: n(plans?.paid1),
      converted: n(firsts?.first01),
      churn: churn(n(plans?.ended01), n(plans?.paid0)),
    },
  };
}

/** The first day of a date's bucket: itself, or the Monday of its week. */
function bucketOf(date: string, bucket: "day" | "week"): string {
  if (bucket === "day") return date;
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every bucket of the window, in order, so a day with nothing shows as 0. */
export function bucketsOf(w: Window, bucket: "day" | "week"): string[] {
  const dates: string[] = [];
  const last = parisDateOf(Date.parse(w.to) - 1);
  const step = bucket === "day" ? 1 : 7;
  for (let date = bucketOf(parisDateOf(Date.parse(w.from)), bucket); date <= last; date = addDays(date, step))
    dates.push(date);
  return dates;
}

/**
 * The Paris date of a UTC hour ("2026-11-27T14"), as SQL can tell it: Paris is one or two hours ahead
 * of UTC, so every hour but 22:00 falls on the UTC date of the hour after it; 22:00 is the next day
 * in summer time only, so it stays itself, for parisDateOfKey to ask parisDateOf. A year of hours
 * grouped by this key is some 730 rows instead of 8,760. Only 23:00 moves to the next date, so the
 * hours up to 21:00 take their own date's ten characters without date() parsing them (a year of
 * hours read twice, for a period and the one before, spent ~10 ms in it).
 */
export const parisDayKey = (hour: SQL) =>
  sql`CASE substr(${hour}, 12, 2) WHEN '22' THEN ${hour} WHEN '23' THEN date(${hour} || ':00', '+1 hours')
    ELSE substr(${hour}, 1, 10) END`;
export const parisDateOfKey = (key: string) => (key.length === 10 ? key : parisDateOf(Date.parse(`${key}:00:00.000Z`)));

/** Sums per Paris day key (parisDayKey) from SQL, folded into Paris-date buckets. */
export function fold<T extends string>(
  rows: { key: string; [column: string]: unknown }[],
  keys: T[],
  dates: string[],
  bucket: "day" | "week",
): Map<string, Record<T, number>> {
  const zero = () => Object.fromEntries(keys.map((key) => [key, 0])) as Record<T, number>;
  const out = new Map(dates.map((date) => [date, zero()]));
  for (const row of rows) {
    const target = out.get(bucketOf(parisDateOfKey(String(row.key)), bucket));
    if (target) for (const key of keys) target[key] += Number(row[key] ?? 0);
  }
  return out;
}

/** `at` within an edge of a period: one range of its source's time index (an OR of two ranges would
 * cost the invoices' expression index). */
const within = (edge: Window) => sql`at >= ${edge.from} AND at < ${edge.to}`;
const unionAll = (selects: SQL[]) => sql.join(selects, sql` UNION ALL `);

type HourSums = {
  key: string;
  plans_cents: number;
  parents: number;
  sitters: number;
  requests: number;
  value_cents: number;
};

const HOUR_COLUMNS = sql`plans_cents, parents, sitters, requests, value_cents`;

/**
 * dashboard_hours over [from, to) as rows keyed per Paris day (parisDayKey): the whole UTC hours from
 * the rollup, the two partial hours at the edges live from the same sources (dashboard_hour_sources).
 */
function hourRows(w: Window): SQL[] {
  const { whole, edges } = splitWindow(w, "hour");
  return [
    sql`SELECT ${parisDayKey(sql`hour`)} AS key, ${HOUR_COLUMNS} FROM dashboard_hours WHERE ${wholeUnits(sql`hour`, whole)}`,
    ...edges.map(
      (edge) =>
        sql`SELECT ${parisDayKey(sql`substr(at, 1, 13)`)} AS key, ${HOUR_COLUMNS} FROM dashboard_hour_sources WHERE ${within(edge)}`,
    ),
  ];
}

/**
 * The Paris days wholly within [from, to) ("2026-11-01" to "2026-11-28", the last one excluded),
 * and the instants before and after them; null when the period holds no whole Paris day.
 */
export function wholeParisDays(w: Window): { days: Window; before: Window; after: Window } | null {
  const [from, to] = [Date.parse(w.from), Date.parse(w.to)];
  const fromDate = parisDateOf(from);
  const firstMidnight = parisToUtcMs(fromDate, "00:00") === from ? from : parisToUtcMs(addDays(fromDate, 1), "00:00")!;
  const toDate = parisDateOf(to);
  const lastMidnight = parisToUtcMs(toDate, "00:00")!;
  if (firstMidnight >= lastMidnight) return null;
  return {
    days: { from: parisDateOf(firstMidnight), to: toDate },
    before: { from: w.from, to: iso(firstMidnight) },
    after: { from: iso(lastMidnight), to: w.to },
  };
}

/**
 * A period's rows from a rollup kept per Paris date and one kept per UTC hour: its whole Paris days
 * from the first (`days`), the instants before and after them from the second (`hours`), or all of it
 * from the hours when it holds no whole Paris day.
 */
export function byParisDays(w: Window, days: (days: Window) => SQL, hours: (span: Window) => SQL[]): SQL[] {
  const split = wholeParisDays(w);
  if (!split) return hours(w);
  return [days(split.days), ...[split.before, split.after].filter((span) => span.from < span.to).flatMap(hours)];
}

/**
 * The series' and cards' sums over [from, to) per Paris day key, what a live read of the period
 * gives: its whole Paris days from dashboard_days (a year is 365 rows), the hours before the first
 * and after the last from dashboard_hours and their sources (hourRows).
 */
function hourSums(db: Db, w: Window) {
  const rows = byParisDays(
    w,
    (days) =>
      sql`SELECT day AS key, ${HOUR_COLUMNS} FROM dashboard_days WHERE day >= ${days.from} AND day < ${days.to}`,
    hourRows,
  );
  return db.all<HourSums>(sql`
    SELECT key, sum(plans_cents) AS plans_cents, sum(parents) AS parents,
      sum(sitters) AS sitters, sum(requests) AS requests, sum(value_cents) AS value_cents
    FROM (${unionAll(rows)}) GROUP BY key`);
}

const total = (rows: HourSums[], column: "requests" | "value_cents") =>
  rows.reduce((sum, row) => sum + Number(row[column] ?? 0), 0);

function seriesOf(rows: HourSums[], w: Window, bucket: "day" | "week") {
  const dates = bucketsOf(w, bucket);
  const sums = fold(rows, ["plans_cents", "parents", "sitters"], dates, bucket);
  return {
    revenue: dates.map((date) => ({ date, plans_cents: sums.get(date)!.plans_cents })),
    growth: dates.map((date) => ({ date, parents: sums.get(date)!.parents, sitters: sums.get(date)!.sitters })),
  };
}

/** The API's p95 over the window's hours (services/monitoring/api-timings.ts), beside its target. */
async function apiPerformanceOf(db: Db, w: Window) {
  const [p95, { responseTimeTarget }] = await Promise.all([
    apiP95Ms(db, hourOf(Date.parse(w.from)), hourOf(Date.parse(w.to) + HOUR_MS)),
    loadAiSettings(db, "performance"),
  ]);
  return { api_p95_ms: p95?.ms ?? null, api_samples: p95?.samples ?? 0, api_target_ms: responseTimeTarget };
}

/** The period's answers per response-time bucket: answer_days' whole UTC days, the partial days live. */
function answersByBucket(db: Db, w: Window) {
  const { whole, edges } = splitWindow(w, "day");
  const rows = [
    sql`SELECT bucket, answers, accepted, seconds FROM answer_days WHERE ${wholeUnits(sql`day`, whole)}`,
    ...edges.map((edge) => sql`SELECT bucket, 1, accepted, seconds FROM answer_facts WHERE ${within(edge)}`),
  ];
  return db.all<{ bucket: number; answers: number; accepted: number; seconds: number }>(sql`
    SELECT bucket, sum(answers) AS answers, sum(accepted) AS accepted, sum(seconds) AS seconds
    FROM (${unionAll(rows)}) GROUP BY bucket`);
}

async function performanceOf(db: Db, w: Window): Promise<AdminDashboard["performance"]> {
  const [buckets, api] = await Promise.all([answersByBucket(db, w), apiPerformanceOf(db, w)]);
  const counts = Array<number>(RESPONSE_BUCKET_COUNT).fill(0);
  const seconds = Array<number>(RESPONSE_BUCKET_COUNT).fill(0);
  let accepted = 0;
  for (const row of buckets) {
    counts[row.bucket] = Number(row.answers);
    seconds[row.bucket] = Number(row.seconds);
    accepted += Number(row.accepted);
  }
  const answered = counts.reduce((sum, count) => sum + count, 0);
  const median = histogramMedian(counts, seconds);
  if (answered === 0 || median === null)
    return { response_minutes_median: null, acceptance_pct: null, answered: 0, ...api };
  return {
    response_minutes_median: Math.round(median / 60),
    acceptance_pct: Math.round((accepted / answered) * 1000) / 10,
    answered,
    ...api,
  };
}

/** Each step's count with its share of the first. */
function stepsOf<T extends string>(steps: readonly T[], row: Record<string, unknown> | undefined) {
  const first = Number(row?.[steps[0]] ?? 0);
  return steps.map((step) => {
    const count = Number(row?.[step] ?? 0);
    return { step, count, pct: first === 0 ? null : Math.round((count / first) * 1000) / 10 };
  });
}

const PARENT_STEP_SUMS = sql`count(*) AS signed_up, coalesce(sum(searched), 0) AS first_search,
  coalesce(sum(requested), 0) AS first_request, coalesce(sum(confirmed), 0) AS confirmed,
  coalesce(sum(completed), 0) AS completed`;
const SITTER_STEP_SUMS = sql`count(*) AS signed_up, coalesce(sum(listed), 0) AS profile_complete,
  coalesce(sum(accepted), 0) AS first_accepted, coalesce(sum(paid), 0) AS paid_plan`;

/**
 * The sign-ups of a role over the window with the steps they reached by now, one row per person:
 * member_funnel_days' rows (migration 0037, a row per UTC sign-up day, `signed_up` people each) for
 * the whole days inside the window, and member_funnel's own rows for the two partial days at its ends
 * (from its start to the next midnight, from the last midnight to its end). A day's key is the first
 * ten characters of signed_up_at, so each person counts in exactly one part.
 */
function cohortRows(role: Role, w: Window): SQL {
  const firstWholeDay = addDays(w.from.slice(0, 10), 1);
  const lastDay = w.to.slice(0, 10);
  const people = (from: string, to: string) => sql`SELECT 1 AS signed_up, searched, requested, confirmed, completed,
      listed, accepted, paid FROM member_funnel INDEXED BY member_funnel_cohort_idx
    WHERE role = ${role} AND signed_up_at >= ${from} AND signed_up_at < ${to}`;
  return sql`SELECT signed_up, searched, requested, confirmed, completed, listed, accepted, paid
      FROM member_funnel_days WHERE role = ${role} AND day >= ${firstWholeDay} AND day < ${lastDay}
    UNION ALL ${people(w.from, firstWholeDay < lastDay ? firstWholeDay : w.to)}
    UNION ALL ${people(firstWholeDay < lastDay ? lastDay : w.to, w.to)}`;
}

/** The period's sign-ups and the steps they reached by now (cohortRows, each row `signed_up` people). */
async function funnelOf(db: Db, w: Window): Promise<AdminDashboard["funnel"]> {
  const summed = (sums: SQL, role: Role) =>
    db.all<Record<string, number>>(sql`SELECT ${sums} FROM (${cohortRows(role, w)})`);
  const [[parents], [sitters]] = await Promise.all([
    summed(PARENT_STEP_SUMS, "parent"),
    summed(SITTER_STEP_SUMS, "babysitter"),
  ]);
  return { parents: stepsOf(PARENT_FUNNEL_STEPS, parents), sitters: stepsOf(SITTER_FUNNEL_STEPS, sitters) };
}

/** The series' buckets: days over 7 and 30 days, weeks beyond. */
const seriesBucket = (days: number) => (days <= 30 ? "day" : "week");

const recentActivity = (db: Db, w: Window) =>
  db
    .select()
    .from(auditEvents)
    .where(gte(auditEvents.createdAt, w.from))
    .orderBy(desc(auditEvents.createdAt))
    .limit(RECENT_ACTIVITY);

/** The period [now - days, now) and the one of the same length before it. */
function windowsOf(nowMs: number, days: number) {
  const current = { from: iso(nowMs - days * DAY_MS), to: iso(nowMs) };
  return { current, previous: { from: iso(nowMs - 2 * days * DAY_MS), to: current.from } };
}

/** Each part of the answer alone, over a period ending now (the bench times them one by one). */
export const DASHBOARD_PARTS = {
  active_parents: (db: Db, days: number, nowMs: number) => activePeople(db, "parent", nowMs, days),
  active_sitters: (db: Db, days: number, nowMs: number) => activePeople(db, "babysitter", nowMs, days),
  hours: (db: Db, days: number, nowMs: number) => {
    const { current, previous } = windowsOf(nowMs, days);
    return Promise.all([hourSums(db, current), hourSums(db, previous)]);
  },
  plans: (db: Db, days: number, nowMs: number) => {
    const { current, previous } = windowsOf(nowMs, days);
    return planFigures(db, previous.from, current.from, current.to);
  },
  recent: (db: Db, days: number, nowMs: number) => recentActivity(db, windowsOf(nowMs, days).current),
  performance: (db: Db, days: number, nowMs: number) => performanceOf(db, windowsOf(nowMs, days).current),
  funnel: (db: Db, days: number, nowMs: number) => funnelOf(db, windowsOf(nowMs, days).current),
} as const;

export async function adminDashboard(db: Db, period: DashboardPeriod, nowMs = Date.now()): Promise<AdminDashboard> {
  const days = DASHBOARD_PERIOD_DAYS[period];
  const { current, previous } = windowsOf(nowMs, days);
  const bucket = seriesBucket(days);
  const [parents, sitters, hoursNow, hoursBefore, plans, recent, performance, funnel] = await Promise.all([
    activePeople(db, "parent", nowMs, days),
    activePeople(db, "babysitter", nowMs, days),
    hourSums(db, current),
    hourSums(db, previous),
    planFigures(db, previous.from, current.from, current.to),
    recentActivity(db, current),
    performanceOf(db, current),
    funnelOf(db, current),
  ]);
  return {
    period,
    ...current,
    bucket,
    kpis: {
      active_parents: kpi(parents.now, parents.before),
      active_sitters: kpi(sitters.now, sitters.before),
      bookings: kpi(total(hoursNow, "requests"), total(hoursBefore, "requests")),
      booking_value_cents: kpi(total(hoursNow, "value_cents"), total(hoursBefore, "value_cents")),
      mrr_cents: kpi(plans.now.mrr, plans.before.mrr),
      paid_plans: kpi(plans.now.paid, plans.before.paid),
      trial_conversions: kpi(plans.now.converted, plans.before.converted),
      churn_pct: kpi(plans.now.churn, plans.before.churn),
    },
    ...seriesOf(hoursNow, current, bucket),
    recent_activity: recent.map(toAuditDto),
    performance,
    funnel,
  };
}
