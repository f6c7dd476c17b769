// POST /api/notifications/{id}/read: one notification read ('Notification marquée comme lue').
import { useMutation } from "@tanstack/react-query";
import type { NotificationChange } from "@db/validators/notifications";
import { client, unwrap } from "@web/lib/api-client";
import { applyChange } from "./keys";

export const markNotificationRead = (notificationId: string): Promise<NotificationChange> =>
  unwrap(client.api.notifications[":notificationId"].read.$post({ param: { notificationId } }));

export const useMarkRead = () => useMutation({ mutationFn: markNotificationRead, onSuccess: applyChange });
