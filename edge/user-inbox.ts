// UserInbox: one Durable Object per profile, holding every open socket of that user (each tab,
// each device) with the WebSocket hibernation API. It stores no message: libSQL is the source of
// truth. The Worker writes a message or a read, then calls deliver() on both parties' inboxes; a
// socket that (re)connects sends `sync` with its last id and gets what it missed from libSQL.
//
// Each socket is bound to the session whose ticket opened it, and lives no longer than it
// (SECURITY.md, "Realtime sockets"): the Worker calls closeSessions / closeAll / handOverSession as
// sessions end (delivery/inbox-sessions.ts), an alarm closes a socket when its session's expiry
// passes, delivery skips a socket past it, and a sync is answered only while the session is live in
// the database. All of them close with SESSION_ENDED_CLOSE.
//
// Hibernation: the object keeps nothing in memory that matters. Each socket's profile and session
// are in its attachment, getWebSockets() lists the sockets after a wake-up, and pings are answered
// by the runtime's auto-response without waking the object.
import { DurableObject } from "cloudflare:workers";
import { createDb, type Db } from "@db/client";
import { MESSAGES_SYNC_BATCH, REALTIME_FRAME_MAX_BYTES, REALTIME_TICKET_TTL_SECONDS } from "@db/constants/limits";
import type { Env } from "./env";
import { messagesSinceForSession } from "./services/messaging/messages";
import { INBOX_HEADERS, type SocketSession } from "./realtime/inbox-headers";
import type { InboxRpc } from "./realtime/inbox-rpc";
import {
  parseClientFrame,
  PING_FRAME,
  PONG_FRAME,
  type RealtimeErrorCode,
  type ServerFrame,
  SESSION_ENDED_CLOSE,
} from "./realtime/protocol";
import { parseTicketClaims, type TicketClaims } from "./realtime/ticket";

/** Close codes a peer reports but may never send (RFC 6455 section 7.4.1). */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

/**
 * A row here says "this session ended"; the row for EVERY_SESSION says "every session whose ticket
 * was issued before `ended_at` ended" (closeAll). A ticket is good for REALTIME_TICKET_TTL_SECONDS,
 * so a row older than that can refuse nothing any more and is dropped.
 */
const EVERY_SESSION = "*";
const ENDED_MEMORY_MS = REALTIME_TICKET_TTL_SECONDS * 1000;

type SocketAttachment = { profileId: string; sessionId: string; sessionExpiresAt: number; connectedAt: number };

/**
 * A frame for the socket, if it is still open: one may close while its sync reads the database
 * (sign-out, a closed tab), and nobody is left to read the answer; the client syncs again from its
 * cursor when it reconnects.
 */
function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}
const refuse = (socket: WebSocket, code: RealtimeErrorCode) => send(socket, { type: "error", code });

/** The socket's attachment; null for one without a session (opened before sockets were bound to one). */
function attachmentOf(socket: WebSocket): SocketAttachment | null {
  const attachment = socket.deserializeAttachment() as Partial<SocketAttachment> | null;
  return typeof attachment?.sessionId === "string" && typeof attachment.sessionExpiresAt === "number"
    ? (attachment as SocketAttachment)
    : null;
}

function endSocket(socket: WebSocket): void {
  try {
    socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
  } catch {
    // already closing
  }
}

