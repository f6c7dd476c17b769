// The Moderation section's react-query keys. The queue holds raw values (types, severities, dates),
// not words, so it is the same in every language; a decision refreshes every queue page (its rows
// and its stat cards) and the item's page.
import type { ModerationQueueQuery } from "@db/validators/moderation";
import { queryClient } from "@web/lib/query-client";

export const adminModerationKeys = {
  all: ["admin-moderation"] as const,
  lists: () => ["admin-moderation", "list"] as const,
  list: (query: ModerationQueueQuery) => ["admin-moderation", "list", query] as const,
  detail: (itemId: string) => ["admin-moderation", "detail", itemId] as const,
};

/** After a decision (taken, or refused because another admin took it): the queues and the item are asked again. */
export async function refreshAfterDecision(itemId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminModerationKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: adminModerationKeys.detail(itemId) }),
  ]);
}
