// Writing the audit log (db/schema/audit-events.ts): the services that act call these, never a
// route or a screen, and a money or admin action batches its entry with its own writes so neither
// lands without the other. Entries hold ids and the actor's name, not other people's personal data:
// a user's name is read from her profile when the console shows the entry, so the anonymisation of
// a deleted account (services/account/account.ts) reaches it.
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { auditEvents } from "@db/schema/audit-events";
import type { AuditStatus, Severity } from "@db/schema/enums";
import { AUDIT_ACTIONS, type AuditAction } from "@db/constants/audit";

/** Who acted: the account and its name at the time (null for an anonymous caller or the system). */
export type AuditActor = { userId: string | null; name: string | null };

/** Where the request came from. */
export type AuditOrigin = { ipAddress: string | null; userAgent: string | null };

export type AuditEntry = {
  action: AuditAction;
  /** What was acted on, e.g. "user:<id>", "subscription:<id>", "export:users". */
  resource: string;
  /** Free text an admin wrote (a reason), or null. */
  details?: string | null;
  status?: AuditStatus;
  severity?: Severity;
  metadata?: Record<string, unknown>;
};

export const SYSTEM_ACTOR: AuditActor = { userId: null, name: null };

/** A member acting for themselves, as the log names them. */
export const profileActor = (profile: { userId: string; firstName: string; lastName: string }): AuditActor => ({
  userId: profile.userId,
  name: `${profile.firstName} ${profile.lastName}`,
});
export const NO_ORIGIN: AuditOrigin = { ipAddress: null, userAgent: null };

/** The insert of one entry, to batch with the action it records. */
export function auditInsert(db: Db, actor: AuditActor, origin: AuditOrigin, entry: AuditEntry) {
  return db.insert(auditEvents).values({
    userId: actor.userId,
    userName: actor.name,
    action: entry.action,
    resource: entry.resource,
    details: entry.details ?? null,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    status: entry.status ?? "success",
    severity: entry.severity ?? AUDIT_ACTIONS[entry.action],
    metadata: entry.metadata ?? null,
  });
}

/** Records one entry on its own (an action that has no write of its own to batch it with). */
export async function recordAudit(db: Db, actor: AuditActor, origin: AuditOrigin, entry: AuditEntry): Promise<void> {
  await auditInsert(db, actor, origin, entry);
}

/**
 * The insert of one entry that lands only when the statement just before it, in the same batch,
 * changed a row (SQLite's changes()): the once-only claim of an action and its entry commit together,
 * and a repeated request that claims nothing records nothing.
 */
export function auditInsertWhenChanged(db: Db, actor: AuditActor, origin: AuditOrigin, entry: AuditEntry) {
  const metadata = entry.metadata ? JSON.stringify(entry.metadata) : null;
  return db.run(sql`
    INSERT INTO audit_events
      (id, user_id, user_name, action, resource, details, ip_address, user_agent, status, severity, metadata)
    SELECT ${crypto.randomUUID()}, ${actor.userId}, ${actor.name}, ${entry.action}, ${entry.resource},
      ${entry.details ?? null}, ${origin.ipAddress}, ${origin.userAgent?.slice(0, 500) ?? null},
      ${entry.status ?? "success"}, ${entry.severity ?? AUDIT_ACTIONS[entry.action]}, ${metadata}
    WHERE changes() = 1`);
}

/**
 * The insert of one entry whose actor is a profile's account, read in the same statement (her user
 * id and name as they are now): for a service that knows the profile acting, not her account.
 */
export function auditInsertByProfile(db: Db, profileId: string, origin: AuditOrigin, entry: AuditEntry) {
  const metadata = entry.metadata ? JSON.stringify(entry.metadata) : null;
  return db.run(sql`
    INSERT INTO audit_events
      (id, user_id, user_name, action, resource, details, ip_address, user_agent, status, severity, metadata)
    SELECT ${crypto.randomUUID()}, p.user_id, p.first_name || ' ' || p.last_name, ${entry.action}, ${entry.resource},
      ${entry.details ?? null}, ${origin.ipAddress}, ${origin.userAgent?.slice(0, 500) ?? null},
      ${entry.status ?? "success"}, ${entry.severity ?? AUDIT_ACTIONS[entry.action]}, ${metadata}
    FROM profiles p WHERE p.id = ${profileId}`);
}
