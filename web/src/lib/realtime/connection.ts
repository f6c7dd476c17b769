// The signed-in user's realtime client: one socket per tab to the user's UserInbox object (partysocket
// reconnects with backoff and asks for a fresh single-use ticket before each attempt), and a polling
// fallback whenever that socket is not open (a proxy that blocks WebSockets, a server restarting), so
// messages still arrive. Both feed the same cache patches (cache.ts), which merge by message id.
//
// The protocol (edge/realtime/protocol.ts): once open, the tab sends `sync` with its cursor; the
// object answers `synced` (asked again while `has_more`), then pushes `message` and `read`. The
// cursor moves only with answers read from libSQL (`synced`, a polling round), never with a pushed
// id: two messages sent at once may be pushed out of id order, and a socket dropped between them
// would skip the first. A `sync` shortly after pushes keeps the cursor close. It starts at
// GET /api/messages/unread's latest_id: what is older the pages load themselves.
//
// A socket lives as long as the session that opened it: the server closes it with
// SESSION_ENDED_CLOSE when that session ends. The client then stops (no reconnect loop) and asks
// whether it is still signed in: signed out, the app's own handling takes over (lib/session.ts).
//
// Loaded lazily, only for a signed-in user (with the header's badge: components/unread-badge.tsx),
// never in the first load of /.
import ReconnectingWebSocket from "partysocket/ws";
import { MESSAGES_POLL_INTERVAL_MS } from "@db/constants/limits";
import type { Message } from "@db/validators/messages";
import {
  type ClientFrame,
  parseServerFrame,
  PING_FRAME,
  REALTIME_PATH,
  type ServerFrame,
  SESSION_ENDED_CLOSE,
} from "@edge/realtime/protocol";
import { ApiError } from "../api-client";
import { getPlatform } from "../platform";
import { queryClient } from "../query-client";
import { refreshSession } from "../session";
import { applyMessage, applyReceipt, forgetSeen, refreshAfterReconnect } from "./cache";
import { createTicket, getUpdates, refreshUnread, unreadQueryOptions } from "./requests";
import { emit, type RealtimeStatus, setStatus } from "./status";

/** Keeps proxies from closing an idle socket; a pong that does not come means the socket is dead. */
const PING_INTERVAL_MS = 30_000;
const PONG_TIMEOUT_MS = 10_000;
const SYNC_RETRY_MS = 3_000;
/** After pushed messages, a `sync` this much later moves the cursor past them. */
const SYNC_AFTER_PUSH_MS = 1_000;
/** Polling rounds ask at most this many batches in a row (MESSAGES_SYNC_BATCH each). */
const MAX_BATCHES_PER_ROUND = 10;

const online = () => typeof navigator === "undefined" || navigator.onLine !== false;

/** ws(s):// of the API's origin: the page's own in the browser, the configured one in the desktop app. */
export function socketUrl(ticket: string, apiOrigin = getPlatform().apiOrigin || window.location.origin): string {
  return `${apiOrigin.replace(/^http/, "ws")}${REALTIME_PATH}?ticket=${encodeURIComponent(ticket)}`;
}

class RealtimeConnection {
  private socket: ReconnectingWebSocket | null = null;
  /** Every message up to this id is known (read from libSQL); null until GET /api/messages/unread answers. */
  private cursor: number | null = null;
  private socketOpen = false;
  private failedSinceOpen = false;
  private everOpened = false;
  private stopped = false;
  /** The server ended this socket's session: no socket and no polling until the session is known again. */
  private sessionEnded = false;
  /** The socket got a `synced` answer since it opened: its session worked. */
  private syncedSinceOpen = false;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private syncTimer: ReturnType<typeof setTimeout> | undefined;
  private pollInFlight = false;

  constructor(readonly me: string) {}

