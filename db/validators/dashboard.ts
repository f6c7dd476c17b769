// GET /api/dashboard (core-flows §2 /dashboard): the figures of the caller's role, on real data.
import { z } from "zod";

export const parentDashboardSchema = z.object({
  role: z.literal("parent"),
  /** Every booking the parent made, whatever its status. */
  total_bookings: z.number().int(),
  /** Pending or confirmed bookings that start in the future. */
  upcoming_bookings: z.number().int(),
  unread_messages: z.number().int(),
  favourite_sitters: z.number().int(),
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
});

/** Admins have their own console: the dashboard sends them there and counts nothing. */
export const adminDashboardSchema = z.object({ role: z.literal("admin") });

export const dashboardSchema = z
  .discriminatedUnion("role", [parentDashboardSchema, babysitterDashboardSchema, adminDashboardSchema])
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof dashboardSchema>;
