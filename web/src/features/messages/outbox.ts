// Messages written while the network is down: they wait in this tab ('Envoi…' bubbles) and go out
// when it comes back (the browser's `online` event, the socket reopening, or a retry every
// MESSAGES_POLL_INTERVAL_MS), one at a time, in the order they were written. Each keeps the
// client_id it was given when written, so a retry whose first attempt did reach the server is
// answered with the stored message instead of a second one: sent exactly once. The server's message
// (HTTP answer or socket frame, whichever comes first) replaces the bubble, matched by client_id.
import { useSyncExternalStore } from "react";
import { MESSAGES_POLL_INTERVAL_MS } from "@db/constants/limits";
import type { Message } from "@db/validators/messages";
import { ApiError } from "@web/lib/api-client";
import { applyMessage } from "@web/lib/realtime/cache";
import { currentRealtimeStatus, subscribeRealtime, subscribeRealtimeStatus } from "@web/lib/realtime/status";
import { sendMessage } from "./api/send-message";

/** `waiting`: for the network. `sending`: on its way. `failed`: refused by the server (retry or remove). */
export type PendingState = "waiting" | "sending" | "failed";

export type PendingMessage = {
  client_id: string;
  conversation_id: string;
  content: string;
  /** When it was written (UTC ISO-8601), for its time label and its place at the end of the thread. */
  created_at: string;
  state: PendingState;
  /** The sender's profile id (the caches' "me" once it is delivered). */
  sender_id: string;
};

/** What the composer learns: sent (the input empties), or kept here for later (it empties too). */
export type SendOutcome = "sent" | "queued";

const outbox = new Map<string, PendingMessage>();
let snapshot: PendingMessage[] = [];
const listeners = new Set<() => void>();
let retryTimer: ReturnType<typeof setInterval> | undefined;
let flushing = false;
/** Called when a waiting message is refused for good (the page shows a toast). */
let onRefused: (error: unknown) => void = () => {};

function changed(): void {
  snapshot = [...outbox.values()];
  for (const listener of listeners) listener();
  const waiting = snapshot.some((entry) => entry.state === "waiting");
  if (waiting && retryTimer === undefined) {
    retryTimer = setInterval(() => void flushOutbox(), MESSAGES_POLL_INTERVAL_MS);
    window.addEventListener("online", onOnline);
  } else if (!waiting && retryTimer !== undefined) {
    clearInterval(retryTimer);
    retryTimer = undefined;
    window.removeEventListener("online", onOnline);
  }
}

const onOnline = () => void flushOutbox();

function update(clientId: string, state: PendingState): void {
  const entry = outbox.get(clientId);
  if (!entry) return;
  outbox.set(clientId, { ...entry, state });
  changed();
}

/** A network failure (no answer at all): worth retrying later with the same client_id. */
const unreachable = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** A key for one message, made once and reused for each of its retries. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server's message is here (answer or socket): into the caches, and its bubble goes. */
export function delivered(message: Message, me: string): void {
  applyMessage(message, me);
  if (message.client_id && outbox.delete(message.client_id)) changed();
}

/** A message the socket or a poll brought: if it is one of ours still waiting, its bubble goes. */
export function settle(message: Message): void {
  if (message.client_id && outbox.delete(message.client_id)) changed();
}

/**
 * Sends one message now. Without network (offline, or no answer at all) it waits in the outbox and
 * resolves "queued"; a refusal (400, 403, 429…) throws the ApiError, so the composer keeps the text.
 */
export async function send(entry: Omit<PendingMessage, "state" | "created_at">): Promise<SendOutcome> {
  const queue = (): SendOutcome => {
    outbox.set(entry.client_id, { ...entry, created_at: new Date().toISOString(), state: "waiting" });
    changed();
    return "queued";
  };
  if (offline()) return queue();
  try {
    const message = await sendMessage(entry.conversation_id, { content: entry.content, client_id: entry.client_id });
    delivered(message, entry.sender_id);
    return "sent";
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return queue();
    throw error;
  }
}

/** Sends what waits, oldest first, one at a time; stops at the first network failure. */
export async function flushOutbox(): Promise<void> {
  if (flushing || offline()) return;
  flushing = true;
  try {
    for (const entry of [...outbox.values()]) {
      if (entry.state !== "waiting" || !outbox.has(entry.client_id)) continue;
      update(entry.client_id, "sending");
      try {
        const message = await sendMessage(entry.conversation_id, {
          content: entry.content,
          client_id: entry.client_id,
        });
        delivered(message, entry.sender_id);
      } catch (error) {
        if (unreachable(error)) {
          update(entry.client_id, "waiting");
          break;
        }
        update(entry.client_id, "failed");
        onRefused(error);
      }
    }
  } finally {
    flushing = false;
  }
}

/** A refused message, tried again (same client_id). */
export function retry(clientId: string): void {
  update(clientId, "waiting");
  void flushOutbox();
}

export function discard(clientId: string): void {
  if (outbox.delete(clientId)) changed();
}

export function setRefusalHandler(handler: (error: unknown) => void): void {
  onRefused = handler;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Every message still in this tab's outbox (all conversations). */
export function usePendingMessages(): PendingMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

// Whatever brings our own message back (the socket, a poll) settles its bubble; the socket
// reopening is a good moment to send what waits.
subscribeRealtime((event) => {
  if (event.type === "message") settle(event.message);
});
subscribeRealtimeStatus(() => {
  if (currentRealtimeStatus() === "live") void flushOutbox();
});
