// DELETE /api/push/subscription?endpoint=: no more pushes to this browser until 'Activer' again.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { PREFERENCES_QUERY_KEY } from "./push-keys";

export const deletePushSubscription = (endpoint: string) =>
  unwrap(client.api.push.subscription.$delete({ query: { endpoint } }));

export function useDeletePushSubscription() {
  return useMutation({
    mutationFn: deletePushSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY }),
  });
}
