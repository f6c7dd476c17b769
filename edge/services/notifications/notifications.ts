// The in-app notification centre (money-and-operations §2 "Notifications screen", issue 10): the
// caller's notifications newest first, a page at a time, with the 'Toutes' / 'Non lues' counts,
// each written in the reader's language from its stored key and values (issue 19);
// mark one read, mark all read, delete one; the header's unread count. Every function works on the
// caller's rows only: another user's id is the same 404 as an unknown one, and changes nothing.
//
// `notificationInsert` is how the product's events add a notification (the delivery service calls
// it): it returns the Drizzle statement unrun, so callers can batch it with their own writes.
import { and, count, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { notifications } from "@db/schema/notifications";
import type { NotificationType } from "@db/schema/enums";
import {
  noticeParamsSchema,
  type Notification,
  type NotificationChange,
  type NotificationCounts,
  type NotificationsPage,
  type NotificationsQuery,
} from "@db/validators/notifications";
import { isNoticeKind, noticeTitleAndMessage } from "./notice-texts";
import { ApiError } from "../../lib/errors";
import type { Lang } from "../../lib/i18n";

type NotificationRow = typeof notifications.$inferSelect;

export type NewNotification = {
  type: NotificationType;
  title: string;
  /** Plain text. */
  message: string;
  /**
   * Context for the centre: `link` (a path in the app), and the notice's stable key `kind` with its
   * raw `params`, from which the list writes the title and message in the reader's language.
   */
  data?: Record<string, unknown> | null;
};

/** The insert of one notification for `profileId`, unrun: `await` it, or pass it to `db.batch`. */
export function notificationInsert(db: Db, profileId: string, notification: NewNotification) {
  return db.insert(notifications).values({
    profileId,
    type: notification.type,
    title: notification.title,
    message: notification.message,
    data: notification.data ?? null,
  });
}

const notificationNotFound = () => new ApiError(404, "NOTIFICATION_NOT_FOUND", "notifications.notFound");

/** The link of `data`, only when it is a path inside the app (never another site, never `//host`). */
export function linkOf(data: NotificationRow["data"]): string | null {
  const link = data?.link;
  if (typeof link !== "string" || link.length > 500) return null;
  return /^\/(?![/\\])/.test(link) ? link : null;
}

/** The stored key and values, when the row has them in the expected shape (else both null). */
function keyOf(data: NotificationRow["data"]): Pick<Notification, "kind" | "params"> {
  const kind = data?.kind;
  const params = noticeParamsSchema.safeParse(data?.params);
  return typeof kind === "string" && isNoticeKind(kind) && params.success
    ? { kind, params: params.data }
    : { kind: null, params: null };
}

/** The title and message in `lang` from the key; the stored words when there is none or it cannot be written. */
function wordsOf(row: NotificationRow, key: Pick<Notification, "kind" | "params">, lang: Lang) {
  const stored = { title: row.title, message: row.message };
  if (key.kind === null || key.params === null) return stored;
  try {
    return noticeTitleAndMessage(lang, key.kind, key.params);
  } catch {
    return stored; // a value Intl refuses (an unreadable instant): the words written at the time
  }
}

/** One row as the list answers it, its words in `lang` (the reader's interface language). */
export function toNotification(row: NotificationRow, lang: Lang): Notification {
  const key = keyOf(row.data);
  return {
    id: row.id,
    type: row.type,
    ...key,
    ...wordsOf(row, key, lang),
    read: row.read,
    link: linkOf(row.data),
    created_at: row.createdAt,
  };
}

/** SQLite uses the (profile_id, read, created_at) index best with a literal `read = 0`. */
const UNREAD = sql`${notifications.read} = 0`;
const mine = (profileId: string) => eq(notifications.profileId, profileId);

/** A page's last notification: its time and id (the list's order). */
const cursorOf = (row: Pick<NotificationRow, "createdAt" | "id">) => `${row.createdAt}|${row.id}`;

function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id, extra] = cursor.split("|");
  if (!at || !id || extra !== undefined || Number.isNaN(Date.parse(at)))
    throw new ApiError(400, "INVALID_CURSOR", "validation.formatInvalid");
  return { at, id };
}

/** 'Toutes' and 'Non lues' of the caller, in one query. */
export async function notificationCounts(db: Db, profileId: string): Promise<NotificationCounts> {
  const [row] = await db
    .select({ all: count(), unread: sql<number>`coalesce(sum(CASE WHEN ${UNREAD} THEN 1 ELSE 0 END), 0)` })
    .from(notifications)
    .where(mine(profileId));
  return { all: Number(row?.all ?? 0), unread: Number(row?.unread ?? 0) };
}

/** The header's count: the caller's unread notifications. */
export async function unreadNotificationCount(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(profileId), UNREAD));
  return Number(row?.n ?? 0);
}

/** The caller's notifications, newest first, `query.limit` at a time, with both counts, written in `lang`. */
export async function listNotifications(
  db: Db,
  profileId: string,
  query: NotificationsQuery,
  lang: Lang,
): Promise<NotificationsPage> {
  const after = query.cursor ? parseCursor(query.cursor) : null;
  const older = after
    ? or(
        lt(notifications.createdAt, after.at),
        and(eq(notifications.createdAt, after.at), lt(notifications.id, after.id)),
      )
    : undefined;
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(mine(profileId), query.filter === "unread" ? UNREAD : undefined, older))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit + 1),
    notificationCounts(db, profileId),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map((row) => toNotification(row, lang)),
    next_cursor: rows.length > query.limit ? cursorOf(page[page.length - 1]) : null,
    counts,
  };
}

/** Marks one of the caller's notifications read (idempotent); 404 when it is not the caller's. */
export async function markNotificationRead(db: Db, profileId: string, id: string): Promise<NotificationChange> {
  const [row] = await db
    .select({ id: notifications.id, read: notifications.read })
    .from(notifications)
    .where(and(mine(profileId), eq(notifications.id, id)));
  if (!row) throw notificationNotFound();
  const changed = row.read
    ? 0
    : (
        await db
          .update(notifications)
          .set({ read: true })
          .where(and(mine(profileId), eq(notifications.id, id), UNREAD))
          .returning({ id: notifications.id })
      ).length;
  return { changed, counts: await notificationCounts(db, profileId) };
}

/** Marks every unread notification of the caller read. */
export async function markAllNotificationsRead(db: Db, profileId: string): Promise<NotificationChange> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(mine(profileId), UNREAD))
    .returning({ id: notifications.id });
  return { changed: updated.length, counts: await notificationCounts(db, profileId) };
}

/** Deletes one of the caller's notifications; 404 when it is not the caller's (or already gone). */
export async function deleteNotification(db: Db, profileId: string, id: string): Promise<NotificationChange> {
  const deleted = await db
    .delete(notifications)
    .where(and(mine(profileId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw notificationNotFound();
  return { changed: deleted.length, counts: await notificationCounts(db, profileId) };
}
