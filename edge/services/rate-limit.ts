// Per-key request limits (sign-up, sign-in and reset requests per client address, reset requests
// per target email), counted in the database like the login throttle: memory does not survive on
// Workers, and every isolate must see the same counters. Same table, keys prefixed "limit:".
import type { Db } from "@db/client";
import { REQUEST_LIMITS } from "@db/constants/limits";
import { ApiError } from "../lib/errors";
import { blocksQuery, failureQuery, minutesLeft, type ThrottleRule, waitOf } from "./login-throttle";

type LimitName = keyof typeof REQUEST_LIMITS;

const limitKey = (name: LimitName, subject: string) => `limit:${name}:${subject.trim().toLowerCase()}`;

/** The 429 of a refused request: the wait in the message, in Retry-After and in the body. */
export function rateLimited(waitMs: number): ApiError {
  const minutes = minutesLeft(waitMs);
  return new ApiError(
    429,
    "RATE_LIMITED",
    "errors.rateLimited",
    { count: minutes },
    { retryAfterMinutes: minutes },
    waitMs,
  );
}

export type Limit = { name: LimitName; subject: string };

const keyed = (limits: Limit[]) =>
  limits.map(({ name, subject }) => ({ key: limitKey(name, subject), rule: REQUEST_LIMITS[name] as ThrottleRule }));

/** The limits' current blocks, as a query to batch with other reads (then `throwIfBlocked`). */
export const limitBlocksQuery = (db: Db, limits: Limit[]) =>
  blocksQuery(
    db,
    keyed(limits).map((k) => k.key),
  );

export function throwIfBlocked(blocks: { blockedUntil: number | null }[], now = Date.now()): void {
  const wait = waitOf(blocks, now);
  if (wait > 0) throw rateLimited(wait);
}

/** The statements that count one request against each limit, to batch with the write they limit. */
export const countRequestQueries = (db: Db, limits: Limit[], now = Date.now()) =>
  keyed(limits).map(({ key, rule }) => failureQuery(db, key, rule, now));

/** Throws the 429 when any of the limits is exhausted; counts nothing. */
export async function ensureWithinLimits(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  throwIfBlocked(await limitBlocksQuery(db, limits), now);
}

/** Counts one request against each limit (after ensureWithinLimits, which a route may run beside its reads). */
export async function countRequest(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  await Promise.all(countRequestQueries(db, limits, now));
}

/**
 * Counts one request against each limit; throws a 429 (counting nothing) when any is exhausted.
 * Within a window the first `maxAttempts` requests pass; the one after waits for the block's end.
 */
export async function consume(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  await ensureWithinLimits(db, limits, now);
  await countRequest(db, limits, now);
}
