// The admin audit trail. Rows outlive the user they mention:
// user_id is set null on deletion and user_name keeps a snapshot.
import { sqliteTable, text, index, check } from "drizzle-orm/sqlite-core";
import { user } from "./auth";
import { AUDIT_STATUSES, SEVERITIES } from "./enums";
import { createdAt, uuidPk } from "./columns";
import { oneOf } from "./checks";

export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: uuidPk(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userName: text("user_name"),
    /** Dotted, e.g. subscription.modify, payment.failed, security.alert, booking.create. */
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    details: text("details"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    status: text("status", { enum: AUDIT_STATUSES }).notNull().default("success"),
    severity: text("severity", { enum: SEVERITIES }).notNull().default("low"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check("audit_events_status_check", oneOf(t.status, AUDIT_STATUSES)),
    check("audit_events_severity_check", oneOf(t.severity, SEVERITIES)),
    index("audit_events_created_idx").on(t.createdAt),
    index("audit_events_action_idx").on(t.action),
  ],
);
