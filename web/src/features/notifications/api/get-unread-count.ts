// GET /api/notifications/unread: how many notifications are unread (the header's count reads the
// same query key; mark read, mark all read and delete set it from their answers). The page uses it
// for 'Tout marquer comme lu', which has nothing to do at 0.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { NOTIFICATIONS_REFRESH_MS } from "./list-notifications";
import { notificationKeys } from "./keys";

export const getUnreadCount = () => unwrap(client.api.notifications.unread.$get());

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: getUnreadCount,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export function useUnreadCount(): number | undefined {
  return useQuery(unreadCountQueryOptions()).data?.unread;
}