  start(): void {
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.updateStatus);
    this.updateStatus();
    void this.begin();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.updateStatus);
    clearTimeout(this.retryTimer);
    clearTimeout(this.syncTimer);
    clearInterval(this.pollTimer);
    this.stopPing();
    this.socket?.close(1000, "signed out");
    this.socket = null;
    forgetSeen();
    setStatus("connecting");
  }

  /** Where the first sync starts (the unread count's latest id), then the socket. */
  private async begin(): Promise<void> {
    try {
      const unread = await queryClient.fetchQuery(unreadQueryOptions());
      this.cursor = Math.max(this.cursor ?? 0, unread.latest_id);
    } catch (error) {
      if (this.stopped || (error instanceof ApiError && error.status === 401)) return;
      this.retryTimer = setTimeout(() => void this.begin(), MESSAGES_POLL_INTERVAL_MS);
      return;
    }
    if (this.stopped) return;
    const socket = new ReconnectingWebSocket(() => this.nextUrl(), undefined, {
      // Spread out, so a deploy does not bring every tab back in the same second.
      minReconnectionDelay: 1000 + Math.random() * 2000,
      maxReconnectionDelay: 15_000,
      connectionTimeout: 5000,
      shouldReconnectOnClose: (event) => event.code !== SESSION_ENDED_CLOSE.code,
    });
    socket.addEventListener("open", this.onOpen);
    socket.addEventListener("message", this.onMessage);
    socket.addEventListener("close", this.onClose);
    socket.addEventListener("error", this.onDown);
    this.socket = socket;
    this.updateStatus();
  }

  /** A fresh ticket for each attempt (single use, 30 s); refused (401): signed out, no more attempts. */
  private async nextUrl(): Promise<string> {
    try {
      const { ticket } = await createTicket();
      return socketUrl(ticket);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) void this.onSessionEnded(false);
      throw error;
    }
  }

  private send(frame: ClientFrame): void {
    if (this.socketOpen) this.socket?.send(JSON.stringify(frame));
  }

  private sync(): void {
    clearTimeout(this.syncTimer);
    this.send({ type: "sync", after: this.cursor ?? 0 });
  }

  /** Everything up to `id` was read from libSQL: the cursor may pass it. */
  private advance(id: number): void {
    this.cursor = Math.max(this.cursor ?? 0, id);
  }

  private onOpen = () => {
    this.socketOpen = true;
    this.failedSinceOpen = false;
    this.syncedSinceOpen = false;
    this.sync();
    this.startPing();
    if (this.everOpened) {
      refreshAfterReconnect();
      emit({ type: "reconnected" });
    }
    this.everOpened = true;
    this.updateStatus();
  };

  private onDown = () => {
    this.socketOpen = false;
    this.failedSinceOpen = true;
    this.stopPing();
    this.updateStatus();
  };

  private onClose = (event: CloseEvent) => {
    this.onDown();
    if (event.code === SESSION_ENDED_CLOSE.code) void this.onSessionEnded(this.syncedSinceOpen);
  };

  /**
   * The socket's session ended (the server's close code), or a ticket was refused. The session is
   * asked again, which lets the app's signed-out handling take over (the header unmounts and
   * releases this client). Still signed in as the same profile: the session was renewed under the
   * socket (two-factor set-up, a refreshed expiry), so one new socket, but only when the ended one
   * had synced: a session refused at once would otherwise reconnect in a loop.
   */
  private async onSessionEnded(mayReconnect: boolean): Promise<void> {
    if (this.stopped || this.sessionEnded) return;
    this.sessionEnded = true;
    this.socket?.close();
    this.updateStatus();
    const profile = await refreshSession();
    if (this.stopped || !mayReconnect || profile?.id !== this.me) return;
    this.sessionEnded = false;
    this.socket?.reconnect();
    this.updateStatus();
  }

  private onMessage = (event: MessageEvent) => {
    if (typeof event.data !== "string") return;
    const parsed = parseServerFrame(event.data);
    if (!parsed.ok) {
      console.warn("realtime: unreadable frame", parsed.code);
      return;
    }
    this.handle(parsed.frame);
  };

  private handle(frame: ServerFrame): void {
    switch (frame.type) {
      case "message":
        this.receive(frame.message);
        clearTimeout(this.syncTimer);
        this.syncTimer = setTimeout(() => this.sync(), SYNC_AFTER_PUSH_MS);
        break;
      case "read":
        applyReceipt(frame.receipt, this.me);
        emit({ type: "read", receipt: frame.receipt });
        break;
      case "synced": {
        this.syncedSinceOpen = true;
        for (const message of frame.messages) this.receive(message);
        const last = frame.messages[frame.messages.length - 1];
        if (last) this.advance(last.id);
        if (frame.has_more && last) this.sync();
        break;
      }
      case "notification":
        emit({ type: "notification" });
        break;
      case "pong":
        clearTimeout(this.pongTimer);
        break;
      case "error":
        console.warn("realtime: the server refused a frame", frame.code);
        if (frame.code === "sync_failed") {
          clearTimeout(this.syncTimer);
          this.syncTimer = setTimeout(() => this.sync(), SYNC_RETRY_MS);
        }
        break;
    }
  }

  private receive(message: Message): void {
    const fresh = applyMessage(message, this.me);
    emit({ type: "message", message, fresh });
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => this.ping(), PING_INTERVAL_MS);
  }

  /** A ping whose pong does not come in time: the socket is dead though the browser thinks it open. */
  private ping(): void {
    if (!this.socketOpen) return;
    this.socket?.send(PING_FRAME);
    clearTimeout(this.pongTimer);
    this.pongTimer = setTimeout(() => this.socket?.reconnect(), PONG_TIMEOUT_MS);
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  private onOnline = () => {
    this.updateStatus();
    if (this.sessionEnded) return;
    if (this.cursor === null) {
      clearTimeout(this.retryTimer);
      void this.begin();
      return;
    }
    // Back on the network: check the socket at once rather than at the next ping, and catch up.
    if (this.socketOpen) this.ping();
    else this.socket?.reconnect();
    void this.poll();
  };

  private updateStatus = () => {
    const next: RealtimeStatus = !online()
      ? "offline"
      : this.socketOpen
        ? "live"
        : this.failedSinceOpen
          ? "polling"
          : "connecting";
    const shouldPoll =
      !this.stopped && !this.sessionEnded && this.cursor !== null && (next === "polling" || next === "connecting");
    if (shouldPoll && this.pollTimer === undefined) {
      this.pollTimer = setInterval(() => void this.poll(), MESSAGES_POLL_INTERVAL_MS);
    } else if (!shouldPoll && this.pollTimer !== undefined) {
      clearInterval(this.pollTimer);
      this.pollTimer = undefined;
    }
    setStatus(next);
  };

  /** One polling round: the messages after the cursor, batch after batch, and the badge's count. */
  private async poll(): Promise<void> {
    if (this.pollInFlight || this.stopped || this.socketOpen || this.cursor === null || !online()) return;
    this.pollInFlight = true;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_ROUND; batch++) {
        const updates = await getUpdates(this.cursor ?? 0);
        if (this.stopped) return;
        for (const message of updates.messages) this.receive(message);
        const last = updates.messages[updates.messages.length - 1];
        if (last) this.advance(last.id);
        if (!updates.has_more || !last) break;
      }
      void refreshUnread();
      emit({ type: "polled" });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) console.warn("realtime: polling failed", error);
    } finally {
      this.pollInFlight = false;
    }
  }
}

let current: { connection: RealtimeConnection; users: number } | null = null;

/**
 * Starts the realtime client for this profile (once per tab, however many components ask) and
 * returns the function that releases it; the last release closes it.
 */
export function startRealtime(profileId: string): () => void {
  if (current && current.connection.me !== profileId) {
    current.connection.stop();
    current = null;
  }
  if (!current) {
    current = { connection: new RealtimeConnection(profileId), users: 0 };
    current.connection.start();
  }
  const held = current;
  held.users++;
  return () => {
    held.users--;
    // A release followed at once by a new hold (a remount) keeps the same socket.
    setTimeout(() => {
      if (held.users > 0 || current !== held) return;
      held.connection.stop();
      current = null;
    }, 0);
  };
}
