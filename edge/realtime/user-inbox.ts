// UserInbox: one Durable Object per profile, holding every open socket of that user (each tab,
// each device) with the WebSocket hibernation API. It stores no message: libSQL is the source of
// truth. The Worker writes a message or a read, then calls deliver() on both parties' inboxes; a
// socket that (re)connects sends `sync` with its last id and gets what it missed from libSQL.
//
// Hibernation: the object keeps nothing in memory that matters. Each socket's profile id is in its
// attachment, getWebSockets() lists the sockets after a wake-up, and pings are answered by the
// runtime's auto-response without waking the object.
import { DurableObject } from "cloudflare:workers";
import { createDb, type Db } from "@db/client";
import { MESSAGES_SYNC_BATCH, REALTIME_FRAME_MAX_BYTES } from "@db/constants/limits";
import type { Env } from "../env";
import { messagesSince } from "../services/messages";
import { INBOX_HEADERS } from "./inbox-headers";
import { parseClientFrame, PING_FRAME, PONG_FRAME, type RealtimeErrorCode, type ServerFrame } from "./protocol";

/** Close codes a peer reports but may never send (RFC 6455 §7.4.1). */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

type SocketAttachment = { profileId: string; connectedAt: number };

const send = (socket: WebSocket, frame: ServerFrame) => socket.send(JSON.stringify(frame));
const refuse = (socket: WebSocket, code: RealtimeErrorCode) => send(socket, { type: "error", code });

export class UserInbox extends DurableObject<Env> {
  private db: Db | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS spent_tickets (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)",
    );
    const sockets = this.ctx.getWebSockets();
    // A wake-up from hibernation: the sockets outlived the object's memory (operators see it in logs).
    if (sockets.length > 0) {
      const { profileId } = sockets[0].deserializeAttachment() as SocketAttachment;
      console.info(`UserInbox ${profileId} woke up with ${sockets.length} open socket(s)`);
    }
  }

  /** The socket upgrade, forwarded by the Worker (never reachable from outside). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const profileId = request.headers.get(INBOX_HEADERS.profileId);
    const nonce = request.headers.get(INBOX_HEADERS.nonce);
    const expiresAt = Number(request.headers.get(INBOX_HEADERS.expiresAt));
    if (!profileId || !nonce || !Number.isFinite(expiresAt)) return new Response("Bad ticket", { status: 400 });
    if (!this.spendTicket(nonce, expiresAt)) return new Response("Ticket already used", { status: 401 });

    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ profileId, connectedAt: Date.now() } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A ticket opens one socket: its nonce is remembered until it expires anyway. */
  private spendTicket(nonce: string, expiresAt: number): boolean {
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM spent_tickets WHERE expires_at < ?", Date.now());
    if (sql.exec("SELECT 1 FROM spent_tickets WHERE nonce = ?", nonce).toArray().length > 0) return false;
    sql.exec("INSERT INTO spent_tickets (nonce, expires_at) VALUES (?, ?)", nonce, expiresAt);
    return true;
  }

  /** Sends the frame to every open socket of this user; answers how many got it. */
  async deliver(frame: ServerFrame): Promise<number> {
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
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

  /** What the socket missed since `after`, from libSQL (the client asks again while has_more). */
  private async sync(socket: WebSocket, after: number): Promise<void> {
    const { profileId } = socket.deserializeAttachment() as SocketAttachment;
    try {
      this.db ??= createDb(this.env);
      const updates = await messagesSince(this.db, profileId, after, MESSAGES_SYNC_BATCH);
      send(socket, { type: "synced", messages: updates.messages, has_more: updates.has_more });
    } catch (error) {
      console.error("UserInbox sync failed", error);
      refuse(socket, "sync_failed");
    }
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
