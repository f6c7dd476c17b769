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
import { closedAccount } from "./account";
import { eq } from "drizzle-orm";
import { user } from "@db/schema/auth";
import { recordAudit } from "../audit/audit";

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
 * right; otherwise the error to answer: blocked (429), deleted or suspended account (403, a
 * suspension with its reason), wrong password (401,
 * with a warning when few attempts remain). `onAccountBlocked` runs once, when this wrong password
 * starts the account's block (its owner is offered a reset link).
 */
export async function passwordSignIn<T>(
  db: Db,
  attempt: { email: string; address: string; lang: Lang; userAgent?: string | null },
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
    // The right password on a deleted or suspended account (no session is created for it): said plainly.
    const closed = check.code === "FAILED_TO_CREATE_SESSION" ? await closedAccount(db, email) : null;
    if (closed?.state === "deleted") throw new ApiError(403, "ACCOUNT_DELETED", "account.deleted");
    if (closed?.state === "suspended")
      throw new ApiError(403, "ACCOUNT_SUSPENDED", "account.suspended", { reason: closed.reason });
    throw await check.error();
  }
  const startsBlock = counted.account.attempts === ACCOUNT_RULE.maxAttempts;
  await recordFailedSignIn(db, attempt, startsBlock);
  if (startsBlock) onAccountBlocked();
  // This wrong password was the last one allowed: the block it started is what the user needs to know.
  if (counted.waitMs > 0) throw loginBlocked(counted.waitMs);
  const remaining = counted.account.remaining;
  const warning =
    remaining <= WARN_WHEN_REMAINING_AT_MOST
      ? translate(attempt.lang, "errors.attemptsLeft", { count: remaining })
      : undefined;
  throw new ApiError(401, "INVALID_CREDENTIALS", "errors.invalidCredentials", {}, warning ? { warning } : {});
}

/**
 * A wrong password, in the audit log: against the account when the address has one (the same
 * lookup and insert either way, so a known address takes no longer than an unknown one), and a
 * second, higher entry when it starts the account's block.
 */
async function recordFailedSignIn(
  db: Db,
  attempt: { email: string; address: string; userAgent?: string | null },
  startsBlock: boolean,
): Promise<void> {
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, attempt.email.trim().toLowerCase()));
  const actor = { userId: account?.id ?? null, name: null };
  const origin = {
    ipAddress: attempt.address === "unknown" ? null : attempt.address,
    userAgent: attempt.userAgent ?? null,
  };
  await recordAudit(db, actor, origin, { action: "auth.sign_in_failed", resource: "auth:password", status: "failure" });
  if (startsBlock)
    await recordAudit(db, actor, origin, { action: "auth.blocked", resource: "auth:password", status: "warning" });
}
