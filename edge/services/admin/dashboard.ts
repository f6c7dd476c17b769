// The admin console's dashboard, from the tables themselves (no sample figure): each KPI over the
// period and over the period of the same length just before it, the plans' revenue and the
// sign-ups as series, the latest audit entries, and how fast sitters answer.
//
// Definitions (what each card counts):
// - active parents / sitters: distinct profiles that requested or answered a booking, or sent a
//   message, in the period;
// - bookings: requests made in the period; booking value: the amount of those confirmed or completed;
// - MRR and paid plans: the paid plans in force at the period's end (a plan is in force from its
//   creation until it ends: cancelled now, or at its period's end; past due and paused still count),
//   a yearly plan for a twelfth a month;
// - trial conversions: babysitters whose first paid plan started in the period;
// - churn: paid plans that ended in the period, per 100 in force at its start;
// - funnel: the parents and sitters who signed up in the period, each step counting those of them
//   who reached it by now (PARENT_FUNNEL_STEPS, SITTER_FUNNEL_STEPS): one pass over the cohort,
//   each step an EXISTS on an index that starts with the person's id.
// Cost (tests/bench/admin-analytics.ts, its world of 300,000 profiles and 1,000,000 bookings and
// messages), p50 of the whole answer: 7.6 s over 7 days, 9.0 s over 30, 13 s over 90 and 32 s over a
// year before migration 0030 (the senders of messages, the bookings' value and parents, the sitters'
// answers indexed by time) and the answers' median computed by SQL; now 0.6 s, 3.9 s, 9.1 s and 20 s.
// Still past the console's 150 ms: the active parents and sitters (distinct people over the period
// and the one before: 70-80 ms each over 7 days, 4-8 s over a year), the answers' median time (54 ms
// to 2.2 s) and the funnel (80 ms to 3.2 s), each reading every row of the period; every other card
// reads under 50 ms (the sign-up series 120 ms over a year). Distinct counts over a sliding period are
// not sums: no per-hour rollup makes them exact.
// Series are grouped by Paris date (by day over 7 and 30 days, by week from Monday beyond), read
// per Paris day from SQL (parisDayKey: SQLite has no time zones) and folded here.
import { desc, gte, sql, type SQL } from "drizzle-orm";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import type { Db } from "@db/client";
import { auditEvents } from "@db/schema/audit-events";
import { addDays, DAY_MS, parisDateOf } from "@db/time/paris-time";
import {
  type AdminDashboard,
  DASHBOARD_PERIOD_DAYS,
  type DashboardPeriod,
  type Kpi,
  PARENT_FUNNEL_STEPS,
  SITTER_FUNNEL_STEPS,
} from "@db/validators/admin-dashboard";
import { listedSitter } from "../search/listing";
import { apiP95Ms, hourOf } from "../monitoring/api-timings";
import { loadAiSettings } from "../settings/ai-settings";
import { toAuditDto } from "./audit-log";

const RECENT_ACTIVITY = 10;

type Window = { from: string; to: string };

const iso = (ms: number) => new Date(ms).toISOString();

function kpi(value: number, previous: number): Kpi {
  const change = previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10;
  return { value, previous, change_pct: change };
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db.all<{ n: number | null }>(query);
  return Number(row?.n ?? 0);
}

/** The period's messages first (by their time), each joined to its sender (CROSS JOIN keeps that order:
 * from the senders' side, the planner would walk every parent's messages). */
const activeProfiles = (db: Db, role: "parent" | "babysitter", w: Window) =>
  scalar(
    db,
    sql`SELECT count(DISTINCT id) AS n FROM (
      SELECT ${role === "parent" ? sql`parent_id` : sql`babysitter_id`} AS id FROM bookings
        WHERE ${role === "parent" ? sql`created_at` : sql`responded_at`} >= ${w.from}
          AND ${role === "parent" ? sql`created_at` : sql`responded_at`} < ${w.to}
      UNION ALL
      SELECT m.sender_id FROM messages m CROSS JOIN profiles p ON p.id = m.sender_id
        WHERE p.user_type = ${role} AND m.created_at >= ${w.from} AND m.created_at < ${w.to})`,
  );

