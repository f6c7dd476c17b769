// POST /api/stripe/modify-subscription {subscription_id, new_price_id}: 'Passer au Premium' and
// 'Rétrograder au Standard' on a paid plan (an upgrade is prorated on a new invoice).
import { useMutation } from "@tanstack/react-query";
import type { PaidPlan } from "@db/schema/enums";
import type { SubscriptionDto } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { billingKeys, invalidateBilling } from "./billing-keys";

/** `quoted_at`: the preview's applies_from, so the change is charged the amount the dialog showed. */
export type ModifySubscriptionInput = { subscription_id: string; new_price_id: PaidPlan; quoted_at?: string };

export const modifySubscription = (input: ModifySubscriptionInput): Promise<{ subscription: SubscriptionDto }> =>
  unwrap(client.api.stripe["modify-subscription"].$post({ json: input }));

export function useModifySubscription() {
  return useMutation({
    mutationFn: modifySubscription,
    onSuccess: ({ subscription }) => queryClient.setQueryData(billingKeys.subscription(), { subscription }),
    onSettled: invalidateBilling,
  });
}
