// DELETE /api/notifications/{id}: one notification deleted ('Notification supprimée').
import { useMutation } from "@tanstack/react-query";
import type { NotificationChange } from "@db/validators/notifications";
import { client, unwrap } from "@web/lib/api-client";
import { applyChange } from "./keys";

export const deleteNotification = (notificationId: string): Promise<NotificationChange> =>
  unwrap(client.api.notifications[":notificationId"].$delete({ param: { notificationId } }));

export const useDeleteNotification = () => useMutation({ mutationFn: deleteNotification, onSuccess: applyChange });
