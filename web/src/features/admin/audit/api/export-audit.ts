// GET /api/admin/audit/export: the log's entries the filters match over the period, as a CSV file
// (every one, not just the page on screen), saved under the name the server gives. The export is
// itself audited.
import type { AuditQuery } from "@db/validators/admin-audit";
import type { CsvSeparator } from "@db/validators/admin-users";
import { client } from "@web/lib/api-client";
import { saveCsv } from "../../list/save-csv";
import { auditList } from "../list-params";

/** Saves the file and resolves with its name (null: the desktop app's save dialog was cancelled). */
export const exportAudit = (query: AuditQuery, separator: CsvSeparator): Promise<string | null> =>
  saveCsv(client.api.admin.audit.export.$get({ query: { ...auditList.exportParams(query), separator } }), "audit.csv");
