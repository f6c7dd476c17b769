// Counts the admin console's Audit and Geography read instead of every row of a period or every
// person (migration 0035_audit_rollups, where the rules are written). Every row here is written by
// SQLite triggers, never by the application; the migration filled them once from the rows already
// there. The tables are WITHOUT ROWID (the migration says so; drizzle cannot). SQLite drops a
// table's triggers with the table: a migration that rebuilds audit_events, profiles or user must
// create migration 0035's triggers on it again.
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The audit log's entries per UTC day (the first ten characters of created_at), action, status and
 * severity: the Audit's stat cards over a period without reading its entries, and, for a search whose
 * text is in an action's name (every sign-in's "auth.sign_in"), the entries it finds through their
 * action (migration 0038 added the action). Only ever added to: the log is append-only and its
 * triggers (migration 0023) refuse any change of created_at, action, status or severity
 * (anonymisation clears the person's name, address and browser, which are not counted here).
 */
export const auditDays = sqliteTable(
  "audit_days",
  {
    day: text("day").notNull(),
    action: text("action").notNull(),
    status: text("status").notNull(),
    severity: text("severity").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.action, t.status, t.severity] })],
);

/**
 * Parents and sitters placed in each commune (profiles.city_id) per role, and how many of them belong
 * to a deleted account: the Geography's people per city without walking every profile. A profile
 * counts where it is placed now, in its present role. No foreign key to cities: a commune removed by
 * an import unplaces its people (their city_id set to NULL), which takes them off its row.
 */
export const cityPeople = sqliteTable(
  "city_people",
  {
    cityId: text("city_id").notNull(),
    userType: text("user_type").notNull(),
    placed: integer("placed").notNull(),
    deleted: integer("deleted").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.userType] })],
);
