// GET /api/conversations?q&cursor: the caller's conversations, newest activity first, a page at a
// time (next_cursor), filtered on the server by the partner's name. The realtime client keeps the
// cached pages current (lib/realtime/cache.ts).
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ConversationsPage } from "@db/validators/messages";
import { client, unwrap } from "@web/lib/api-client";
import { messageKeys } from "@web/lib/realtime/keys";

export const listConversations = (q: string, cursor: string | null): Promise<ConversationsPage> =>
  unwrap(client.api.conversations.$get({ query: { ...(q && { q }), ...(cursor && { cursor }) } }));

export const conversationsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.list(q),
    queryFn: ({ pageParam }) => listConversations(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationsPage) => last.next_cursor,
  });

/** Keeps the previous answer on screen while a new filter loads. */
export function useConversations(q: string) {
  return useInfiniteQuery({ ...conversationsQueryOptions(q), placeholderData: keepPreviousData });
}
