// In-app notifications (the /notifications centre) and the outbox of simulated deliveries.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, uniqueIndex } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { NOTIFICATION_TYPES, OUTBOX_CHANNELS, OUTBOX_STATUSES } from "./enums";
import { createdAt, uuidPk } from "./columns";
import { oneOf } from "./checks";

export const notifications = sqliteTable(
  "notifications",
  {
    id: uuidPk(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    /** Free-form context, e.g. { bookingId } or { conversationId } for the link. */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_type_check", oneOf(t.type, NOTIFICATION_TYPES)),
    index("notifications_profile_read_created_idx").on(t.profileId, t.read, t.createdAt),
    // A product event's notice ("<event>:<occurrence>" in data.event) lands once per person: the
    // insert that claims it wins, a repeat (a cron run twice at once, a retried request) adds nothing.
    uniqueIndex("notifications_profile_event_idx")
      .on(t.profileId, sql`json_extract(${t.data}, '$.event')`)
      .where(sql`json_extract(${t.data}, '$.event') IS NOT NULL`),
  ],
);

/**
 * Every email, SMS and push the app sent or would have sent. Without provider keys a channel is
 * simulated (status "simulated"), so a developer can read what a user would have received.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: uuidPk(),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    /** Template name and data, provider response, error... */
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("simulated"),
    /** One delivery per event and channel ("<event>:<channel>"): a repeated event sends nothing twice. */
    idempotencyKey: text("idempotency_key").unique(),
    /** The provider's id for the message (Resend email id, Twilio SID, push service location). */
    providerId: text("provider_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("outbox_channel_check", oneOf(t.channel, OUTBOX_CHANNELS)),
    check("outbox_status_check", oneOf(t.status, OUTBOX_STATUSES)),
    index("outbox_created_idx").on(t.createdAt),
    index("outbox_recipient_idx").on(t.recipient, t.createdAt),
  ],
);
