// The Subscriptions section's react-query keys. The lists hold raw values (plans, statuses, cents,
// dates), not words, so they are the same in every language.
import type { SubscriptionsQuery } from "@db/validators/admin-subscriptions";
import { queryClient } from "@web/lib/query-client";

export const adminSubscriptionKeys = {
  lists: () => ["admin-subscriptions", "list"] as const,
  list: (query: SubscriptionsQuery) => ["admin-subscriptions", "list", query] as const,
};

/** After an action on a plan, whatever its outcome: the lists (its row, the stat cards) are asked again. */
export const refreshSubscriptions = () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.lists() });
