// The Users section's react-query keys. The lists hold raw values (roles, statuses, dates), not
// words, so they are the same in every language; an action refreshes every list and the account.
import type { UsersQuery } from "@db/validators/admin-users";
import { queryClient } from "@web/lib/query-client";

export const adminUserKeys = {
  all: ["admin-users"] as const,
  lists: () => ["admin-users", "list"] as const,
  list: (query: UsersQuery) => ["admin-users", "list", query] as const,
  detail: (profileId: string) => ["admin-users", "detail", profileId] as const,
};

/** After an action on an account: the lists (its row may move or leave a filter) and its page are asked again. */
export async function refreshAfterAction(profileId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(profileId) }),
  ]);
}
