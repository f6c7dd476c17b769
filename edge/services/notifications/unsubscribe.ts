// One-click unsubscribe of non-essential mail: who a token names, and the one switch its list turns
// off. The token is the only credential (no session): a forged, tampered or unknown one, or a
// deleted account's, gets the same 400, never a 500 and never a hint of which it was.
import { and, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { communicationPreferences, user } from "@db/schema";
import type { UnsubscribeList, UnsubscribeTarget } from "@db/validators/unsubscribe";
import { DEFAULT_PREFERENCES } from "../../delivery/rules";
import { readUnsubscribeToken, UNSUBSCRIBE_SWITCH } from "../../delivery/unsubscribe";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { liveUser } from "../account-state";

export const invalidUnsubscribeLink = () => new ApiError(400, "INVALID_UNSUBSCRIBE_LINK", "unsubscribe.invalidLink");

/** `m•••@example.com`: the first character of the mailbox and the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** The account and list a token names, or the 400 'Lien de désabonnement invalide'. */
export async function unsubscribeTarget(
  env: Pick<Env, "BETTER_AUTH_SECRET">,
  db: Db,
  token: string | undefined,
): Promise<{ userId: string; list: UnsubscribeList; email: string }> {
  const named = token ? await readUnsubscribeToken(env, token) : null;
  if (!named) throw invalidUnsubscribeLink();
  const [account] = await db
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.id, named.userId), liveUser(user.id)))
    .limit(1);
  if (!account) throw invalidUnsubscribeLink();
  return { ...named, email: account.email };
}

export const toUnsubscribeTarget = (target: { list: UnsubscribeList; email: string }): UnsubscribeTarget => ({
  list: target.list,
  email_hint: maskEmail(target.email),
});

/**
 * Turns the list's switch off, and only it: one upsert, so a missing row is created with the columns'
 * defaults (as a first save of the preferences screen would) and a concurrent save of the other
 * switches is never overwritten. Idempotent.
 */
export async function unsubscribe(db: Db, userId: string, list: UnsubscribeList): Promise<void> {
  const column = UNSUBSCRIBE_SWITCH[list];
  const change = { [column]: false, updatedAt: new Date().toISOString() };
  await db
    .insert(communicationPreferences)
    .values({ ...DEFAULT_PREFERENCES, userId, ...change })
    .onConflictDoUpdate({ target: communicationPreferences.userId, set: change });
}
