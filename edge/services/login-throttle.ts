// Server-side login throttle (spec core-flows §9, enforced on the server per DESIGN.md): failures
// are counted per account and per client address in the database (memory does not survive on
// Workers). Each key: N failures within the window blocks it for the block duration.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { loginThrottle } from "@db/schema/login-throttle";
import { LOGIN_THROTTLE, MINUTE_MS } from "@db/constants/limits";

export type ThrottleRule = { maxAttempts: number; windowMs: number; blockMs: number };

/** The spec's rule, per account. */
export const ACCOUNT_RULE: ThrottleRule = LOGIN_THROTTLE;
/**
 * Per client address we allow more failures before blocking (our choice, not the spec's): families behind
 * one carrier-grade NAT or an office share an address, and the account rule already stops guessing.
 */
export const ADDRESS_RULE: ThrottleRule = { ...LOGIN_THROTTLE, maxAttempts: LOGIN_THROTTLE.maxAttempts * 4 };

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `ip:${address}`;

/** The blocks of `keys` (a query, so a caller may batch it with its own reads). */
export const blocksQuery = (db: Db, keys: string[]) =>
  db.select({ blockedUntil: loginThrottle.blockedUntil }).from(loginThrottle).where(inArray(loginThrottle.key, keys));

/** Milliseconds until the latest of these blocks ends, or 0. */
export function waitOf(blocks: { blockedUntil: number | null }[], now: number): number {
  const until = Math.max(0, ...blocks.map((row) => row.blockedUntil ?? 0));
  return Math.max(0, until - now);
}

/** Milliseconds until the latest block among `keys` ends, or 0 when sign-in may be attempted. */
export async function blockedFor(db: Db, keys: string[], now: number): Promise<number> {
  return waitOf(await blocksQuery(db, keys), now);
}

export type FailureOutcome = { failures: number; remaining: number; blockedUntil: number | null };

/** Count one failure atomically (a single UPSERT, safe under concurrent attempts). */
export async function recordFailure(db: Db, key: string, rule: ThrottleRule, now: number): Promise<FailureOutcome> {
  const [row] = await failureQuery(db, key, rule, now);
  const blockedUntil = row.blockedUntil !== null && row.blockedUntil > now ? row.blockedUntil : null;
  return { failures: row.failures, remaining: Math.max(0, rule.maxAttempts - row.failures), blockedUntil };
}

/** The UPSERT that counts one failure (a query, so a caller may batch it with its own write). */
export function failureQuery(db: Db, key: string, rule: ThrottleRule, now: number) {
  const windowExpired = sql`${loginThrottle.windowStartedAt} <= ${now - rule.windowMs}`;
  const nextFailures = sql`CASE WHEN ${windowExpired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`;
  return db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: rule.maxAttempts <= 1 ? now + rule.blockMs : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: nextFailures,
        windowStartedAt: sql`CASE WHEN ${windowExpired} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
        blockedUntil: sql`CASE WHEN ${nextFailures} >= ${rule.maxAttempts} THEN ${now + rule.blockMs} ELSE ${loginThrottle.blockedUntil} END`,
      },
    })
    .returning({ failures: loginThrottle.failures, blockedUntil: loginThrottle.blockedUntil });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

export const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE_MS));

/** The spec warns when 2 or fewer attempts remain. */
export const WARN_WHEN_REMAINING_AT_MOST = LOGIN_THROTTLE.warnWhenRemaining;
