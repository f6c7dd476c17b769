// What the Worker may call on a UserInbox (the Durable Object in user-inbox.ts implements it). The
// bindings' type (env.ts) names this interface rather than the class, so env.ts, which nearly every
// module imports, never imports the Durable Object and what it imports in turn.
import type { SocketSession } from "./inbox-headers";
import type { ServerFrame } from "./protocol";

export interface InboxRpc extends Rpc.DurableObjectBranded {
  /** Sends the frame to every open socket of this user; answers how many got it. */
  deliver(frame: ServerFrame): Promise<number>;
  /** These sessions ended: their sockets close; answers how many. */
  closeSessions(sessionIds: string[]): Promise<number>;
  /** Every session of the account ended: every socket closes; answers how many. */
  closeAll(): Promise<number>;
  /** The session `from` was replaced by `to`: its sockets stay open, bound to `to`. */
  handOverSession(from: string, to: SocketSession): Promise<number>;
}
