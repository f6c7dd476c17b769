// The messaging contract: conversations
// computed on the server, a thread's messages paged by id, the send body with its idempotency key,
// and the read receipt. Messages are i18n keys (db/i18n, section "messages"). The realtime frames
// that carry the same message and receipt shapes are in edge/realtime/protocol.ts.
import { z } from "zod";
import { CONVERSATIONS_PAGE_SIZE, MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from "../constants/limits";
import { USER_TYPES } from "../schema/enums";
import { idField, idParam } from "./ids";

/** The conversation list's name filter, at most this long (the box stops there too). */
export const CONVERSATION_FILTER_MAX_LENGTH = 100;

/** Message text: trimmed, never empty, at most MESSAGE_MAX_LENGTH characters; plain text. */
export const messageContentField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "messages.emptyMessage")
  .max(MESSAGE_MAX_LENGTH, "validation.maxChars");

/** The browser's key for one message (a UUID): a repeated send is answered, never stored twice. */
export const clientIdField = z.uuid("validation.formatInvalid");

/** A message id: the messages table's autoincrementing integer, gap-free per insert order. */
const messageIdField = z.coerce.number({ error: "validation.formatInvalid" }).int().min(0);

export const messageSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.string(),
    sender_id: z.string(),
    recipient_id: z.string(),
    content: z.string(),
    /** True once the recipient opened the conversation. */
    read: z.boolean(),
    /** UTC ISO-8601. */
    created_at: z.string(),
    /** The sender's idempotency key, so the sending tab can swap its pending bubble for this one. */
    client_id: z.string().nullable(),
    /** Removed by moderation: `content` is empty and the thread says 'Message retiré par la modération'. */
    removed: z.boolean(),
  })
  .meta({ id: "Message" });
export type Message = z.infer<typeof messageSchema>;

export const conversationPartnerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Null means the default avatar. */
  photo_url: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
});

export const conversationSummarySchema = z
  .object({
    id: z.string(),
    partner: conversationPartnerSchema,
    /** Null for a conversation opened with no message yet ('Aucun message'). */
    last_message: messageSchema.nullable(),
    /** Messages from the partner the caller has not read. */
    unread_count: z.number().int(),
    /** The last message's time, else the conversation's creation (UTC ISO-8601): the list's order. */
    last_activity_at: z.string(),
  })
  .meta({ id: "ConversationSummary" });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationsQuerySchema = z
  .object({
    /** Words of the partner's name (accents and case folded). */
    q: z.string().trim().max(CONVERSATION_FILTER_MAX_LENGTH, "validation.maxChars").optional(),
    /** The `next_cursor` of the previous page. */
    cursor: z.string().max(200, "validation.formatInvalid").optional(),
    limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_SIZE).default(CONVERSATIONS_PAGE_SIZE),
  })
  .strict();
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

export const conversationsPageSchema = z.object({
  /** Newest activity first. */
  conversations: z.array(conversationSummarySchema),
  /** Null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

/** POST /api/conversations: open (or start) the conversation with this profile. */
export const startConversationSchema = z.object({ partner_id: idField }).strict();

export const conversationParamsSchema = z.object({ conversationId: idParam });

export const threadQuerySchema = z
  .object({
    /** Only messages older than this id (the oldest one shown): paging back through the thread. */
    before: messageIdField.optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE).default(MESSAGES_PAGE_SIZE),
  })
  .strict();

export const threadPageSchema = z.object({
  /** Oldest first (the order they are shown in). */
  messages: z.array(messageSchema),
  /** True when older messages remain (ask again with before = messages[0].id). */
  has_more: z.boolean(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

export const sendMessageSchema = z.object({ content: messageContentField, client_id: clientIdField }).strict();
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** The receipt: every message to `reader_id` in the conversation up to `up_to_id` is read. */
export const readReceiptSchema = z
  .object({
    conversation_id: z.string(),
    reader_id: z.string(),
    /** Null when there was nothing to read. */
    up_to_id: z.number().int().nullable(),
  })
  .meta({ id: "ReadReceipt" });
export type ReadReceipt = z.infer<typeof readReceiptSchema>;

/** GET /api/messages/updates (the polling fallback) and the socket's sync: messages after an id. */
export const updatesQuerySchema = z.object({ after: messageIdField }).strict();

export const updatesSchema = z.object({
  /** Oldest first, at most MESSAGES_SYNC_BATCH; every conversation of the caller. */
  messages: z.array(messageSchema),
  /** True when more remain: ask again with after = the last id. */
  has_more: z.boolean(),
});
export type Updates = z.infer<typeof updatesSchema>;

/** GET /api/messages/unread: the top navigation's badge, and where a realtime client starts. */
export const unreadSchema = z.object({
  unread: z.number().int(),
  /** The newest message id of any of the caller's conversations (0 when none): the first sync's `after`. */
  latest_id: z.number().int(),
});
export type Unread = z.infer<typeof unreadSchema>;

export const realtimeTicketSchema = z.object({
  /** Single use, valid REALTIME_TICKET_TTL_SECONDS: GET /api/realtime?ticket=… upgrades to the socket. */
  ticket: z.string(),
  expires_in: z.number().int(),
});

export const realtimeQuerySchema = z.object({ ticket: z.string().min(1).max(1000) }).strict();
