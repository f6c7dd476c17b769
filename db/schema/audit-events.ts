// The admin audit trail, append-only: written by the services that act (services/audit/audit.ts),
// never by a screen. Triggers (migration 0023) refuse every DELETE and every UPDATE except the
// anonymisation of a deleted account (user_name, ip_address and user_agent set to NULL; user_id
// set to NULL by the foreign key). Rows outlive the user they mention.
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
    /**
     * The log's order, with what the list filters on and the stat cards count: a period's entries of
     * one status or severity are found in the index alone, each entry read only when listed.
     */
    index("audit_events_created_status_idx").on(t.createdAt, t.status, t.severity),
    /**
     * An action's entries in the log's order, with what the list filters on: a search for a text
     * found in a rare action's name reads that action's entries of the period from here.
     */
    index("audit_events_action_created_idx").on(t.action, t.createdAt, t.status, t.severity),
    /** A user's audit trail (the console's user page). */
    index("audit_events_user_created_idx").on(t.userId, t.createdAt),
    /** What was done to a resource (a user's page lists the entries about her account). */
    index("audit_events_resource_created_idx").on(t.resource, t.createdAt),
  ],
);
