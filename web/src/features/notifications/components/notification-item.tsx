// One notification of the centre: its type's icon, title, message (as text), date in Paris time
// (in the interface language), 'Marquer comme lue' while unread, and 'Supprimer'. A notification
// that names something (a booking, a conversation, the subscription) has its title as a link
// there: following it, by click or keyboard, also marks it read.
import { CalendarHeart, Info, MessageSquareText, ThumbsUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { NotificationType } from "@db/schema/enums";
import type { Notification } from "@db/validators/notifications";
import { Button } from "@web/components/ui/button";
import { formatClockTime, formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notificationsTexts } from "../texts";

const ICONS: Record<NotificationType, ReactNode> = {
  booking: <CalendarHeart aria-hidden="true" className="h-5 w-5" />,
  message: <MessageSquareText aria-hidden="true" className="h-5 w-5" />,
  review: <ThumbsUp aria-hidden="true" className="h-5 w-5" />,
  system: <Info aria-hidden="true" className="h-5 w-5" />,
};

export function NotificationItem({
  notification,
  busy,
  onRead,
  onOpen,
  onDelete,
}: {
  notification: Notification;
  busy: boolean;
  onRead: () => void;
  /** The title's link is followed: marks it read (quietly) while the app navigates. */
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(notificationsTexts);
  const { title, read } = notification;
  return (
    <li
      data-testid="notification"
      className={`flex gap-4 rounded-2xl border border-night-100 bg-white p-4 ${read ? "" : "border-l-4 border-l-glow-500"}`}
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-night-50 text-night-700">
        {ICONS[notification.type]}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
          {t(`notifications.types.${notification.type}`)}
          {!read && (
            <span className="ml-2 rounded-full bg-night-900 px-2 py-0.5 text-white normal-case">
              {t("notifications.unreadTag")}
            </span>
          )}
        </p>
        <h2 className={`mt-1 text-base text-night-900 ${read ? "font-medium" : "font-bold"}`}>
          {notification.link ? (
            <Link
              to={notification.link}
              onClick={read ? undefined : onOpen}
              className="inline-block py-0.5 underline underline-offset-4 hover:text-night-700"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        <p className="mt-1 break-words whitespace-pre-line text-slate-700">{notification.message}</p>
        <p className="mt-2 text-sm text-slate-700">
          <time dateTime={notification.created_at}>
            {t("notifications.date", {
              date: formatLongDate(notification.created_at),
              time: formatClockTime(notification.created_at),
            })}
          </time>
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {!read && (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              aria-label={t("notifications.markReadLabel", { title })}
              onClick={onRead}
            >
              {t("notifications.markRead")}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-label={t("notifications.deleteLabel", { title })}
            onClick={onDelete}
          >
            {t("notifications.delete")}
          </Button>
        </div>
      </div>
    </li>
  );
}

export function NotificationSkeleton() {
  return (
    <li aria-hidden="true" className="flex animate-pulse gap-4 rounded-2xl border border-night-100 bg-white p-4">
      <span className="h-10 w-10 shrink-0 rounded-full bg-night-100" />
      <span className="flex-1 space-y-2">
        <span className="block h-3 w-24 rounded bg-night-100" />
        <span className="block h-4 w-2/3 rounded bg-night-100" />
        <span className="block h-4 w-full rounded bg-night-100" />
      </span>
    </li>
  );
}
