// The realtime client's status and events, readable by any component without loading the client
// itself (connection.ts, with partysocket and the protocol's schemas, is a chunk of its own).
import type { Message, ReadReceipt } from "@db/validators/messages";

/**
 * `live`: the socket is open. `connecting`: not yet (polling already covers the wait). `polling`: the
 * socket failed and the page asks every MESSAGES_POLL_INTERVAL_MS. `offline`: the browser has no network.
 */
export type RealtimeStatus = "connecting" | "live" | "polling" | "offline";

export type RealtimeEvent =
  /** A message folded into the caches; `fresh` when this tab had not seen it before. */
  | { type: "message"; message: Message; fresh: boolean }
  | { type: "read"; receipt: ReadReceipt }
  /** A notification was added to the user's centre (the server's `notification` frame). */
  | { type: "notification" }
  /** The socket opened again after a time away: the caches were invalidated. */
  | { type: "reconnected" }
  /** A polling round ended (the socket is down): read receipts do not come this way. */
  | { type: "polled" };

let status: RealtimeStatus = "connecting";
const statusListeners = new Set<() => void>();
const eventListeners = new Set<(event: RealtimeEvent) => void>();

export const currentRealtimeStatus = () => status;

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

export function subscribeRealtime(listener: (event: RealtimeEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function emit(event: RealtimeEvent): void {
  for (const listener of eventListeners) {
    try {
      listener(event);
    } catch (error) {
      console.error("realtime listener failed", error);
    }
  }
}
