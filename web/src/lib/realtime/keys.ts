// The query keys of everything messaging caches, shared by the realtime client (which patches them
// as events arrive) and the messages page (which fetches them). Everything lives under ["messages"].
export const messageKeys = {
  all: ["messages"] as const,
  /** The header's badge: { unread, latest_id }. */
  unread: () => ["messages", "unread"] as const,
  /** Every conversation list (one per name filter). */
  lists: () => ["messages", "conversations"] as const,
  list: (q: string) => ["messages", "conversations", q] as const,
  /** One conversation's summary (the thread's header, a deep link). */
  conversation: (id: string) => ["messages", "conversation", id] as const,
  /** Every thread, and one thread's pages of messages. */
  threads: () => ["messages", "thread"] as const,
  thread: (id: string) => ["messages", "thread", id] as const,
};
