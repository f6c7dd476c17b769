// /api/dashboard: the caller's figures for their role (core-flows §2 /dashboard), on real data.
import { dashboardSchema } from "@db/validators/dashboard";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { dashboardFigures } from "../services/dashboard";

const getDashboard = signedInRoute({
  method: "get",
  path: "/",
  tags: ["dashboard"],
  summary:
    "The caller's figures: bookings, upcoming, unread messages and favourites for a parent; sessions done, " +
    "upcoming, this month's revenue (Europe/Paris) and rating for a babysitter; none for an admin.",
  responses: {
    200: jsonResponse("Figures for the caller's role", dashboardSchema),
    404: errorResponse("The account has no profile"),
  },
});

export const dashboardRoutes = createApi().openapi(getDashboard, async (c) => {
  const profile = await callerProfile(c);
  return c.json(await dashboardFigures(c.var.db, { profile, now: new Date() }), 200);
});
