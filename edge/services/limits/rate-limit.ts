// Per-key request limits (sign-up, sign-in and reset requests per client address, reset requests
// per target email, what an account may repeat), counted in the database like the login throttle:
// memory does not survive on Workers, and every isolate must see the same counters. Same table,
// keys prefixed "limit:".
//
// Count first: a request is counted by one atomic increment-and-read before it does any work, and
// refused when that count passes the limit (services/limits/login-throttle.ts). Twenty requests arriving at
// the same instant get exactly `maxAttempts` passes, on one isolate or many. Refused requests are
// counted too, so a loop stays blocked until it stops.
import type { Db } from "@db/client";
import { REQUEST_LIMITS } from "@db/constants/limits";
import { ApiError } from "../../lib/errors";
import {
  attemptQuery,
  type CountedRow,
  minutesLeft,
  outcomeOf,
  returnAttempt,
  type ThrottleRule,
} from "./login-throttle";

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

const ruleOf = (name: LimitName): ThrottleRule => REQUEST_LIMITS[name];

/** The statements that count one request against each limit, to batch with reads of the same request. */
export const countQueries = (db: Db, limits: Limit[], now = Date.now()) =>
  limits.map(({ name, subject }) => attemptQuery(db, limitKey(name, subject), ruleOf(name), now));

/** Throws the 429 when any limit's new count (rows in the order of `limits`) is past its maximum. */
export function throwIfOver(limits: Limit[], counted: CountedRow[][], now = Date.now()): void {
  const refused = limits
    .map(({ name }, index) => outcomeOf(counted[index][0], ruleOf(name), now))
    .filter((outcome) => !outcome.allowed);
  if (refused.length > 0) throw rateLimited(Math.max(...refused.map((outcome) => outcome.waitMs)));
}

/**
 * Counts one request against each limit (one transaction) and throws a 429 when any is past its
 * maximum. Within a window the first `maxAttempts` requests pass; later ones wait for the block's end.
 */
export async function consume(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  const [first, ...rest] = countQueries(db, limits, now);
  if (!first) return;
  const counted = rest.length === 0 ? [await first] : await db.batch([first, ...rest]);
  throwIfOver(limits, counted, now);
}

/** Gives one counted request back: a repeat that did no work (a retried send answered from storage). */
export const giveBack = (db: Db, { name, subject }: Limit) => returnAttempt(db, limitKey(name, subject), ruleOf(name));
