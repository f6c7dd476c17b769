// A real WebSocket client of the realtime protocol (edge/realtime/protocol.ts) for the API tests,
// the chaos test and the benchmark: it takes a ticket with the member's session, connects through
// the Worker to the member's UserInbox, parses every frame with the protocol's own schema, and lets
// a test wait for the frame it expects.
import WebSocket from "ws";
import { parseServerFrame, REALTIME_PATH, type ClientFrame, type ServerFrame } from "../edge/realtime/protocol";

export type Session = { cookie: string };

type Waiter = { match: (frame: ServerFrame) => boolean; done: (frame: ServerFrame) => void };

export async function realtimeTicket(baseUrl: string, session: Session): Promise<string> {
  const response = await fetch(`${baseUrl}/api/realtime/ticket`, {
    method: "POST",
    headers: { cookie: session.cookie },
  });
  if (response.status !== 200) throw new Error(`ticket refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

export const socketUrl = (baseUrl: string, ticket: string) =>
  `${baseUrl.replace(/^http/, "ws")}${REALTIME_PATH}?ticket=${encodeURIComponent(ticket)}`;

export class InboxSocket {
  /** Every frame received, parsed, in order. */
  readonly frames: ServerFrame[] = [];
  /** Texts that did not parse as a server frame (there should be none). */
  readonly unparsed: string[] = [];
  private waiters: Waiter[] = [];
  private listeners: ((frame: ServerFrame) => void)[] = [];
  private closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => this.receive(String(data)));
    this.closed = new Promise((done) => socket.once("close", (code) => done(code)));
  }

  /** Opens a socket with a ticket: resolves once open, rejects with the HTTP status when refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<InboxSocket> {
    return new Promise((done, fail) => {
      const socket = new WebSocket(url, { headers });
      socket.once("open", () => done(new InboxSocket(socket)));
      socket.once("unexpected-response", (_request, response) =>
        fail(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode })),
      );
      socket.once("error", fail);
    });
  }

  static async connect(baseUrl: string, session: Session): Promise<InboxSocket> {
    return InboxSocket.open(socketUrl(baseUrl, await realtimeTicket(baseUrl, session)));
  }

  private receive(text: string) {
    const parsed = parseServerFrame(text);
    if (!parsed.ok) {
      this.unparsed.push(text);
      return;
    }
    this.frames.push(parsed.frame);
    for (const listener of this.listeners) listener(parsed.frame);
    const waiting = this.waiters.filter((w) => w.match(parsed.frame));
    this.waiters = this.waiters.filter((w) => !waiting.includes(w));
    for (const waiter of waiting) waiter.done(parsed.frame);
  }

  /** Calls `listener` with every frame from now on. */
  onFrame(listener: (frame: ServerFrame) => void): void {
    this.listeners.push(listener);
  }

  send(frame: ClientFrame | string): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or to come) that matches. */
  waitFor<T extends ServerFrame>(match: (frame: ServerFrame) => frame is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  waitFor(match: (frame: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no matching frame within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        done: (frame) => {
          clearTimeout(timer);
          done(frame);
        },
      });
    });
  }

  /** Frames from now on only: forget what came before. */
  clear(): void {
    this.frames.length = 0;
  }

  /** Sends `sync` and gathers every batch (asking again while has_more): the messages after `after`. */
  async syncFrom(after: number, timeoutMs = 10_000) {
    const messages = [];
    let cursor = after;
    for (;;) {
      this.clear();
      this.send({ type: "sync", after: cursor });
      const frame = await this.waitFor((f) => f.type === "synced", timeoutMs);
      if (frame.type !== "synced") throw new Error("unreachable");
      messages.push(...frame.messages);
      if (!frame.has_more || frame.messages.length === 0) return messages;
      cursor = frame.messages[frame.messages.length - 1].id;
    }
  }

  /** The close code once the socket is closed, by either side; rejects if it is still open after `timeoutMs`. */
  closedWith(timeoutMs = 5000): Promise<number> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`still open after ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([this.closed, timeout]).finally(() => clearTimeout(timer));
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): Promise<number> {
    this.socket.close();
    return this.closed;
  }

  /** Drops the TCP connection without a closing handshake, as a lost network does. */
  drop(): void {
    this.socket.terminate();
  }
}
