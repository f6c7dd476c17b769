// A sign-in with email and password under the login throttle (per account and per client
// address, counted in the database: limits/login-throttle.ts). The attempt is counted before the
// password is checked, so requests arriving together cannot all pass an "am I over?" read, and
// settled once the answer is known: a right password, or a refusal that was no guess (an
// unconfirmed email, a deleted account), gives the attempt back.
import type { Db } from "@db/client";
import { ApiError } from "../../lib/errors";
import { translate, type Lang } from "../../lib/i18n";
import {
  ACCOUNT_RULE,
  countSignInAttempt,
  minutesLeft,
  settleSignIn,
  WARN_WHEN_REMAINING_AT_MOST,
} from "../limits/login-throttle";
import { isDeleted } from "./account";

/** What the password check (better-auth, in the route) answered. */
export type PasswordCheck<T> =
  | { ok: true; answer: T }
  /** `code`: better-auth's error code; `error`: that refusal as the caller should get it. */
  | { ok: false; code: string | undefined; error: () => Promise<ApiError> };

const loginBlocked = (ms: number) =>
  new ApiError(
    429,
    "LOGIN_BLOCKED",
    "errors.loginBlocked",
    { count: minutesLeft(ms) },
    { retryAfterMinutes: minutesLeft(ms) },
    ms,
  );

/**
 * The answer of `checkPassword` when the throttle lets the attempt through and the password is
 * right; otherwise the error to answer: blocked (429), deleted account (403), wrong password (401,
 * with a warning when few attempts remain). `onAccountBlocked` runs once, when this wrong password
 * starts the account's block (its owner is offered a reset link).
 */
export async function passwordSignIn<T>(
  db: Db,
  attempt: { email: string; address: string; lang: Lang },
  checkPassword: () => Promise<PasswordCheck<T>>,
  onAccountBlocked: () => void,
): Promise<T> {
  const { email, address } = attempt;
  const counted = await countSignInAttempt(db, email, address, Date.now());
  if (!counted.allowed) throw loginBlocked(counted.waitMs);

  const check = await checkPassword();
  if (check.ok) {
    await settleSignIn(db, email, address, "right-password");
    return check.answer;
  }
  if (check.code !== "INVALID_EMAIL_OR_PASSWORD") {
    await settleSignIn(db, email, address, "not-a-guess");
    // The right password on a deleted account (no session is created for it): said plainly.
    if (check.code === "FAILED_TO_CREATE_SESSION" && (await isDeleted(db, email)))
      throw new ApiError(403, "ACCOUNT_DELETED", "account.deleted");
    throw await check.error();
  }
  if (counted.account.attempts === ACCOUNT_RULE.maxAttempts) onAccountBlocked();
  // This wrong password was the last one allowed: the block it started is what the user needs to know.
  if (counted.waitMs > 0) throw loginBlocked(counted.waitMs);
  const remaining = counted.account.remaining;
  const warning =
    remaining <= WARN_WHEN_REMAINING_AT_MOST
      ? translate(attempt.lang, "errors.attemptsLeft", { count: remaining })
      : undefined;
  throw new ApiError(401, "INVALID_CREDENTIALS", "errors.invalidCredentials", {}, warning ? { warning } : {});
}
