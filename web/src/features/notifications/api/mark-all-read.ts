// POST /api/notifications/read-all: every notification read ('Toutes les notifications marquées comme lues').
import { useMutation } from "@tanstack/react-query";
import type { NotificationChange } from "@db/validators/notifications";
import { client, unwrap } from "@web/lib/api-client";
import { applyChange } from "./keys";

export const markAllNotificationsRead = (): Promise<NotificationChange> =>
  unwrap(client.api.notifications["read-all"].$post());

export const useMarkAllRead = () => useMutation({ mutationFn: markAllNotificationsRead, onSuccess: applyChange });
