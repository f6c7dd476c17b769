// Pure cache patches for messaging (no query client here, so tests/unit can run them as they are):
// a message or a read receipt folded into the react-query data of a thread and of the conversation
// lists. Every patch merges by message id, so a message that comes twice (the HTTP answer and the
// socket, a sync and a push, a poll after a reconnect) is shown once.
import type { InfiniteData } from "@tanstack/react-query";
import type { ConversationsPage, ConversationSummary, Message, ReadReceipt, ThreadPage } from "@db/validators/messages";

/** A thread as useInfiniteQuery keeps it: page 0 holds the newest messages, each next page older ones. */
export type ThreadData = InfiniteData<ThreadPage>;
/** A conversation list (one per name filter): page 0 is the most recent activity. */
export type ConversationsData = InfiniteData<ConversationsPage>;

const byId = (a: Message, b: Message) => a.id - b.id;

/** The same message seen again: keep what is known (a message once read stays read). */
const sameMessage = (known: Message, incoming: Message): Message =>
  known.read || !incoming.read ? { ...incoming, read: known.read || incoming.read } : incoming;

/** Every message of a thread, oldest first, each once (what the thread view draws). */
export function threadMessages(data: ThreadData | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<number>();
  const all: Message[] = [];
  for (let index = data.pages.length - 1; index >= 0; index--) {
    for (const message of data.pages[index].messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all.sort(byId);
}

/**
 * The thread with `message` in it. A known id is updated in place; a new one goes into the page
 * whose range it belongs to (page 0 for anything newer than page 0's oldest message). A message older
 * than everything loaded, while older pages remain on the server, is left for the scroll to load.
 */
export function mergeIntoThread(data: ThreadData, message: Message): ThreadData {
  const pages = data.pages;
  for (let index = 0; index < pages.length; index++) {
    const at = pages[index].messages.findIndex((known) => known.id === message.id);
    if (at === -1) continue;
    const messages = [...pages[index].messages];
    messages[at] = sameMessage(messages[at], message);
    return { ...data, pages: pages.map((page, i) => (i === index ? { ...page, messages } : page)) };
  }
  let target = pages.findIndex((page) => page.messages.length === 0 || page.messages[0].id < message.id);
  if (target === -1) {
    const last = pages.length - 1;
    if (last < 0 || pages[last].has_more) return data;
    target = last;
  }
  const messages = [...pages[target].messages, message].sort(byId);
  return { ...data, pages: pages.map((page, i) => (i === target ? { ...page, messages } : page)) };
}

/** Messages to the reader, up to the receipt's id, read. */
export function applyReceiptToThread(data: ThreadData, receipt: ReadReceipt): ThreadData {
  const upTo = receipt.up_to_id;
  if (upTo === null) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => !m.read && m.recipient_id === receipt.reader_id && m.id <= upTo)) return page;
    changed = true;
    return {
      ...page,
      messages: page.messages.map((m) =>
        !m.read && m.recipient_id === receipt.reader_id && m.id <= upTo ? { ...m, read: true } : m,
      ),
    };
  });
  return changed ? { ...data, pages } : data;
}

function findConversation(data: ConversationsData, conversationId: string): ConversationSummary | undefined {
  for (const page of data.pages) {
    const found = page.conversations.find((c) => c.id === conversationId);
    if (found) return found;
  }
  return undefined;
}

/** A conversation summary, wherever a list holds it. */
export function conversationIn(data: ConversationsData | undefined, conversationId: string) {
  return data ? findConversation(data, conversationId) : undefined;
}

/**
 * A list after `message`: its conversation moves to the top with the message as its last one, and
 * one more unread when `countUnread` (a new message to me that nobody is looking at). `found` is
 * false when the list does not hold the conversation (a new one: the list must be asked again).
 */
export function moveConversationToTop(
  data: ConversationsData,
  message: Message,
  countUnread: boolean,
): { data: ConversationsData; found: boolean } {
  const known = findConversation(data, message.conversation_id);
  if (!known) return { data, found: false };
  const newer = !known.last_message || known.last_message.id <= message.id;
  const updated: ConversationSummary = {
    ...known,
    last_message: newer ? message : known.last_message,
    last_activity_at: newer ? message.created_at : known.last_activity_at,
    unread_count: known.unread_count + (countUnread ? 1 : 0),
  };
  const pages = data.pages.map((page, index) => {
    const others = page.conversations.filter((c) => c.id !== known.id);
    return { ...page, conversations: index === 0 && newer ? [updated, ...others] : others };
  });
  if (!newer) {
    // An older message (a late sync): the conversation keeps its place and its last message.
    return { data: withConversation(data, updated), found: true };
  }
  return { data: { ...data, pages }, found: true };
}

function withConversation(data: ConversationsData, updated: ConversationSummary): ConversationsData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((c) => (c.id === updated.id ? updated : c)),
    })),
  };
}

/** The list with that conversation's unread count at 0 (I read it) and its last message's read state. */
export function markConversationRead(data: ConversationsData, receipt: ReadReceipt, me: string): ConversationsData {
  const known = findConversation(data, receipt.conversation_id);
  if (!known) return data;
  const mine = receipt.reader_id === me;
  const last = known.last_message;
  const lastRead =
    last &&
    !last.read &&
    receipt.up_to_id !== null &&
    last.recipient_id === receipt.reader_id &&
    last.id <= receipt.up_to_id;
  if (!lastRead && !(mine && known.unread_count > 0)) return data;
  return withConversation(data, {
    ...known,
    unread_count: mine ? 0 : known.unread_count,
    last_message: lastRead ? { ...last, read: true } : last,
  });
}
