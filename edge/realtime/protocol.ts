// The realtime protocol between a tab and its user's UserInbox object: every frame is JSON, one of
// the zod unions below, parsed on both ends (the Durable Object and web/src/lib/realtime). Messages
// and receipts carry the REST API's own shapes (db/validators/messages.ts).
//
// The client speaks first: once the socket opens it sends `sync` with its cursor; the object answers
// `synced` with what libSQL holds after it (in batches: `has_more` asks for the next), then pushes
// `message` and `read` frames as they happen. Messages are merged by id, so a message both synced
// and pushed is shown once.
//
// The cursor is the last id of the last `synced` answer, never a pushed id: two messages sent at
// once may be pushed out of id order, and a socket dropped between them would skip the first if a
// push moved the cursor. Ids are given in commit order, so everything up to a synced id is known.
// A client sends `sync` again shortly after pushes arrive, which keeps its cursor (and any catch-up
// after a reconnect) short.
import { z } from "zod";
import { messageSchema, readReceiptSchema } from "@db/validators/messages";

export const clientFrameSchema = z.discriminatedUnion("type", [
  /** "I have every message up to `after` (my cursor); send me what came since." */
  z.object({ type: z.literal("sync"), after: z.number().int().min(0) }).strict(),
  /** Keeps proxies from closing an idle socket; answered `pong` without waking the object. */
  z.object({ type: z.literal("ping") }).strict(),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** `session_ended`: the socket's session is over (see SESSION_ENDED_CLOSE); the socket closes after it. */
export const REALTIME_ERROR_CODES = ["bad_json", "bad_frame", "too_large", "sync_failed", "session_ended"] as const;

export const serverFrameSchema = z.discriminatedUnion("type", [
  /** A new message in one of the user's conversations (sent by them from another tab, or to them). */
  z.object({ type: z.literal("message"), message: messageSchema }),
  /** The reader opened the conversation: the messages to them up to `up_to_id` are read. */
  z.object({ type: z.literal("read"), receipt: readReceiptSchema }),
  /** The answer to `sync`: messages after the asked id, oldest first. */
  z.object({ type: z.literal("synced"), messages: z.array(messageSchema), has_more: z.boolean() }),
  z.object({ type: z.literal("pong") }),
  /** A notification was added to the user's centre: the tab asks for its count and list again. */
  z.object({ type: z.literal("notification") }),
  /** A frame the object refused; nothing else happened. */
  z.object({ type: z.literal("error"), code: z.enum(REALTIME_ERROR_CODES) }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

/** The exact ping text, so the object's auto-response can answer it while hibernating. */
export const PING_FRAME = JSON.stringify({ type: "ping" } satisfies ClientFrame);
export const PONG_FRAME = JSON.stringify({ type: "pong" } satisfies ServerFrame);

type Parsed<T> = { ok: true; frame: T } | { ok: false; code: RealtimeErrorCode };

function parseFrame<T>(schema: z.ZodType<T>, text: string): Parsed<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: "bad_json" };
  }
  const result = schema.safeParse(json);
  return result.success ? { ok: true, frame: result.data } : { ok: false, code: "bad_frame" };
}

export const parseClientFrame = (text: string) => parseFrame(clientFrameSchema, text);
export const parseServerFrame = (text: string) => parseFrame(serverFrameSchema, text);

/**
 * A socket lives only as long as the session that opened it: sign-out, a revoked session, a
 * password changed (the other sessions) or reset, the account deleted (or, later, suspended) and
 * the session's expiry close it with this code (4000-4999: the application's own, RFC 6455 section
 * 7.4.2). A client does not reconnect on it: it asks whether it is still signed in; only a session
 * that was renewed under it (two-factor set-up, a refreshed expiry) gets a new socket.
 */
export const SESSION_ENDED_CLOSE = { code: 4001, reason: "session ended" } as const;

/** The socket's path; it takes one query parameter, the ticket from POST /api/realtime/ticket. */
export const REALTIME_PATH = "/api/realtime";
