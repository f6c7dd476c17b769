// /api/admin/audit: the admin console's Audit section, read-only (no route anywhere changes or
// deletes an entry; the table's triggers refuse it). Admins only (adminRoute).
import { z } from "zod";
import { auditExportQuerySchema, auditPageSchema, auditQuerySchema } from "@db/validators/admin-audit";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { adminActing, adminRoute } from "../middleware/session";
import { exportAuditCsv, listAuditEvents } from "../services/admin/audit-log";
import { csvDownloadHeaders } from "../lib/csv";

const TAGS = ["admin"];

const list = adminRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The audit log over a period (1d, 7d, 30d, 90d), searched and filtered, 50 a page, with the stat cards.",
  request: { query: auditQuerySchema },
  responses: { 200: jsonResponse("A page of entries", auditPageSchema), 400: errorResponse("Invalid filter") },
});

const exportCsv = adminRoute({
  method: "get",
  path: "/export",
  tags: TAGS,
  summary: "The filtered entries as CSV (UTF-8 with BOM, ';' by default or ','), every one, streamed. Audited.",
  request: { query: auditExportQuerySchema },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("Invalid filter"),
  },
});

export const adminAuditRoutes = createApi()
  .openapi(list, async (c) => c.json(await listAuditEvents(c.var.db, c.req.valid("query")), 200))
  .openapi(exportCsv, async (c) => {
    const file = await exportAuditCsv(c.var.db, adminActing(c), c.req.valid("query"), c.var.lang);
    return c.body(file.stream, 200, csvDownloadHeaders(file.name)) as never;
  });
