// The admin console's dashboard contract: over a period (7 days, 30 days, 90 days, a year) the
// KPI cards, each with the previous period of the same length and the change; the plans' revenue
// and the sign-ups by day (by week over 90 days and a year, Paris dates); the recent activity (the
// audit log); the sitters' responsiveness; the conversion funnel of the people who signed up in
// the period.
import { z } from "zod";
import { auditEventSchema } from "./admin-audit";

export const DASHBOARD_PERIODS = ["7d", "30d", "90d", "1y"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_DAYS: Record<DashboardPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

export const dashboardQuerySchema = z
  .object({ period: z.enum(DASHBOARD_PERIODS, { error: "validation.formatInvalid" }).default("30d") })
  .strict();

const kpiSchema = z.object({
  value: z.number(),
  /** The same measure over the period just before, of the same length. */
  previous: z.number(),
  /** (value - previous) / previous, in percent, one decimal; null when previous is 0. */
  change_pct: z.number().nullable(),
});
export type Kpi = z.infer<typeof kpiSchema>;

export const KPI_NAMES = [
  "active_parents",
  "active_sitters",
  "bookings",
  "booking_value_cents",
  "mrr_cents",
  "paid_plans",
  "trial_conversions",
  "churn_pct",
] as const;

/**
 * The funnel's steps, in order, each counting the people of the cohort who reached it (not only
 * through the step before: a parent may book without a signed-in search). Parents: signed up,
 * searched signed in (profiles.first_search_at), requested a booking, had one accepted by the
 * sitter, had one completed. Sitters: signed up, listed (the search's listing rule), accepted a
 * request, took a paid plan.
 */
export const PARENT_FUNNEL_STEPS = ["signed_up", "first_search", "first_request", "confirmed", "completed"] as const;
export const SITTER_FUNNEL_STEPS = ["signed_up", "profile_complete", "first_accepted", "paid_plan"] as const;

const funnelStepSchema = <T extends readonly [string, ...string[]]>(steps: T) =>
  z.array(
    z.object({
      step: z.enum(steps),
      count: z.number().int(),
      /** Of the first step (the cohort), in percent, one decimal; null when the cohort is empty. */
      pct: z.number().nullable(),
    }),
  );

export const adminDashboardSchema = z
  .object({
    period: z.enum(DASHBOARD_PERIODS),
    /** UTC ISO-8601: the period is [from, to). */
    from: z.string(),
    to: z.string(),
    /** Buckets of the series: "day" over 7 and 30 days, "week" (from Monday) over 90 days and a year. */
    bucket: z.enum(["day", "week"]),
    kpis: z.object(
      Object.fromEntries(KPI_NAMES.map((name) => [name, kpiSchema])) as Record<
        (typeof KPI_NAMES)[number],
        typeof kpiSchema
      >,
    ),
    /** Paid invoices of the plans, net of refunds, per bucket (Paris date of its first day). */
    revenue: z.array(z.object({ date: z.string(), plans_cents: z.number().int() })),
    /** Sign-ups per bucket. */
    growth: z.array(z.object({ date: z.string(), parents: z.number().int(), sitters: z.number().int() })),
    recent_activity: z.array(auditEventSchema),
    performance: z.object({
      /** Median time from a booking request to the sitter's answer, in minutes (answers of the period). */
      response_minutes_median: z.number().nullable(),
      /** Accepted among the requests answered in the period, in percent. */
      acceptance_pct: z.number().nullable(),
      answered: z.number().int(),
      /** The API's 95th percentile over the period's hours, as the Worker measured its answers (ms); null before any. */
      api_p95_ms: z.number().int().nullable(),
      /** The answers that percentile is read from. */
      api_samples: z.number().int(),
      /** The performance settings' target for it (ms). */
      api_target_ms: z.number().int(),
    }),
    /** The people who signed up in the period, and how far each went since. */
    funnel: z.object({
      parents: funnelStepSchema(PARENT_FUNNEL_STEPS),
      sitters: funnelStepSchema(SITTER_FUNNEL_STEPS),
    }),
  })
  .meta({ id: "AdminDashboard" });
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