export class UserInbox extends DurableObject<Env> implements InboxRpc {
  private db: Db | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS spent_tickets (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)",
    );
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS ended_sessions (session_id TEXT PRIMARY KEY, ended_at INTEGER NOT NULL)",
    );
    const sockets = this.ctx.getWebSockets();
    // A wake-up from hibernation: the sockets outlived the object's memory (operators see it in logs).
    if (sockets.length > 0) {
      const profileId = attachmentOf(sockets[0])?.profileId ?? "?";
      console.info(`UserInbox ${profileId} woke up with ${sockets.length} open socket(s)`);
    }
  }

  /** The socket upgrade, forwarded by the Worker (never reachable from outside). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const claims = parseTicketClaims(request.headers.get(INBOX_HEADERS.claims) ?? "");
    if (!claims) return new Response("Bad ticket", { status: 400 });
    if (!this.sessionMayConnect(claims, Date.now())) return new Response("Session ended", { status: 401 });
    if (!this.spendTicket(claims.nonce, claims.expiresAt)) return new Response("Ticket already used", { status: 401 });

    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({
      profileId: claims.profileId,
      sessionId: claims.sessionId,
      sessionExpiresAt: claims.sessionExpiresAt,
      connectedAt: Date.now(),
    } satisfies SocketAttachment);
    await this.scheduleExpiry();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * The ticket and its session are still good, and no end of that session reached this object
   * between the Worker's check and now (the Worker found the session live just before forwarding).
   */
  private sessionMayConnect(claims: TicketClaims, now: number): boolean {
    if (claims.expiresAt <= now || claims.sessionExpiresAt <= now) return false;
    this.forgetOldEnds(now);
    const ends = this.ctx.storage.sql
      .exec<{ session_id: string; ended_at: number }>(
        "SELECT session_id, ended_at FROM ended_sessions WHERE session_id IN (?, ?)",
        claims.sessionId,
        EVERY_SESSION,
      )
      .toArray();
    const endsThisTicket = (end: { session_id: string; ended_at: number }) =>
      end.session_id === EVERY_SESSION ? claims.issuedAt <= end.ended_at : true;
    return !ends.some(endsThisTicket);
  }

  /** A ticket opens one socket: its nonce is remembered until it expires anyway. */
  private spendTicket(nonce: string, expiresAt: number): boolean {
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM spent_tickets WHERE expires_at < ?", Date.now());
    if (sql.exec("SELECT 1 FROM spent_tickets WHERE nonce = ?", nonce).toArray().length > 0) return false;
    sql.exec("INSERT INTO spent_tickets (nonce, expires_at) VALUES (?, ?)", nonce, expiresAt);
    return true;
  }

  private rememberEnded(sessionId: string): void {
    const now = Date.now();
    this.forgetOldEnds(now);
    this.ctx.storage.sql.exec(
      "INSERT INTO ended_sessions (session_id, ended_at) VALUES (?, ?) ON CONFLICT (session_id) DO UPDATE SET ended_at = excluded.ended_at",
      sessionId,
      now,
    );
  }

  private forgetOldEnds(now: number): void {
    this.ctx.storage.sql.exec("DELETE FROM ended_sessions WHERE ended_at < ?", now - ENDED_MEMORY_MS);
  }

  /** The open sockets with their attachment (a socket already closing is done with). */
  private openSockets(): { socket: WebSocket; attachment: SocketAttachment | null }[] {
    return this.ctx
      .getWebSockets()
      .filter((socket) => socket.readyState === WebSocket.OPEN)
      .map((socket) => ({ socket, attachment: attachmentOf(socket) }));
  }

  /** Closes the open sockets `ended` picks (and any without a session); answers how many. */
  private closeWhere(ended: (attachment: SocketAttachment) => boolean): number {
    let closed = 0;
    for (const { socket, attachment } of this.openSockets()) {
      if (attachment && !ended(attachment)) continue;
      endSocket(socket);
      closed++;
    }
    return closed;
  }

  /** These sessions ended (sign-out, revoked, password change): their sockets close; answers how many. */
  async closeSessions(sessionIds: string[]): Promise<number> {
    for (const id of sessionIds) this.rememberEnded(id);
    const ended = new Set(sessionIds);
    return this.closeWhere((attachment) => ended.has(attachment.sessionId));
  }

  /**
   * Every session of the account ended (password reset, account deleted): every socket closes, and
   * no ticket issued before now opens one. The admin console's suspension (to come) calls this too.
   */
  async closeAll(): Promise<number> {
    this.rememberEnded(EVERY_SESSION);
    return this.closeWhere(() => true);
  }

  /**
   * The session `from` was replaced by `to` (a password change gives the caller a fresh session and
   * ends every other): its sockets stay open, bound to `to`. Answers how many moved.
   */
  async handOverSession(from: string, to: SocketSession): Promise<number> {
    this.rememberEnded(from);
    let moved = 0;
    for (const { socket, attachment } of this.openSockets()) {
      if (attachment?.sessionId !== from) continue;
      socket.serializeAttachment({
        ...attachment,
        sessionId: to.id,
        sessionExpiresAt: to.expiresAt,
      } satisfies SocketAttachment);
      moved++;
    }
    await this.scheduleExpiry();
    return moved;
  }

  /** Wakes the object when the first session among its sockets expires. */
  private async scheduleExpiry(): Promise<void> {
    const expiries = this.openSockets().flatMap(({ attachment }) => (attachment ? [attachment.sessionExpiresAt] : []));
    if (expiries.length === 0) return;
    const earliest = Math.min(...expiries);
    const scheduled = await this.ctx.storage.getAlarm();
    if (scheduled === null || scheduled > earliest) await this.ctx.storage.setAlarm(earliest);
  }

  /** A session's expiry passed: its sockets close; then the next expiry is scheduled. */
  async alarm(): Promise<void> {
    const now = Date.now();
    this.closeWhere((attachment) => attachment.sessionExpiresAt <= now);
    await this.scheduleExpiry();
  }

  /** Sends the frame to every open socket of this user whose session has not expired; answers how many got it. */
  async deliver(frame: ServerFrame): Promise<number> {
    const now = Date.now();
    let delivered = 0;
    for (const { socket, attachment } of this.openSockets()) {
      if (!attachment || attachment.sessionExpiresAt <= now) {
        endSocket(socket);
        continue;
      }
      try {
        send(socket, frame);
        delivered++;
      } catch {
        // A socket closing as we send: its tab resyncs from libSQL when it reconnects.
      }
    }
    return delivered;
  }

  async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const size = typeof data === "string" ? new TextEncoder().encode(data).byteLength : data.byteLength;
    if (size > REALTIME_FRAME_MAX_BYTES) return refuse(socket, "too_large");
    if (typeof data !== "string") return refuse(socket, "bad_frame");
    const parsed = parseClientFrame(data);
    if (!parsed.ok) return refuse(socket, parsed.code);
    const frame = parsed.frame;
    if (frame.type === "ping") return send(socket, { type: "pong" });
    await this.sync(socket, frame.after);
  }

  /**
   * What the socket missed since `after`, from libSQL (the client asks again while has_more), read
   * with its session in one round trip: a session deleted, expired or of a deleted account gets
   * `session_ended` and the socket closes.
   */
  private async sync(socket: WebSocket, after: number): Promise<void> {
    const attachment = attachmentOf(socket);
    if (!attachment) return this.endSession(socket);
    try {
      this.db ??= createDb(this.env);
      const updates = await messagesSinceForSession(this.db, attachment, after, MESSAGES_SYNC_BATCH);
      if (!updates) return this.endSession(socket);
      send(socket, { type: "synced", messages: updates.messages, has_more: updates.has_more });
    } catch (error) {
      console.error("UserInbox sync failed", error);
      refuse(socket, "sync_failed");
    }
  }

  private endSession(socket: WebSocket): void {
    try {
      refuse(socket, "session_ended");
    } catch {
      // already closing
    }
    endSocket(socket);
  }

  /** Completes the client's closing handshake (codes it may not echo, like 1005 "no status", become 1000). */
  async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(RESERVED_CLOSE_CODES.has(code) ? 1000 : code, reason);
    } catch {
      // already closed by the runtime's own reply
    }
  }

  async webSocketError(socket: WebSocket): Promise<void> {
    try {
      socket.close(1011, "socket error");
    } catch {
      // already closed
    }
  }
}
