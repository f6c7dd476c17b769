// What a successful password reset also does (better-auth has already saved the password and, with
// revokeSessionsOnPasswordReset, ended every session): the other reset links die, the login block
// lifts (the owner proved they hold the mailbox), and the owner is told by email. And, before any
// of that, whether a link still works (the reset page asks as it opens).
import { NO_ORIGIN, recordAudit, type AuditOrigin } from "../audit/audit";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "@db/client";
import { user, verification } from "@db/schema/auth";
import { notifyUser } from "../notifications/notify";
import type { Env } from "../../env";
import { accountKey, clearAttempts } from "../limits/login-throttle";

/** better-auth keys reset tokens as `reset-password:<token>`, with the user id as the value. */
const RESET_TOKEN_PREFIX = "reset-password:";

const FORGOT_PASSWORD_PATH = "/forgot-password";

export const RESET_LINK_STATES = ["valid", "expired", "invalid"] as const;
export type ResetLinkState = (typeof RESET_LINK_STATES)[number];

/**
 * A reset link's state, read without using it: its token's row, and whether its time is up. A used
 * link (better-auth deletes the row) or one voided by a later reset is invalid.
 */
export async function resetLinkState(db: Db, token: string, now: number): Promise<ResetLinkState> {
  const [row] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, `${RESET_TOKEN_PREFIX}${token}`))
    .limit(1);
  if (!row) return "invalid";
  return row.expiresAt.getTime() <= now ? "expired" : "valid";
}

async function voidResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${RESET_TOKEN_PREFIX}%`), eq(verification.value, userId)));
}

export async function afterPasswordReset(
  env: Env,
  db: Db,
  owner: { userId: string; email: string },
  background: (work: Promise<unknown>) => void,
  how: { via: "change" | "reset"; origin: AuditOrigin } = { via: "reset", origin: NO_ORIGIN },
): Promise<void> {
  await Promise.all([
    voidResetTokens(db, owner.userId),
    // A reset link is only ever mailed to the account's address: following it proves the address
    // (an agency manager, created by an admin, confirms hers this way).
    ...(how.via === "reset" ? [confirmAddress(db, owner.userId)] : []),
    clearAttempts(db, accountKey(owner.email)),
    recordAudit(db, { userId: owner.userId, name: null }, how.origin, {
      action: "account.password_change",
      resource: `user:${owner.userId}`,
      metadata: { via: how.via },
    }),
  ]);
  background(
    notifyUser(env, db, owner.userId, {
      event: "passwordChanged",
      occurrence: `${owner.userId}:${Date.now()}`,
      params: {},
      link: FORGOT_PASSWORD_PATH,
    }),
  );
}

const confirmAddress = (db: Db, userId: string) =>
  db
    .update(user)
    .set({ emailVerified: true })
    .where(and(eq(user.id, userId), eq(user.emailVerified, false)));
