// /api/admin/analytics: the admin console's analytics over a period (searches, time to a first
// booking, retention by monthly cohort, messages before a first booking), aggregated by SQL.
// Admins only (adminRoute). Read only: nothing is written.
import { adminAnalyticsSchema, analyticsQuerySchema } from "@db/validators/admin-analytics";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { adminRoute } from "../middleware/session";
import { adminAnalytics } from "../services/admin/analytics";

const read = adminRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary:
    "Over 7d, 30d, 90d or 1y: the searches (top and zero-result words, filters' shares, searches per " +
    "Paris day), parents' time from sign-up to a first booking request, retention by monthly sign-up " +
    "cohort, and the messages a parent and a sitter exchange before their first booking.",
  request: { query: analyticsQuerySchema },
  responses: { 200: jsonResponse("The analytics", adminAnalyticsSchema), 400: errorResponse("Invalid period") },
});

export const adminAnalyticsRoutes = createApi().openapi(read, async (c) =>
  c.json(await adminAnalytics(c.var.db, c.req.valid("query").period), 200),
);
