// /api/dashboard: the caller's figures for their role (core-flows §2 /dashboard) and what to do next,
// on real data, the caller's own only (the service reads the session's profile id, nothing else).
import { dashboardSchema } from "@db/validators/dashboard";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { dashboardFigures } from "../services/dashboard/dashboard";

const getDashboard = signedInRoute({
  method: "get",
  path: "/",
  tags: ["dashboard"],
  summary:
    "The caller's figures and what to do next: for a parent, bookings, upcoming, unread messages, favourites, " +
    "the next sittings and the completed ones to review; for a babysitter, sessions done, upcoming, this " +
    "month's revenue (Europe/Paris), rating, the requests to answer and the Discovery trial's counter; none for an admin.",
  responses: {
    200: jsonResponse("Figures for the caller's role", dashboardSchema),
    404: errorResponse("The account has no profile"),
  },
});

export const dashboardRoutes = createApi().openapi(getDashboard, async (c) => {
  const profile = await callerProfile(c);
  return c.json(await dashboardFigures(c.var.db, { profile, now: new Date() }), 200);
});
