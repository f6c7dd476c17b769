// /api/admin/geography: the admin console's Geography section, per city over a period, from the
// tables themselves (services/admin/geography.ts says how people are placed and what each figure
// counts). Admins only (adminRoute). The CSV is the ranking the same search and order show, every row.
import { z } from "zod";
import { adminGeographySchema, geographyExportQuerySchema, geographyQuerySchema } from "@db/validators/admin-geography";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { adminActing, adminRoute } from "../middleware/session";
import { adminGeography, exportGeographyCsv } from "../services/admin/geography";
import { csvDownloadHeaders } from "../lib/csv";

const read = adminRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary:
    "Per city over 1, 3, 6 months or a year: subscribers, revenue, growth, adoption per 10,000 inhabitants, " +
    "average booking value, response time, satisfaction and unmet demand; the ranking searched on the name, " +
    "sorted and paged, the map's cities by the chosen metric and the top-5 lists.",
  request: { query: geographyQuerySchema },
  responses: { 200: jsonResponse("The cities", adminGeographySchema), 400: errorResponse("Invalid parameter") },
});

const exportCsv = adminRoute({
  method: "get",
  path: "/export",
  tags: ["admin"],
  summary: "The ranking's cities as CSV (UTF-8 with BOM, ';' by default or ','), every row, streamed. Audited.",
  request: { query: geographyExportQuerySchema },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("Invalid parameter"),
  },
});

export const adminGeographyRoutes = createApi()
  .openapi(read, async (c) => c.json(await adminGeography(c.var.db, c.req.valid("query")), 200))
  .openapi(exportCsv, async (c) => {
    const file = await exportGeographyCsv(c.var.db, adminActing(c), c.req.valid("query"), c.var.lang);
    return c.body(file.stream, 200, csvDownloadHeaders(file.name)) as never;
  });
