// Telling open tabs: after a message or a read is written to libSQL, the frame goes to the
// UserInbox of each party. In the background (waitUntil): the HTTP answer never waits on sockets,
// and a failed push costs nothing but a resync (clients catch up from libSQL by id).
import type { Context } from "hono";
import type { AppEnv } from "../lib/context";
import type { Env } from "../env";
import type { ServerFrame } from "./protocol";

export const inboxOf = (env: Env, profileId: string) => env.USER_INBOX.get(env.USER_INBOX.idFromName(profileId));

export function pushToInboxes(c: Context<AppEnv>, profileIds: string[], frame: ServerFrame): void {
  const pushes = profileIds.map((id) =>
    inboxOf(c.env, id)
      .deliver(frame)
      .catch((error: unknown) => console.error("Realtime push failed", error)),
  );
  c.executionCtx.waitUntil(Promise.all(pushes));
}
