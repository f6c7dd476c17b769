// The caller's sessions for Settings → Sécurité: listed with a readable device and place, ended one
// by one or all but the current one. Only the owner's rows are ever read or deleted: another
// user's session id is simply not found. Each returns the ids it ended, so the route closes their
// realtime sockets at once (delivery/inbox-sessions.ts).
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "@db/client";
import { session } from "@db/schema/auth";
import type { AccountSession } from "@db/validators/account";
import { liveUser } from "../account-state";

export type Device = { browser: string | null; os: string | null };

/** Most specific first: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\bElectron\//, "Veilleuse Desktop"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** A readable device from a user agent ('Chrome' on 'Linux'); null parts when it says nothing we know. */
export function describeDevice(userAgent: string | null | undefined): Device {
  const agent = userAgent ?? "";
  const find = (rules: [RegExp, string][]) => rules.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return { browser: find(BROWSERS), os: find(SYSTEMS) };
}

type SessionRow = typeof session.$inferSelect;

export function toSessionDto(row: SessionRow, currentId: string): AccountSession {
  return {
    id: row.id,
    ...describeDevice(row.userAgent),
    city: row.city,
    country: row.country,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.updatedAt.toISOString(),
    current: row.id === currentId,
  };
}

/** The caller's live sessions, the current one first, then the most recently seen. */
export async function listSessions(db: Db, userId: string, currentId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt));
  return rows.map((row) => toSessionDto(row, currentId)).sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the caller's sessions: its id, or none when no such session is theirs (nothing changes). */
export async function revokeSession(db: Db, userId: string, id: string): Promise<string[]> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, userId)))
    .returning({ id: session.id });
  return deleted.map((row) => row.id);
}

/** Ends every session of the caller's but the current one: the ids it ended. */
export async function revokeOtherSessions(db: Db, userId: string, currentId: string): Promise<string[]> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentId)))
    .returning({ id: session.id });
  return deleted.map((row) => row.id);
}

/**
 * The session is live: its row exists, it has not expired and its account is live (account-state.ts).
 * A query, not a result, so the realtime sync reads it in the same round trip as the messages.
 */
export const liveSessionQuery = (db: Db, sessionId: string, now = new Date()) =>
  db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, now), liveUser(session.userId)))
    .limit(1);

export async function isSessionLive(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  return (await liveSessionQuery(db, sessionId, now)).length > 0;
}
