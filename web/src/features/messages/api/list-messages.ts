// GET /api/conversations/{conversationId}/messages?before: a thread, the newest page first, older
// pages as the reader scrolls up (before = the oldest id shown). Realtime messages are merged into
// the cached pages by id (lib/realtime/cache.ts).
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ThreadPage } from "@db/validators/messages";
import { client, unwrap } from "@web/lib/api-client";
import { messageKeys } from "@web/lib/realtime/keys";

export const listMessages = (conversationId: string, before: number | null): Promise<ThreadPage> =>
  unwrap(
    client.api.conversations[":conversationId"].messages.$get({
      param: { conversationId },
      query: before === null ? {} : { before: String(before) },
    }),
  );

export const threadQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam }) => listMessages(conversationId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page: ThreadPage) =>
      page.has_more && page.messages.length > 0 ? page.messages[0].id : undefined,
  });

export function useThread(conversationId: string) {
  return useInfiniteQuery(threadQueryOptions(conversationId));
}
