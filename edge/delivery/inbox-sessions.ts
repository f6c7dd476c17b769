// Ending a session ends its sockets (DESIGN.md, "Lifecycle"). Each way a session ends calls one of
// these once its rows are gone, and awaits it, so the sockets are closed before the answer leaves:
//   - sign-out, the sessions better-auth deletes on a password change or reset: better-auth's
//     session delete hook (auth/create-auth.ts), one call per session;
//   - Settings → Sécurité's "end this session" and "end the other sessions" (routes/account.ts);
//   - password reset and account deletion: every socket of the account (closeAccountSockets);
//   - a password change, and switching two-factor on or off, keep the caller's sockets: they move
//     to its fresh session (handOverSessionSockets).
// Expiry needs no call: the inbox closes a socket when its session's expiry passes (an alarm).
//
// A failure is logged, never thrown: the sessions are already gone, the caller must get its answer,
// and the inbox still refuses the socket's next sync (the session is checked in the database then).
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { profiles } from "@db/schema/profiles";
import type { Env } from "../env";
import type { SocketSession } from "../realtime/inbox-headers";
import { inboxOf } from "./inbox";

type Inbox = ReturnType<typeof inboxOf>;

/** The UserInbox of an account (inboxes are per profile; sessions know users). */
async function inboxOfUser(env: Env, db: Db, userId: string): Promise<Inbox | null> {
  if (!env.USER_INBOX) return null; // outside the Worker (the unit tests' Node, the CLI)
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile ? inboxOf(env, profile.id) : null;
}

async function tellInbox(env: Env, db: Db, userId: string, action: (inbox: Inbox) => Promise<unknown>) {
  try {
    const inbox = await inboxOfUser(env, db, userId);
    if (inbox) await action(inbox);
  } catch (error) {
    console.error("Closing the sockets of ended sessions failed", error);
  }
}

/** These sessions of the account ended: their sockets close now. */
export async function closeSessionSockets(env: Env, db: Db, userId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tellInbox(env, db, userId, (inbox) => inbox.closeSessions(sessionIds));
}

/**
 * Every session of the account ended (password reset, account deleted): every socket closes now.
 * The admin console's suspension (to come) calls this too, beside ending the account's sessions.
 */
export async function closeAccountSockets(env: Env, db: Db, userId: string): Promise<void> {
  await tellInbox(env, db, userId, (inbox) => inbox.closeAll());
}

/** The caller's session was replaced by a fresh one (password change, two-factor on or off): its sockets stay open, bound to it. */
export async function handOverSessionSockets(
  env: Env,
  db: Db,
  userId: string,
  from: string,
  to: SocketSession,
): Promise<void> {
  await tellInbox(env, db, userId, (inbox) => inbox.handOverSession(from, to));
}