const bookingsMade = (db: Db, w: Window) =>
  scalar(db, sql`SELECT count(*) AS n FROM bookings WHERE created_at >= ${w.from} AND created_at < ${w.to}`);

const bookingValue = (db: Db, w: Window) =>
  scalar(
    db,
    sql`SELECT coalesce(sum(total_amount_cents), 0) AS n FROM bookings
      WHERE created_at >= ${w.from} AND created_at < ${w.to} AND status IN ('confirmed', 'completed')`,
  );

/** When a cancelled plan ended: its period's end when it ran out, else the cancellation. */
const endedAt = sql`(CASE WHEN cancel_at_period_end THEN current_period_end ELSE coalesce(canceled_at, updated_at) END)`;

/** Paid plans in force at `at`: created before it, and not ended by then. */
const inForceAt = (at: string) =>
  sql`plan <> 'discovery' AND status <> 'trialing' AND created_at < ${at}
    AND NOT (status = 'canceled' AND ${endedAt} < ${at})`;

const paidPlansAt = (db: Db, at: string) =>
  scalar(db, sql`SELECT count(*) AS n FROM subscriptions WHERE ${inForceAt(at)}`);

const mrrAt = (db: Db, at: string) =>
  scalar(
    db,
    sql`SELECT coalesce(sum(CASE WHEN billing_cycle = 'yearly' THEN amount_cents / 12.0 ELSE amount_cents END), 0) AS n
      FROM subscriptions WHERE ${inForceAt(at)}`,
  );

const conversions = (db: Db, w: Window) =>
  scalar(
    db,
    sql`SELECT count(*) AS n FROM (SELECT profile_id, min(created_at) AS first FROM subscriptions
      WHERE plan <> 'discovery' AND status <> 'trialing' GROUP BY profile_id)
      WHERE first >= ${w.from} AND first < ${w.to}`,
  );

async function churnPct(db: Db, w: Window): Promise<number> {
  const [atStart, cancelled] = await Promise.all([
    paidPlansAt(db, w.from),
    scalar(
      db,
      sql`SELECT count(*) AS n FROM subscriptions WHERE plan <> 'discovery' AND status = 'canceled'
        AND ${endedAt} >= ${w.from} AND ${endedAt} < ${w.to}`,
    ),
  ]);
  return atStart === 0 ? 0 : Math.round((cancelled / atStart) * 1000) / 10;
}

