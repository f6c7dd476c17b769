// The header's realtime pieces for a signed-in user, in a chunk of their own (the header imports
// this module lazily, so neither the realtime client nor partysocket is in the first load of /).
// Each piece keeps the realtime client running while it is mounted (one client per tab, however
// many pieces ask): the desktop navigation's badge is always mounted for a signed-in user.
// The Notifications entry's count (a description id ending in "/notifications") lives here too, so it adds nothing to the
// first load either: refreshed by the socket's `notification` frame, and asked again on each
// navigation, on window focus, and every minute while the tab is visible; the notifications page
// sets it after each change (same query key).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { client, unwrap } from "@web/lib/api-client";
import { defineTexts, useTranslation } from "@web/lib/i18n";
import { refreshPushSubscription } from "@web/lib/push-refresh";
import { useRealtimeEvents, useRealtimeSession, useUnreadCount } from "@web/lib/realtime/hooks";

/** features/notifications/api/keys.ts's notificationKeys.unread: the page and this count share it. */
const NOTIFICATIONS_KEY = ["notifications"] as const;
const NOTIFICATIONS_UNREAD_KEY = [...NOTIFICATIONS_KEY, "unread"] as const;
const NOTIFICATIONS_REFRESH_MS = 60_000;

/** The count's words for the Notifications entry (only this chunk needs them). */
const badgeTexts = defineTexts({
  fr: {
    notificationsBadge_zero: "{{count}} notifications non lues",
    notificationsBadge_one: "1 notification non lue",
    notificationsBadge_other: "{{count}} notifications non lues",
  },
  en: {
    notificationsBadge_zero: "{{count}} unread notifications",
    notificationsBadge_one: "1 unread notification",
    notificationsBadge_other: "{{count}} unread notifications",
  },
});

/** The signed-in user's unread notifications: GET /api/notifications/unread, kept fresh as said above. */
function useUnreadNotifications(): number {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: NOTIFICATIONS_UNREAD_KEY,
    queryFn: () => unwrap(client.api.notifications.unread.$get()),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_UNREAD_KEY, exact: true });
  }, [pathname, queryClient]);
  // A notification just written (the socket's frame): the count and, when open, the centre's list.
  useRealtimeEvents((event) => {
    if (event.type === "notification") void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
  return data?.unread ?? 0;
}

/**
 * The count, visible as a number; in words ("3 messages non lus") in a hidden element the link names
 * as its description (`aria-describedby`), so the link's name stays "Messages".
 */
function Count({ count, id, words }: { count: number; id: string; words?: "notificationsBadge" }) {
  const testId = words ? "notifications-badge" : "unread-badge";
  const { t } = useTranslation(badgeTexts);
  const prefix = words ?? "nav.unread";
  return (
    <span
      data-testid={testId}
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-glow-400 px-1.5 text-xs leading-5 font-bold text-night-950"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span id={id} hidden>
        {t(prefix, { count })}
      </span>
    </span>
  );
}

/**
 * The number of unread messages (described by `id`), nothing at 0: beside "Messages" in the menus, or
 * (`shortcut`) as the phone's Messages link, one tap away where the menu hides the navigation.
 * The header's default import, lazily.
 */
export default function Unread({ profileId, id, shortcut }: { profileId: string; id: string; shortcut?: boolean }) {
  // The header ends the Notifications entry's description id with its path (fewer bytes in the first load than a prop).
  if (id.endsWith("/notifications")) return <UnreadNotifications id={id} />;
  return <UnreadMessages profileId={profileId} id={id} shortcut={shortcut} />;
}

/** Once this chunk is up, the web push subscription's refresh (lib/push-refresh.ts), off the first paint. */
const PUSH_REFRESH_DELAY_MS = 3000;

/** The number of unread notifications beside "Notifications" in the menus, nothing at 0. */
function UnreadNotifications({ id }: { id: string }) {
  const count = useUnreadNotifications();
  useEffect(() => {
    const timer = setTimeout(() => void refreshPushSubscription(), PUSH_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (count <= 0) return null;
  return (
    <span className="ml-1.5">
      <Count count={count} id={id} words="notificationsBadge" />
    </span>
  );
}

function UnreadMessages({ profileId, id, shortcut }: { profileId: string; id: string; shortcut?: boolean }) {
  const { t } = useTranslation();
  useRealtimeSession(profileId);
  const count = useUnreadCount();
  if (shortcut) {
    return (
      <Link
        to="/messages"
        aria-label={t("nav.messages")}
        aria-describedby={count > 0 ? id : undefined}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-white/10 md:hidden"
      >
        <MessageCircle aria-hidden="true" className="h-6 w-6" />
        {count > 0 && (
          <span className="absolute -top-0.5 -right-0.5">
            <Count count={count} id={id} />
          </span>
        )}
      </Link>
    );
  }
  if (count <= 0) return null;
  return (
    <span className="ml-1.5">
      <Count count={count} id={id} />
    </span>
  );
}
