// POST /api/stripe/cancel-subscription {subscription_id}: the plan stays on until the period ends
// (cancel_at_period_end), and can be reactivated until then.
import { useMutation } from "@tanstack/react-query";
import type { SubscriptionDto } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { billingKeys, invalidateBilling } from "./billing-keys";

export const cancelSubscription = (subscriptionId: string): Promise<{ subscription: SubscriptionDto }> =>
  unwrap(client.api.stripe["cancel-subscription"].$post({ json: { subscription_id: subscriptionId } }));

export function useCancelSubscription() {
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: ({ subscription }) => queryClient.setQueryData(billingKeys.subscription(), { subscription }),
    onSettled: invalidateBilling,
  });
}