async function kpisOf(db: Db, w: Window) {
  const [activeParents, activeSitters, bookings, value, mrr, paid, converted, churn] = await Promise.all([
    activeProfiles(db, "parent", w),
    activeProfiles(db, "babysitter", w),
    bookingsMade(db, w),
    bookingValue(db, w),
    mrrAt(db, w.to),
    paidPlansAt(db, w.to),
    conversions(db, w),
    churnPct(db, w),
  ]);
  return { activeParents, activeSitters, bookings, value, mrr: Math.round(mrr), paid, converted, churn };
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
 * grouped by this key is some 730 rows instead of 8,760.
 */
export const parisDayKey = (hour: SQL) =>
  sql`CASE WHEN substr(${hour}, 12, 2) = '22' THEN ${hour} ELSE date(${hour} || ':00', '+1 hours') END`;
const parisDateOfKey = (key: string) => (key.length === 10 ? key : parisDateOf(Date.parse(`${key}:00:00.000Z`)));

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

async function seriesOf(db: Db, w: Window, bucket: "day" | "week") {
  const [paid, signUps] = await Promise.all([
    db.all<{ key: string; cents: number }>(sql`
      SELECT ${parisDayKey(sql`substr(coalesce(paid_at, created_at), 1, 13)`)} AS key,
        sum(amount_paid_cents - refunded_cents) AS cents
      FROM invoices WHERE status = 'paid' AND coalesce(paid_at, created_at) >= ${w.from}
        AND coalesce(paid_at, created_at) < ${w.to} GROUP BY key`),
    db.all<{ key: string; parents: number; sitters: number }>(sql`
      SELECT ${parisDayKey(sql`substr(created_at, 1, 13)`)} AS key, sum(user_type = 'parent') AS parents,
        sum(user_type = 'babysitter') AS sitters
      FROM profiles WHERE user_type IN ('parent', 'babysitter') AND created_at >= ${w.from} AND created_at < ${w.to}
      GROUP BY key`),
  ]);
  const dates = bucketsOf(w, bucket);
  const revenue = fold(paid, ["cents"], dates, bucket);
  const growth = fold(signUps, ["parents", "sitters"], dates, bucket);
  return {
    revenue: dates.map((date) => ({ date, plans_cents: revenue.get(date)!.cents })),
    growth: dates.map((date) => ({ date, ...growth.get(date)! })),
  };
}

const HOUR_MS = DAY_MS / 24;

/** The API's p95 over the window's hours (services/monitoring/api-timings.ts), beside its target. */
async function apiPerformanceOf(db: Db, w: Window) {
  const [p95, { responseTimeTarget }] = await Promise.all([
    apiP95Ms(db, hourOf(Date.parse(w.from)), hourOf(Date.parse(w.to) + HOUR_MS)),
    loadAiSettings(db, "performance"),
  ]);
  return { api_p95_ms: p95?.ms ?? null, api_samples: p95?.samples ?? 0, api_target_ms: responseTimeTarget };
}

async function performanceOf(db: Db, w: Window): Promise<AdminDashboard["performance"]> {
  // The answers of the period, their median time (the middle one, or the mean of the middle two, in
  // order by a window) and how many were acceptances: one row comes back, however many answers.
  const [[row], api] = await Promise.all([
    db.all<{ answered: number; accepted: number | null; median: number | null }>(sql`
      WITH r AS MATERIALIZED (
        SELECT (julianday(responded_at) - julianday(created_at)) * 1440 AS minutes,
          (status IN ('confirmed', 'completed') OR (status = 'cancelled' AND coalesce(cancel_reason, '') <> 'declined')) AS accepted
        FROM bookings WHERE responded_at >= ${w.from} AND responded_at < ${w.to}),
      o AS (SELECT minutes, row_number() OVER (ORDER BY minutes) AS rn, count(*) OVER () AS n FROM r)
      SELECT (SELECT count(*) FROM r) AS answered, (SELECT sum(accepted) FROM r) AS accepted,
        (SELECT avg(minutes) FROM o WHERE rn IN ((n + 1) / 2, (n + 2) / 2)) AS median`),
    apiPerformanceOf(db, w),
  ]);
  const answered = Number(row?.answered ?? 0);
  if (answered === 0) return { response_minutes_median: null, acceptance_pct: null, answered: 0, ...api };
  return {
    response_minutes_median: Math.round(Number(row.median)),
    acceptance_pct: Math.round((Number(row.accepted) / answered) * 1000) / 10,
    answered,
    ...api,
  };
}

/** A booking the sitter accepted: answered and not declined (a later cancellation keeps it accepted). */
export const ACCEPTED_BOOKING = sql`b.responded_at IS NOT NULL AND coalesce(b.cancel_reason, '') <> 'declined'`;

/** Each step's count with its share of the first. */
function stepsOf<T extends string>(steps: readonly T[], row: Record<string, unknown> | undefined) {
  const first = Number(row?.[steps[0]] ?? 0);
  return steps.map((step) => {
    const count = Number(row?.[step] ?? 0);
    return { step, count, pct: first === 0 ? null : Math.round((count / first) * 1000) / 10 };
  });
}

async function funnelOf(db: Db, w: Window): Promise<AdminDashboard["funnel"]> {
  const [[parents], [sitters]] = await Promise.all([
    db.all<Record<string, number>>(sql`
      SELECT count(*) AS signed_up,
        coalesce(sum(p.first_search_at IS NOT NULL), 0) AS first_search,
        coalesce(sum(EXISTS (SELECT 1 FROM bookings b WHERE b.parent_id = p.id)), 0) AS first_request,
        coalesce(sum(EXISTS (SELECT 1 FROM bookings b WHERE b.parent_id = p.id AND ${ACCEPTED_BOOKING})), 0) AS confirmed,
        coalesce(sum(EXISTS (SELECT 1 FROM bookings b WHERE b.parent_id = p.id AND b.status = 'completed')), 0) AS completed
      FROM profiles p
      WHERE p.user_type = 'parent' AND p.created_at >= ${w.from} AND p.created_at < ${w.to}`),
    db.all<Record<string, number>>(sql`
      SELECT count(*) AS signed_up,
        coalesce(sum(${babysitterProfiles.profileId} IS NOT NULL AND ${listedSitter()}), 0) AS profile_complete,
        coalesce(sum(EXISTS (SELECT 1 FROM bookings b WHERE b.babysitter_id = ${profiles.id} AND ${ACCEPTED_BOOKING})), 0) AS first_accepted,
        coalesce(sum(EXISTS (SELECT 1 FROM subscriptions s WHERE s.profile_id = ${profiles.id}
          AND s.plan <> 'discovery' AND s.status <> 'trialing')), 0) AS paid_plan
      FROM ${profiles} LEFT JOIN ${babysitterProfiles} ON ${babysitterProfiles.profileId} = ${profiles.id}
      WHERE ${profiles.userType} = 'babysitter' AND ${profiles.createdAt} >= ${w.from} AND ${profiles.createdAt} < ${w.to}`),
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

/** Each part of the answer alone, over a window (the bench times them one by one). */
export const DASHBOARD_PARTS = {
  active_parents: (db: Db, w: Window) => activeProfiles(db, "parent", w),
  active_sitters: (db: Db, w: Window) => activeProfiles(db, "babysitter", w),
  bookings: bookingsMade,
  booking_value: bookingValue,
  plans: (db: Db, w: Window) => Promise.all([mrrAt(db, w.to), paidPlansAt(db, w.to)]),
  conversions,
  churn: churnPct,
  series: (db: Db, w: Window) => seriesOf(db, w, seriesBucket((Date.parse(w.to) - Date.parse(w.from)) / DAY_MS)),
  recent: recentActivity,
  performance: performanceOf,
  funnel: funnelOf,
} as const;

export async function adminDashboard(db: Db, period: DashboardPeriod, nowMs = Date.now()): Promise<AdminDashboard> {
  const days = DASHBOARD_PERIOD_DAYS[period];
  const current = { from: iso(nowMs - days * DAY_MS), to: iso(nowMs) };
  const previous = { from: iso(nowMs - 2 * days * DAY_MS), to: current.from };
  const bucket = seriesBucket(days);
  const [now, before, series, recent, performance, funnel] = await Promise.all([
    kpisOf(db, current),
    kpisOf(db, previous),
    seriesOf(db, current, bucket),
    recentActivity(db, current),
    performanceOf(db, current),
    funnelOf(db, current),
  ]);
  return {
    period,
    ...current,
    bucket,
    kpis: {
      active_parents: kpi(now.activeParents, before.activeParents),
      active_sitters: kpi(now.activeSitters, before.activeSitters),
      bookings: kpi(now.bookings, before.bookings),
      booking_value_cents: kpi(now.value, before.value),
      mrr_cents: kpi(now.mrr, before.mrr),
      paid_plans: kpi(now.paid, before.paid),
      trial_conversions: kpi(now.converted, before.converted),
      churn_pct: kpi(now.churn, before.churn),
    },
    ...series,
    recent_activity: recent.map(toAuditDto),
    performance,
    funnel,
  };
}
