// DELETE /api/push/subscription: no more pushes for this account until 'Activer' again.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { PREFERENCES_QUERY_KEY } from "./push-keys";

export const deletePushSubscription = () => unwrap(client.api.push.subscription.$delete());

export function useDeletePushSubscription() {
  return useMutation({
    mutationFn: deletePushSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY }),
  });
}
