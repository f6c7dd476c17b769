// /api/admin/dashboard: the admin console's dashboard over a period, from the tables themselves.
// Admins only (adminRoute). The console's refresh is a real refetch of this route.
import { adminDashboardSchema, dashboardQuerySchema } from "@db/validators/admin-dashboard";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { adminRoute } from "../middleware/session";
import { adminDashboard } from "../services/admin/dashboard";

const read = adminRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary:
    "KPIs over 7d, 30d, 90d or 1y with the previous period and the change, the plans' revenue and sign-ups " +
    "as series (Paris dates), the latest audit entries and the sitters' response time and acceptance.",
  request: { query: dashboardQuerySchema },
  responses: { 200: jsonResponse("The dashboard", adminDashboardSchema), 400: errorResponse("Invalid period") },
});

export const adminDashboardRoutes = createApi().openapi(read, async (c) =>
  c.json(await adminDashboard(c.var.db, c.req.valid("query").period), 200),
);
