// Direct messages between two profiles, grouped in conversations: one row per pair,
// so the inbox is one indexed query (last activity, last message, unread count) instead of grouping
// every message, and a conversation has an id for links (/messages/{conversationId}). Message ids
// autoincrement so realtime clients can ask "what did I miss since id N" and get a gap-free answer.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, uniqueIndex } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { createdAt, NOW_ISO, uuidPk } from "./columns";
import { between, lengthOf } from "./checks";
import { MESSAGE_MAX_LENGTH, MESSAGE_MIN_LENGTH } from "../constants/limits";

export const conversations = sqliteTable(
  "conversations",
  {
    id: uuidPk(),
    /** The pair, smaller profile id first: one conversation per pair, whoever wrote first. */
    participantA: text("participant_a")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    participantB: text("participant_b")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Kept by the messages_conversation_activity trigger (migration 0007): never written by code. */
    lastMessageId: integer("last_message_id"),
    /** The last message's time, else the creation time: the inbox's order. Also kept by the trigger. */
    lastActivityAt: text("last_activity_at").notNull().default(NOW_ISO),
    createdAt: createdAt(),
  },
  (t) => [
    check("conversations_pair_order_check", sql`${t.participantA} < ${t.participantB}`),
    uniqueIndex("conversations_pair_idx").on(t.participantA, t.participantB),
    index("conversations_a_activity_idx").on(t.participantA, t.lastActivityAt),
    index("conversations_b_activity_idx").on(t.participantB, t.lastActivityAt),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    /** The sending tab's idempotency key: a message retried after a lost answer is stored once. */
    clientId: text("client_id"),
    /** Removed by moderation (its words stay for the team; the thread shows 'Message retiré par la modération'). */
    removedAt: text("removed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("messages_content_check", between(lengthOf(t.content), MESSAGE_MIN_LENGTH, MESSAGE_MAX_LENGTH)),
    check("messages_parties_check", sql`${t.senderId} <> ${t.recipientId}`),
    uniqueIndex("messages_client_id_idx").on(t.senderId, t.clientId),
    index("messages_conversation_idx").on(t.conversationId, t.id),
    index("messages_sender_idx").on(t.senderId, t.id),
    index("messages_recipient_idx").on(t.recipientId, t.id),
    /** The senders of a period's messages, from the index alone: the console dashboard's active members. */
    index("messages_created_sender_idx").on(t.createdAt, t.senderId),
    index("messages_unread_idx")
      .on(t.recipientId, t.conversationId)
      .where(sql`${t.read} = 0`),
  ],
);
