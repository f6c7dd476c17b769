// Direct messages between two profiles (core-flows §3). The id is an autoincrementing integer so
// realtime clients can ask "what did I miss since id N" and get a gap-free answer.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { createdAt } from "./columns";
import { between, lengthOf } from "./checks";
import { MESSAGE_MAX_LENGTH, MESSAGE_MIN_LENGTH } from "../constants/limits";

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    senderId: text("sender_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("messages_content_check", between(lengthOf(t.content), MESSAGE_MIN_LENGTH, MESSAGE_MAX_LENGTH)),
    check("messages_parties_check", sql`${t.senderId} <> ${t.recipientId}`),
    index("messages_sender_recipient_idx").on(t.senderId, t.recipientId, t.id),
    index("messages_recipient_sender_idx").on(t.recipientId, t.senderId, t.id),
    index("messages_unread_idx").on(t.recipientId, t.read),
  ],
);
