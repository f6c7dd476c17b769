// What a successful password reset also does (better-auth has already saved the password and, with
// revokeSessionsOnPasswordReset, ended every session): the other reset links die, the login block
// lifts (the owner proved they hold the mailbox), and the owner is told by email.
import { and, eq, like } from "drizzle-orm";
import type { Db } from "@db/client";
import { verification } from "@db/schema/auth";
import { sendAccountEmail } from "../delivery/auth-emails";
import type { Env } from "../env";
import { publicOrigin } from "../lib/config";
import type { Lang } from "../lib/i18n";
import { accountKey, clearFailures } from "./login-throttle";

/** better-auth keys reset tokens as `reset-password:<token>`, with the user id as the value. */
const RESET_TOKEN_PREFIX = "reset-password:";

const FORGOT_PASSWORD_PATH = "/forgot-password";

async function voidResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${RESET_TOKEN_PREFIX}%`), eq(verification.value, userId)));
}

export async function afterPasswordReset(
  env: Env,
  db: Db,
  owner: { userId: string; email: string; name: string; lang: Lang },
  background: (work: Promise<unknown>) => void,
): Promise<void> {
  await Promise.all([voidResetTokens(db, owner.userId), clearFailures(db, accountKey(owner.email))]);
  const url = `${publicOrigin(env)}${FORGOT_PASSWORD_PATH}`;
  background(
    sendAccountEmail(env, db, "passwordChanged", { to: owner.email, name: owner.name, url, lang: owner.lang }),
  );
}
