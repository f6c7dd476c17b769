// /notifications: the signed-in user's in-app notifications from the database, 'Toutes' / 'Non lues'
// with their counts (the filter kept in the URL as ?filter=unread), newest first, 20 at a time ('Voir
// plus'); mark one read, mark all read, delete, each with its success toast; skeletons while loading,
// empty states, errors with a retry. The list is asked again on window focus and every minute while
// the tab is visible (no socket frame: a new notification need not appear live, the next page is soon
// enough). The preferences live in /settings → Notifications (one source of truth): the card here
// only links there.
import { BellOff, CheckCheck, Settings2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { NotificationFilter } from "@db/validators/notifications";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { TabList } from "@web/components/ui/tab-list";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useDeleteNotification } from "./api/delete-notification";
import { useUnreadCount } from "./api/get-unread-count";
import { useNotifications } from "./api/list-notifications";
import { useMarkAllRead } from "./api/mark-all-read";
import { useMarkRead } from "./api/mark-read";
import { NotificationItem, NotificationSkeleton } from "./components/notification-item";
import { notificationsTexts } from "./texts";

// The validators' NOTIFICATION_FILTERS, written here so the page's chunk does not carry zod.
const NOTIFICATION_FILTERS = ["all", "unread"] as const satisfies readonly NotificationFilter[];
const PANEL_ID = "notifications-panel";
const tabId = (filter: NotificationFilter) => `notifications-tab-${filter}`;
const isFilter = (value: string | null): value is NotificationFilter =>
  NOTIFICATION_FILTERS.includes(value as NotificationFilter);
const SKELETONS = 3;

/** `reportsSection`: 'Mes signalements', another feature's, joined by the app (app/router.tsx). */
export function NotificationsPage({ reportsSection }: { reportsSection?: ReactNode } = {}) {
  const { t } = useTranslation(notificationsTexts);
  const [params, setParams] = useSearchParams();
  const wanted = params.get("filter");
  const filter: NotificationFilter = isFilter(wanted) ? wanted : "all";
  const select = (next: NotificationFilter) => setParams(next === "all" ? {} : { filter: next }, { replace: true });
  const list = useNotifications(filter);
  const counts = list.data?.pages[0]?.counts;
  const markAll = useMarkAllRead();
  const unread = useUnreadCount() ?? counts?.unread;

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notify.success(t("notifications.toasts.allMarked")),
      onError: () => notify.error(t("notifications.errors.update")),
    });

  return (
    <PageFrame title={t("pages.notifications")} intro={t("notifications.intro")}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabList
          tabs={NOTIFICATION_FILTERS}
          selected={filter}
          onSelect={select}
          label={t("notifications.filter.label")}
          labelOf={(value) =>
            counts ? `${t(`notifications.filter.${value}`)} (${counts[value]})` : t(`notifications.filter.${value}`)
          }
          idOf={tabId}
          panelId={PANEL_ID}
          className="inline-flex"
        />
        <Button variant="secondary" size="sm" disabled={!unread} loading={markAll.isPending} onClick={onMarkAll}>
          <CheckCheck aria-hidden="true" className="mr-1.5 h-4 w-4" />
          {t("notifications.markAllRead")}
        </Button>
      </div>
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(filter)} className="mt-6">
        <NotificationList filter={filter} list={list} />
      </div>
      {reportsSection}
      <SettingsCard />
    </PageFrame>
  );
}

function NotificationList({ filter, list }: { filter: NotificationFilter; list: ReturnType<typeof useNotifications> }) {
  const { t } = useTranslation(notificationsTexts);
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const busyId = markRead.isPending ? markRead.variables : remove.isPending ? remove.variables : null;

  const onRead = (id: string) =>
    markRead.mutate(id, {
      onSuccess: () => notify.success(t("notifications.toasts.marked")),
      onError: () => notify.error(t("notifications.errors.update")),
    });
  // Following a notification's link: read without a toast (the page is leaving), the count follows.
  const onOpen = (id: string) => markRead.mutate(id);
  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => notify.success(t("notifications.toasts.deleted")),
      onError: () => notify.error(t("notifications.errors.delete")),
    });

  if (list.isPending)
    return (
      <div role="status" aria-label={t("notifications.loading")}>
        <ul className="space-y-3">
          {Array.from({ length: SKELETONS }, (_, index) => (
            <NotificationSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  if (list.isError)
    return (
      <Empty title={t("notifications.errors.load")}>
        <Button onClick={() => void list.refetch()}>{t("common.retry")}</Button>
      </Empty>
    );
  const notifications = list.data.pages.flatMap((page) => page.notifications);
  if (notifications.length === 0)
    return <Empty title={t(`notifications.empty.${filter}.title`)} text={t(`notifications.empty.${filter}.text`)} />;
  return (
    <>
      <ul className="space-y-3" aria-busy={list.isFetching}>
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            busy={busyId === notification.id}
            onRead={() => onRead(notification.id)}
            onOpen={() => onOpen(notification.id)}
            onDelete={() => onDelete(notification.id)}
          />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t("notifications.more")}
          </Button>
        </div>
      )}
    </>
  );
}

function Empty({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-night-600 bg-white px-6 py-12 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-night-50 text-night-700">
        <BellOff aria-hidden="true" className="h-7 w-7" />
      </span>
      <p className="mt-4 text-lg font-semibold text-night-900">{title}</p>
      {text && <p className="mt-2 max-w-md text-slate-700">{text}</p>}
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}

/** The preferences are /settings → Notifications' (one source of truth): a link, no second set of toggles. */
function SettingsCard() {
  const { t } = useTranslation(notificationsTexts);
  return (
    <section aria-labelledby="notification-settings" className="mt-10 rounded-2xl border border-night-100 bg-white p-5">
      <h2 id="notification-settings" className="flex items-center gap-2 text-lg font-semibold text-night-900">
        <Settings2 aria-hidden="true" className="h-5 w-5" />
        {t("notifications.settings.title")}
      </h2>
      <p className="mt-2 text-slate-700">{t("notifications.settings.text")}</p>
      <Link to="/settings?tab=notifications" className={buttonClasses("secondary", "sm", "mt-4")}>
        {t("notifications.settings.link")}
      </Link>
    </section>
  );
}
