// The admin console's Audit section contract: the log over a period (1, 7, 30 or 90 days), searched
// and filtered by status and severity, with its stat cards; the CSV takes the same filters, so the
// file holds exactly the entries the screen lists.
import { z } from "zod";
import { AUDIT_STATUSES, SEVERITIES } from "../schema/enums";
import { CSV_EXPORT_FIELDS, LIST_PAGE_FIELDS, SORT_DIRECTIONS } from "./admin-users";

export const AUDIT_PERIODS = ["1d", "7d", "30d", "90d"] as const;
export type AuditPeriod = (typeof AUDIT_PERIODS)[number];
export const AUDIT_PERIOD_DAYS: Record<AuditPeriod, number> = { "1d": 1, "7d": 7, "30d": 30, "90d": 90 };
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_SEARCH_MAX_LENGTH = 100;

const invalid = { error: "validation.formatInvalid" };

export const auditFiltersSchema = z.object({
  period: z.enum(AUDIT_PERIODS, invalid).default("7d"),
  /** Part of the action, resource, details, actor's name or address. */
  q: z.string().trim().max(AUDIT_SEARCH_MAX_LENGTH, "validation.formatInvalid").optional(),
  status: z.enum(AUDIT_STATUSES, invalid).optional(),
  severity: z.enum(SEVERITIES, invalid).optional(),
  dir: z.enum(SORT_DIRECTIONS, invalid).default("desc"),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditQuerySchema = auditFiltersSchema.extend({ page: LIST_PAGE_FIELDS.page }).strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditExportQuerySchema = auditFiltersSchema.extend(CSV_EXPORT_FIELDS).strict();
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditEventSchema = z
  .object({
    id: z.string(),
    /** UTC ISO-8601. */
    created_at: z.string(),
    user_id: z.string().nullable(),
    user_name: z.string().nullable(),
    /** Dotted, e.g. admin.user.suspend. */
    action: z.string(),
    resource: z.string(),
    details: z.string().nullable(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    status: z.enum(AUDIT_STATUSES),
    severity: z.enum(SEVERITIES),
    metadata: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEventDto = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The stat cards, over the period and the filters. */
  stats: z.object({
    total: z.number().int(),
    failures: z.number().int(),
    warnings: z.number().int(),
    /** Entries of high or critical severity. */
    serious: z.number().int(),
  }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
