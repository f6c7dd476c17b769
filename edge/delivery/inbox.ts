// Telling open tabs: after a message or a read is written to libSQL, the frame goes to the
// UserInbox of each party. In the background (waitUntil): the HTTP answer never waits on sockets,
// and a failed push costs nothing but a resync (clients catch up from libSQL by id).
import type { Context } from "hono";
import type { AppEnv } from "../lib/context";
import type { Env } from "../env";
import type { ServerFrame } from "../realtime/protocol";

export const inboxOf = (env: Env, profileId: string) => env.USER_INBOX.get(env.USER_INBOX.idFromName(profileId));

export function pushToInboxes(c: Context<AppEnv>, profileIds: string[], frame: ServerFrame): void {
  const pushes = profileIds.map((id) =>
    inboxOf(c.env, id)
      .deliver(frame)
      .catch((error: unknown) => console.error("Realtime push failed", error)),
  );
  c.executionCtx.waitUntil(Promise.all(pushes));
}

/**
 * A new message to both parties' open tabs; when the recipient has none, the message is noticed by
 * the channels their preferences allow (`whenAway`), so nobody is emailed about a message already
 * on their screen.
 */
export function pushMessage(
  c: Context<AppEnv>,
  message: { sender_id: string; recipient_id: string },
  frame: ServerFrame,
  whenAway: () => Promise<unknown>,
): void {
  const delivered = (id: string) =>
    inboxOf(c.env, id)
      .deliver(frame)
      .catch((error: unknown) => {
        console.error("Realtime push failed", error);
        return 0;
      });
  c.executionCtx.waitUntil(
    Promise.all([delivered(message.recipient_id), delivered(message.sender_id)]).then(async ([toRecipient]) => {
      if (toRecipient === 0) await whenAway();
    }),
  );
}
