// Realtime events folded into react-query's caches: the open thread, every conversation list (the
// conversation moves to the top with its last message and unread count), the conversation's summary
// and the header's badge. Used for socket frames, polled updates and the messages page's own HTTP
// answers alike, so a message shows once whichever way it came first.
import type { ConversationSummary, Message, ReadReceipt } from "@db/validators/messages";
import { queryClient } from "../query-client";
import { messageKeys } from "./keys";
import {
  applyReceiptToThread,
  type ConversationsData,
  markConversationRead,
  mergeIntoThread,
  moveConversationToTop,
  type ThreadData,
} from "./merge";
import { refreshUnread } from "./requests";

let watchedConversation: string | null = null;

/**
 * The conversation the messages page shows, or null. A new message in it, while the tab is visible,
 * is read at once (the page marks it read), so it never counts as unread here.
 */
export function setWatchedConversation(conversationId: string | null): void {
  watchedConversation = conversationId;
}

export const isWatched = (conversationId: string) =>
  watchedConversation === conversationId && typeof document !== "undefined" && document.visibilityState === "visible";

/** Ids this tab has already folded in, so a message counts as unread once however often it comes. */
const seen = new Set<number>();
const SEEN_LIMIT = 5000;

/** Another user in this tab (sign-out, sign-in): nothing of the previous one's counts. */
export function forgetSeen(): void {
  seen.clear();
  watchedConversation = null;
}

function remember(id: number): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as number);
  return true;
}

/**
 * Folds one message into every cache that shows it; true when this tab had not seen it yet. `me` is
 * the signed-in profile: a new message to me in a conversation nobody is looking at is unread.
 */
export function applyMessage(message: Message, me: string): boolean {
  const fresh = remember(message.id);
  const countUnread = fresh && message.recipient_id === me && !message.read && !isWatched(message.conversation_id);

  queryClient.setQueryData<ThreadData>(messageKeys.thread(message.conversation_id), (data) =>
    data ? mergeIntoThread(data, message) : data,
  );
  for (const [key, data] of queryClient.getQueriesData<ConversationsData>({ queryKey: messageKeys.lists() })) {
    if (!data) continue;
    const moved = moveConversationToTop(data, message, countUnread);
    if (moved.found) queryClient.setQueryData(key, moved.data);
    // A conversation this list does not hold yet (a new one, or one further down): ask again.
    else void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
  queryClient.setQueryData<ConversationSummary>(messageKeys.conversation(message.conversation_id), (summary) => {
    if (!summary) return summary;
    const newer = !summary.last_message || summary.last_message.id <= message.id;
    return {
      ...summary,
      last_message: newer ? message : summary.last_message,
      last_activity_at: newer ? message.created_at : summary.last_activity_at,
      unread_count: summary.unread_count + (countUnread ? 1 : 0),
    };
  });
  if (countUnread) void refreshUnread();
  return fresh;
}

/** Folds a read receipt in: the reader's messages show 'Lu'; when I am the reader, nothing is unread there. */
export function applyReceipt(receipt: ReadReceipt, me: string): void {
  queryClient.setQueryData<ThreadData>(messageKeys.thread(receipt.conversation_id), (data) =>
    data ? applyReceiptToThread(data, receipt) : data,
  );
  for (const [key, data] of queryClient.getQueriesData<ConversationsData>({ queryKey: messageKeys.lists() })) {
    if (data) queryClient.setQueryData(key, markConversationRead(data, receipt, me));
  }
  if (receipt.reader_id !== me) return;
  queryClient.setQueryData<ConversationSummary>(messageKeys.conversation(receipt.conversation_id), (summary) =>
    summary ? { ...summary, unread_count: 0 } : summary,
  );
  void refreshUnread();
}

/** Back from a time away (the socket reconnected): what changed meanwhile, read receipts included. */
export function refreshAfterReconnect(): void {
  void queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
  void queryClient.invalidateQueries({ queryKey: ["messages", "conversation"] });
  void refreshUnread();
}
