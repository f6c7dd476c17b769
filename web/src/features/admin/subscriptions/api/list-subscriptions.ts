// GET /api/admin/subscriptions: one page of the babysitters' plans, filtered, sorted and paged on the
// server, with the total and the four stat cards. The previous page stays on screen while the next
// one loads (no blank table between pages).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminSubscriptionsPage, SubscriptionsQuery } from "@db/validators/admin-subscriptions";
import { client, unwrap } from "@web/lib/api-client";
import { subscriptionsList } from "../list-params";
import { adminSubscriptionKeys } from "./keys";

export const listSubscriptions = (query: SubscriptionsQuery): Promise<AdminSubscriptionsPage> =>
  unwrap(client.api.admin.subscriptions.$get({ query: subscriptionsList.toParams(query) }));

export const useSubscriptionList = (query: SubscriptionsQuery) =>
  useQuery({
    queryKey: adminSubscriptionKeys.list(query),
    queryFn: () => listSubscriptions(query),
    placeholderData: keepPreviousData,
  });
