// Counted attempts, in the database (memory does not survive on Workers, and every isolate must see
// the same counters): the sign-in throttle (per account and per client address) and, through
// services/limits/rate-limit.ts, every per-key request limit.
//
// The count is the gate. One UPSERT increments the key's counter and returns the new count, and an
// attempt passes only when that count is within the rule: there is no separate "am I over?" read
// that requests arriving together could all pass before any of them is counted. The attempt that
// reaches `maxAttempts` passes and starts the block; every attempt during the block is refused (and
// still counted, so the count only grows until the block ends).
import { eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { loginThrottle } from "@db/schema/login-throttle";
import { LOGIN_THROTTLE, MINUTE_MS } from "@db/constants/limits";

export type ThrottleRule = { maxAttempts: number; windowMs: number; blockMs: number };

/** The product's rule, per account: 5 failures in 15 minutes block it for 30 minutes. */
export const ACCOUNT_RULE: ThrottleRule = LOGIN_THROTTLE;
/**
 * Per client address we allow more failures before blocking (our choice): families behind
 * one carrier-grade NAT or an office share an address, and the account rule already stops guessing.
 */
export const ADDRESS_RULE: ThrottleRule = { ...LOGIN_THROTTLE, maxAttempts: LOGIN_THROTTLE.maxAttempts * 4 };

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `ip:${address}`;

/** What the counting statement returns: the count in the window (this attempt included) and the block. */
export type CountedRow = { failures: number; blockedUntil: number | null };

/**
 * The UPSERT that counts one attempt and returns the new count (a query, so a caller may batch it).
 * A key starts a fresh window when its window has passed or its block has ended; during a block it
 * keeps counting. SQLite evaluates every SET expression on the row as it was, so `blocked` and
 * `fresh` describe the state before this attempt.
 */
export function attemptQuery(db: Db, key: string, rule: ThrottleRule, now: number) {
  const blocked = sql`coalesce(${loginThrottle.blockedUntil}, 0) > ${now}`;
  const fresh = sql`(NOT ${blocked} AND (${loginThrottle.windowStartedAt} <= ${now - rule.windowMs} OR ${loginThrottle.blockedUntil} IS NOT NULL))`;
  const next = sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginThrottle.failures} + 1 END`;
  return db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: rule.maxAttempts <= 1 ? now + rule.blockMs : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        windowStartedAt: sql`CASE WHEN ${fresh} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
        blockedUntil: sql`CASE WHEN ${blocked} THEN ${loginThrottle.blockedUntil} WHEN ${next} >= ${rule.maxAttempts} THEN ${now + rule.blockMs} ELSE NULL END`,
      },
    })
    .returning({ failures: loginThrottle.failures, blockedUntil: loginThrottle.blockedUntil });
}

export type AttemptOutcome = {
  /** This attempt may go ahead. */
  allowed: boolean;
  /** Attempts counted in the window, this one included. */
  attempts: number;
  /** Attempts left before the block (0 once this one started it). */
  remaining: number;
  /** Milliseconds until the block ends (0 when there is none). */
  waitMs: number;
};

/** Reads the counting statement's row: allowed while the count is within the rule. */
export function outcomeOf(row: CountedRow, rule: ThrottleRule, now: number): AttemptOutcome {
  return {
    allowed: row.failures <= rule.maxAttempts,
    attempts: row.failures,
    remaining: Math.max(0, rule.maxAttempts - row.failures),
    waitMs: Math.max(0, (row.blockedUntil ?? 0) - now),
  };
}

/** Counts one attempt atomically and says whether it may go ahead. */
export async function recordAttempt(db: Db, key: string, rule: ThrottleRule, now: number): Promise<AttemptOutcome> {
  const [row] = await attemptQuery(db, key, rule, now);
  return outcomeOf(row, rule, now);
}

/** Forgets a key (a successful sign-in with the right password proves ownership of the account). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/**
 * Gives one counted attempt back (a sign-in that did not fail, on a key that must not be cleared by
 * it: an address, which one's own account must never wash clean between guesses at another's). A
 * block lifts only when the count falls back under the rule, i.e. when this attempt had started it.
 */
export async function returnAttempt(db: Db, key: string, rule: ThrottleRule): Promise<void> {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`${loginThrottle.failures} - 1`,
      blockedUntil: sql`CASE WHEN ${loginThrottle.failures} - 1 < ${rule.maxAttempts} THEN NULL ELSE ${loginThrottle.blockedUntil} END`,
    })
    .where(sql`${loginThrottle.key} = ${key} AND ${loginThrottle.failures} > 0`);
}

/** A sign-in attempt counted on both its keys: the account's outcome, and the longer wait of the two. */
export type SignInAttempt = { allowed: boolean; account: AttemptOutcome; waitMs: number };

const signInKeys = (email: string, address: string) =>
  [
    [accountKey(email), ACCOUNT_RULE],
    [addressKey(address), ADDRESS_RULE],
  ] as const;

/**
 * Counts a sign-in attempt on the account and on the client address, in one transaction, before
 * the password is checked: however many guesses arrive together, at most `maxAttempts` reach it.
 */
export async function countSignInAttempt(db: Db, email: string, address: string, now: number): Promise<SignInAttempt> {
  const [[accountKeyOf, accountRule], [addressKeyOf, addressRule]] = signInKeys(email, address);
  const [[accountRow], [addressRow]] = await db.batch([
    attemptQuery(db, accountKeyOf, accountRule, now),
    attemptQuery(db, addressKeyOf, addressRule, now),
  ]);
  const account = outcomeOf(accountRow, accountRule, now);
  const byAddress = outcomeOf(addressRow, addressRule, now);
  return {
    allowed: account.allowed && byAddress.allowed,
    account,
    waitMs: Math.max(account.waitMs, byAddress.waitMs),
  };
}

/**
 * An attempt that was not a wrong password: the right one clears the account's count (and lifts its
 * block, as a password reset does); the address only gets this attempt back. Any other outcome
 * (a deleted account, a provider error) gives both attempts back.
 */
export async function settleSignIn(
  db: Db,
  email: string,
  address: string,
  outcome: "right-password" | "not-a-guess",
): Promise<void> {
  const [[accountKeyOf, accountRule], [addressKeyOf, addressRule]] = signInKeys(email, address);
  await Promise.all([
    outcome === "right-password" ? clearAttempts(db, accountKeyOf) : returnAttempt(db, accountKeyOf, accountRule),
    returnAttempt(db, addressKeyOf, addressRule),
  ]);
}

export const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE_MS));

/** The sign-in warns ('N tentative(s) restante(s)') when 2 or fewer attempts remain. */
export const WARN_WHEN_REMAINING_AT_MOST = LOGIN_THROTTLE.warnWhenRemaining;
