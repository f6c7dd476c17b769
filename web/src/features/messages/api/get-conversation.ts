// GET /api/conversations/{conversationId}: the partner and state of one conversation (the thread's
// header), 404 when the caller is not in it. A list already on screen answers first.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ConversationSummary } from "@db/validators/messages";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { messageKeys } from "@web/lib/realtime/keys";
import { type ConversationsData, conversationIn } from "@web/lib/realtime/merge";

export const getConversation = (conversationId: string): Promise<ConversationSummary> =>
  unwrap(client.api.conversations[":conversationId"].$get({ param: { conversationId } }));

/** The summary a cached conversation list holds, if any (no request for a conversation clicked in the list). */
function fromLists(conversationId: string): ConversationSummary | undefined {
  for (const [, data] of queryClient.getQueriesData<ConversationsData>({ queryKey: messageKeys.lists() })) {
    const found = conversationIn(data, conversationId);
    if (found) return found;
  }
  return undefined;
}

export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: () => getConversation(conversationId),
    initialData: () => fromLists(conversationId),
    initialDataUpdatedAt: 0,
  });

export function useConversation(conversationId: string) {
  return useQuery(conversationQueryOptions(conversationId));
}
