// GET /api/stripe/get-subscription: the babysitter's subscription in force (the Discovery trial, a
// paid plan), or null ('Aucun abonnement actif'). Asked only for babysitters (only they have one).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SubscriptionDto } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { billingKeys } from "./billing-keys";

export type Subscription = SubscriptionDto;

export const getSubscription = (): Promise<{ subscription: Subscription | null }> =>
  unwrap(client.api.stripe["get-subscription"].$get());

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.subscription(), queryFn: getSubscription });

export function useSubscription(enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
