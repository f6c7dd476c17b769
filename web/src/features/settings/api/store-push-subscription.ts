// PUT /api/push/subscription: stores this browser's push subscription ('Activer'); the preferences
// are asked again so the push card shows the subscribed state (test button, message toggle).
import { useMutation } from "@tanstack/react-query";
import type { PushSubscriptionBody } from "@db/validators/push";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { PREFERENCES_QUERY_KEY } from "./push-keys";

export const storePushSubscription = (json: PushSubscriptionBody) =>
  unwrap(client.api.push.subscription.$put({ json }));

export function useStorePushSubscription() {
  return useMutation({
    mutationFn: storePushSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY }),
  });
}
