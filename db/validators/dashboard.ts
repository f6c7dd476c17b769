// GET /api/dashboard: the figures of the caller's role, on real data, and
// what to do next: a parent's next sittings and the reviews she can leave; a babysitter's
// requests to answer and where her Discovery trial stands.
import { z } from "zod";
import { BOOKING_STATUSES } from "../schema/enums";

/** One booking in a dashboard list, with the other party (the sitter for a parent, the parent for a sitter). */
export const dashboardBookingSchema = z
  .object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    /** UTC ISO-8601. */
    start_time: z.string(),
    end_time: z.string(),
    partner: z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      photo_url: z.string().nullable(),
    }),
  })
  .meta({ id: "DashboardBooking" });
export type DashboardBooking = z.infer<typeof dashboardBookingSchema>;

export const parentDashboardSchema = z.object({
  role: z.literal("parent"),
  /** Every booking the parent made, whatever its status. */
  total_bookings: z.number().int(),
  /** Pending or confirmed bookings that start in the future. */
  upcoming_bookings: z.number().int(),
  unread_messages: z.number().int(),
  favourite_sitters: z.number().int(),
  /** The first upcoming bookings, soonest first (DASHBOARD_LIST_SIZE at most). */
  next_bookings: z.array(dashboardBookingSchema),
  /** Completed sittings she has not reviewed yet (the sitter's account still live), latest first. */
  reviews_to_leave: z.array(dashboardBookingSchema),
});

/** The Discovery trial in force: its accepted bookings against the included ones, and the days left. */
export const dashboardTrialSchema = z.object({
  bookings_used: z.number().int(),
  bookings_included: z.number().int(),
  /** Whole days until the trial ends, rounded up (0 on its last instant). */
  days_left: z.number().int(),
  /** UTC ISO-8601. */
  ends_at: z.string(),
});

export const babysitterDashboardSchema = z.object({
  role: z.literal("babysitter"),
  /** Completed bookings. */
  sessions_done: z.number().int(),
  upcoming_bookings: z.number().int(),
  /** Completed bookings starting in the current month (Europe/Paris), in cents. */
  revenue_this_month_cents: z.number().int(),
  /** The month those revenues are for, "YYYY-MM" in Europe/Paris. */
  month: z.string(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  /** Requests waiting for her answer (pending, not started yet), soonest first (DASHBOARD_LIST_SIZE at most). */
  pending_requests: z.array(dashboardBookingSchema),
  /** How many such requests there are in all. */
  pending_requests_total: z.number().int(),
  /** The Discovery trial, while it is her plan in force; null on a paid plan or once it has ended. */
  trial: dashboardTrialSchema.nullable(),
});

/** Admins have their own console: the dashboard sends them there and counts nothing. */
export const adminDashboardSchema = z.object({ role: z.literal("admin") });

export const dashboardSchema = z
  .discriminatedUnion("role", [parentDashboardSchema, babysitterDashboardSchema, adminDashboardSchema])
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof dashboardSchema>;
