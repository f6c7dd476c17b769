// Chaos: a parent and a babysitter exchange 1,000 messages over the real Worker while their sockets
// are dropped at random (no closing handshake, as a lost network) and some answers are "lost" (the
// send is retried with the same client id). Each side runs the protocol's client rules: merge
// pushes and syncs by id, move the cursor only on `synced`, resync after every reconnect. Afterwards
// each side holds exactly the 1,000 messages, in the database's order, once; the database too.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Message } from "../../db/validators/messages";
import type { ServerFrame } from "../../edge/realtime/protocol";
import { InboxSocket } from "../realtime-client";
import { baseUrl, call, newMember, queryRows, type Member } from "./helpers";

const TOTAL = 1000;
const IN_FLIGHT = 4;
const RESYNC_AFTER_PUSH_MS = 200;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomBetween = (min: number, max: number) => min + Math.random() * (max - min);

/** One side's tab: the protocol's client rules, with a socket that chaos may drop at any time. */
class ChaosTab {
  readonly messages = new Map<number, Message>();
  drops = 0;
  duplicatesMerged = 0;
  private cursor = 0;
  private socket: InboxSocket | null = null;
  private resyncTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly member: Member) {}

  async connect(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const socket = await InboxSocket.connect(baseUrl(), this.member);
        socket.onFrame((frame) => this.receive(frame));
        socket.socket.once("close", () => this.reconnectLater(socket));
        this.socket = socket;
        socket.send({ type: "sync", after: this.cursor });
        return;
      } catch {
        await pause(Math.min(2000, 100 * 2 ** attempt));
      }
    }
  }

  private reconnectLater(closed: InboxSocket): void {
    if (this.socket !== closed || this.stopped) return;
    this.socket = null;
    setTimeout(() => void this.connect(), randomBetween(0, 300));
  }

  private merge(message: Message): void {
    if (this.messages.has(message.id)) this.duplicatesMerged++;
    else this.messages.set(message.id, message);
  }

  private receive(frame: ServerFrame): void {
    if (frame.type === "message") {
      this.merge(frame.message);
      this.scheduleResync();
    } else if (frame.type === "synced") {
      frame.messages.forEach((m) => this.merge(m));
      if (frame.messages.length > 0) this.cursor = frame.messages[frame.messages.length - 1].id;
      if (frame.has_more) this.socket?.send({ type: "sync", after: this.cursor });
    }
  }

  private scheduleResync(): void {
    if (this.resyncTimer) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      if (this.socket?.isOpen) this.socket.send({ type: "sync", after: this.cursor });
    }, RESYNC_AFTER_PUSH_MS);
  }

  /** Chaos: the connection vanishes without a goodbye. */
  drop(): void {
    if (!this.socket?.isOpen) return;
    this.drops++;
    this.socket.drop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    await this.socket?.close();
  }
}

/** Sends with retries on the same client id; sometimes "loses" the answer and sends again. */
async function sendReliably(from: Member, conversationId: string, content: string): Promise<string> {
  const clientId = randomUUID();
  const post = () =>
    call("POST", `/api/conversations/${conversationId}/messages`, {
      cookie: from.cookie,
      json: { content, client_id: clientId },
    });
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await post().catch(() => null);
    if (answer && (answer.status === 201 || answer.status === 200)) {
      if (Math.random() < 0.03) expect((await post()).status).toBe(200); // the answer was "lost"
      return clientId;
    }
    await pause(100 * (attempt + 1));
  }
  throw new Error(`could not send ${content}`);
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await pause(100);
}

describe("1,000 messages while sockets drop at random", () => {
  it("reach each side exactly once, in order", { timeout: 300_000 }, async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const opened = await call("POST", "/api/conversations", {
      cookie: parent.cookie,
      json: { partner_id: sitter.profileId },
    });
    const conversationId: string = opened.body.id;
    const tabs = [new ChaosTab(parent), new ChaosTab(sitter)];
    await Promise.all(tabs.map((tab) => tab.connect()));

    let chaos = true;
    const dropper = (async () => {
      while (chaos) {
        await pause(randomBetween(50, 400));
        tabs[Math.random() < 0.5 ? 0 : 1].drop();
      }
    })();

    const sentClientIds: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        const n = next++;
        const from = Math.random() < 0.5 ? parent : sitter;
        sentClientIds.push(await sendReliably(from, conversationId, `Message ${n}`));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    chaos = false;
    await dropper;

    await waitUntil(() => tabs.every((tab) => tab.messages.size >= TOTAL), 60_000);
    await Promise.all(tabs.map((tab) => tab.stop()));

    const stored = await queryRows(
      "SELECT id, content, client_id FROM messages WHERE conversation_id = ? ORDER BY id",
      [conversationId],
    );
    expect(stored).toHaveLength(TOTAL);
    expect(new Set(stored.map((row) => row.client_id))).toEqual(new Set(sentClientIds));
    for (const tab of tabs) {
      const held = [...tab.messages.values()].sort((a, b) => a.id - b.id);
      expect(held.map((m) => [m.id, m.content])).toEqual(stored.map((row) => [Number(row.id), row.content]));
    }
    // The chaos really happened: sockets dropped, and both channels delivered some messages twice.
    expect(tabs[0].drops + tabs[1].drops).toBeGreaterThan(10);
    console.info(
      `chaos: ${tabs.map((t) => t.drops).join(" + ")} drops, ${tabs.map((t) => t.duplicatesMerged).join(" + ")} duplicates merged by id`,
    );
  });
});
