// GET /api/notifications?filter&cursor: the caller's notifications, newest first, 20 a page
// (next_cursor, 'Voir plus'), with the 'Toutes' / 'Non lues' counts, their words written by the server
// in the interface language (the request's Accept-Language): a change of language asks again. Asked again when the page opens,
// on window focus and every minute while the tab is visible, so a new notification shows without a reload.
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { queryClient } from "@web/lib/query-client";
import type { NotificationFilter, NotificationsPage } from "@db/validators/notifications";
import { client, unwrap } from "@web/lib/api-client";
import { type Language, useTranslation } from "@web/lib/i18n";
import { notificationKeys } from "./keys";

export const NOTIFICATIONS_REFRESH_MS = 60_000;

export const listNotifications = (filter: NotificationFilter, cursor: string | null): Promise<NotificationsPage> =>
  unwrap(client.api.notifications.$get({ query: { filter, ...(cursor && { cursor }) } }));

export const notificationsQueryOptions = (filter: NotificationFilter, lang: Language) =>
  ({
    queryKey: notificationKeys.list(filter, lang),
    queryFn: async ({ pageParam }: { pageParam: string | null }) => {
      const page = await listNotifications(filter, pageParam);
      // The header's count follows what the list says.
      queryClient.setQueryData(notificationKeys.unread, { unread: page.counts.unread });
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationsPage) => last.next_cursor,
  }) as const;

/** Keeps the other filter's answer on screen while this one loads. */
export function useNotifications(filter: NotificationFilter) {
  const { language } = useTranslation();
  return useInfiniteQuery({
    ...notificationsQueryOptions(filter, language),
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    // Asked again each time the page opens (the app's default keeps answers a minute).
    staleTime: 0,
  });
}
