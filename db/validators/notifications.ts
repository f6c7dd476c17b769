// The in-app notification centre's contract: a page
// of the caller's notifications, newest first, with the two counts the filter shows; the answers of
// mark read, mark all read and delete; the header's unread count. Messages are i18n keys.
import { z } from "zod";
import { NOTIFICATION_TYPES } from "../schema/enums";
import { idParam } from "./ids";

/** A page of the centre holds at most this many notifications ('Voir plus' asks for the next). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NOTIFICATION_FILTERS = ["all", "unread"] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/**
 * A value of a notice's text, stored raw so each reader's language formats it: text or a number as
 * is; `date` / `time` / `day` an instant (UTC ISO-8601) shown as a Paris date, clock time or day
 * (`time` with `since`, a sitting's start: '01:00 (+1 j)' when it ends on a later day);
 * `euros` integer cents; `text` an i18n key; `from`-`to` two days; `hours` two times of one day.
 */
// Loose objects: a key the templates add to a shape later (as `since` was) is kept, not refused, so the
// list still writes the words; a shape none of these match falls back to the stored words.
export const noticeParamSchema = z
  .union([
    z.string(),
    z.number(),
    z.looseObject({ date: z.string() }),
    z.looseObject({ time: z.string(), since: z.string().optional() }),
    z.looseObject({ day: z.string() }),
    z.looseObject({ euros: z.number().int() }),
    z.looseObject({ text: z.string() }),
    z.looseObject({ from: z.string(), to: z.string() }),
    z.looseObject({ hours: z.tuple([z.string(), z.string()]) }),
  ])
  .meta({ id: "NoticeParam" });
export const noticeParamsSchema = z.record(z.string(), noticeParamSchema);
export type NoticeParams = z.infer<typeof noticeParamsSchema>;

export const notificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    /**
     * The notice's stable key (the product event, e.g. 'bookingAccepted') and its raw values, from
     * which `title` and `message` are written in the request's language (Accept-Language); null on
     * rows written before keys were stored, whose `title` and `message` are the French text.
     */
    kind: z.string().nullable(),
    params: noticeParamsSchema.nullable(),
    /** In the request's language when `kind` has texts, else the stored French text. */
    title: z.string(),
    /** Plain text (never HTML). */
    message: z.string(),
    read: z.boolean(),
    /** A path inside the app (data.link when it is one, e.g. /bookings/{id}), else null. */
    link: z.string().nullable(),
    /** UTC ISO-8601. */
    created_at: z.string(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountsSchema = z
  .object({
    /** Every notification of the caller ('Toutes'). */
    all: z.number().int(),
    /** The unread ones ('Non lues', and the header's count). */
    unread: z.number().int(),
  })
  .meta({ id: "NotificationCounts" });
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const notificationsQuerySchema = z
  .object({
    filter: z.enum(NOTIFICATION_FILTERS, { error: "validation.formatInvalid" }).default("all"),
    /** The `next_cursor` of the previous page. */
    cursor: z.string().max(200, "validation.formatInvalid").optional(),
    limit: z.coerce
      .number({ error: "validation.formatInvalid" })
      .int("validation.formatInvalid")
      .min(1, "validation.formatInvalid")
      .max(NOTIFICATIONS_PAGE_SIZE, "validation.formatInvalid")
      .default(NOTIFICATIONS_PAGE_SIZE),
  })
  .strict();
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsPageSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  /** Null on the last page. */
  next_cursor: z.string().nullable(),
  counts: notificationCountsSchema,
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const notificationParamsSchema = z.object({ notificationId: idParam });

/** The answer of a change (read, read all, delete): what changed and the counts after it. */
export const notificationChangeSchema = z.object({
  /** How many notifications the change touched (0 when there was nothing to do). */
  changed: z.number().int(),
  counts: notificationCountsSchema,
});
export type NotificationChange = z.infer<typeof notificationChangeSchema>;
