// POST /api/stripe/reactivate-subscription {subscription_id}: undoes a pending cancellation.
import { useMutation } from "@tanstack/react-query";
import type { SubscriptionDto } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { billingKeys, invalidateBilling } from "./billing-keys";

export const reactivateSubscription = (subscriptionId: string): Promise<{ subscription: SubscriptionDto }> =>
  unwrap(client.api.stripe["reactivate-subscription"].$post({ json: { subscription_id: subscriptionId } }));

export function useReactivateSubscription() {
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: ({ subscription }) => queryClient.setQueryData(billingKeys.subscription(), { subscription }),
    onSettled: invalidateBilling,
  });
}
