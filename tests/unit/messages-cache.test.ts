// The web app's message cache patches (web/src/lib/realtime/merge.ts): a message that arrives twice
// (HTTP answer and socket, sync and push, poll after reconnect) is shown once, in id order, in the
// page its id belongs to; a read receipt marks the reader's messages read; a new message moves its
// conversation to the top of the list with one more unread.
import { describe, expect, it } from "vitest";
import type { ConversationSummary, Message } from "@db/validators/messages";
import {
  applyReceiptToThread,
  type ConversationsData,
  markConversationRead,
  mergeIntoThread,
  moveConversationToTop,
  type ThreadData,
  threadMessages,
} from "@web/lib/realtime/merge";

const ME = "me";
const PARTNER = "partner";

const message = (id: number, from = PARTNER, conversation = "c1", read = false): Message => ({
  id,
  conversation_id: conversation,
  sender_id: from,
  recipient_id: from === ME ? PARTNER : ME,
  content: `message ${id}`,
  read,
  created_at: new Date(Date.UTC(2026, 3, 14, 10, id)).toISOString(),
  removed: false,
  client_id: from === ME ? `client-${id}` : null,
});

/** Pages as useInfiniteQuery keeps them: newest page first, each oldest first. */
const thread = (...pages: { ids: number[]; has_more: boolean }[]): ThreadData => ({
  pages: pages.map(({ ids, has_more }) => ({ messages: ids.map((id) => message(id)), has_more })),
  pageParams: pages.map((_, index) => (index === 0 ? null : pages[index - 1].ids[0])),
});

const ids = (data: ThreadData) => threadMessages(data).map((m) => m.id);

describe("a thread's pages", () => {
  it("take a new message at the end, once, however often it comes", () => {
    let data = thread({ ids: [5, 6, 7], has_more: true }, { ids: [2, 3, 4], has_more: false });
    data = mergeIntoThread(data, message(8));
    data = mergeIntoThread(data, message(8));
    expect(ids(data)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(data.pages[0].messages.map((m) => m.id)).toEqual([5, 6, 7, 8]);
  });

  it("put a late message in id order, and in the page its id belongs to", () => {
    let data = thread({ ids: [5, 7], has_more: true }, { ids: [2, 4], has_more: false });
    data = mergeIntoThread(data, message(6));
    data = mergeIntoThread(data, message(3));
    expect(data.pages.map((page) => page.messages.map((m) => m.id))).toEqual([
      [5, 6, 7],
      [2, 3, 4],
    ]);
  });

  it("leave a message older than everything loaded to the scroll, while older pages remain", () => {
    const data = thread({ ids: [5, 6], has_more: true });
    expect(mergeIntoThread(data, message(1))).toBe(data);
    expect(ids(mergeIntoThread(thread({ ids: [5, 6], has_more: false }), message(1)))).toEqual([1, 5, 6]);
  });

  it("keep a message read once it was read, whichever copy comes last", () => {
    let data = thread({ ids: [], has_more: false });
    data = mergeIntoThread(data, { ...message(9), read: true });
    data = mergeIntoThread(data, message(9));
    expect(threadMessages(data)).toEqual([{ ...message(9), read: true }]);
  });

  it("show each message once even when two pages hold it", () => {
    const data = thread({ ids: [4, 5], has_more: true }, { ids: [3, 4], has_more: false });
    expect(ids(data)).toEqual([3, 4, 5]);
  });

  it("mark the reader's messages read up to the receipt's id, and nothing else", () => {
    const data: ThreadData = {
      pages: [{ messages: [message(1, ME), message(2), message(3, ME), message(4, ME)], has_more: false }],
      pageParams: [null],
    };
    const after = applyReceiptToThread(data, { conversation_id: "c1", reader_id: PARTNER, up_to_id: 3 });
    expect(threadMessages(after).map((m) => [m.id, m.read])).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, false],
    ]);
    expect(applyReceiptToThread(data, { conversation_id: "c1", reader_id: PARTNER, up_to_id: null })).toBe(data);
  });
});

const summary = (id: string, lastId: number | null, unread = 0): ConversationSummary => ({
  id,
  partner: { id: `p-${id}`, first_name: "Léa", last_name: id, photo_url: null, user_type: "babysitter" },
  last_message: lastId === null ? null : message(lastId, PARTNER, id),
  unread_count: unread,
  last_activity_at: new Date(Date.UTC(2026, 3, 14, 9, lastId ?? 0)).toISOString(),
});

const list = (...pages: ConversationSummary[][]): ConversationsData => ({
  pages: pages.map((conversations, index) => ({
    conversations,
    next_cursor: index < pages.length - 1 ? `cursor-${index}` : null,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
});

const order = (data: ConversationsData) => data.pages.map((page) => page.conversations.map((c) => c.id));

describe("the conversation list", () => {
  it("moves a conversation with a new message to the top, with that message and one more unread", () => {
    const data = list([summary("a", 10), summary("b", 8)], [summary("c", 5, 2)]);
    const moved = moveConversationToTop(data, message(11, PARTNER, "c"), true);
    expect(moved.found).toBe(true);
    expect(order(moved.data)).toEqual([["c", "a", "b"], []]);
    const top = moved.data.pages[0].conversations[0];
    expect(top.last_message?.id).toBe(11);
    expect(top.unread_count).toBe(3);
    expect(top.last_activity_at).toBe(message(11).created_at);
  });

  it("does not count my own message, nor move a conversation for an older message", () => {
    const data = list([summary("a", 10), summary("b", 8, 1)]);
    const mine = moveConversationToTop(data, message(12, ME, "b"), false);
    expect(order(mine.data)).toEqual([["b", "a"]]);
    expect(mine.data.pages[0].conversations[0].unread_count).toBe(1);
    const late = moveConversationToTop(data, message(7, PARTNER, "b"), false);
    expect(order(late.data)).toEqual([["a", "b"]]);
    expect(late.data.pages[0].conversations[1].last_message?.id).toBe(8);
  });

  it("says when it does not hold the conversation (a new one: ask the server again)", () => {
    const data = list([summary("a", 10)]);
    expect(moveConversationToTop(data, message(11, PARTNER, "z"), true)).toEqual({ data, found: false });
  });

  it("clears my unread count when I read, and shows my last message read when the partner does", () => {
    const data = list([summary("a", 10, 3)]);
    const mine = markConversationRead(data, { conversation_id: "a", reader_id: ME, up_to_id: 10 }, ME);
    expect(mine.pages[0].conversations[0].unread_count).toBe(0);
    expect(mine.pages[0].conversations[0].last_message?.read).toBe(true);

    const sent: ConversationsData = list([{ ...summary("a", null), last_message: message(12, ME, "a") }]);
    const theirs = markConversationRead(sent, { conversation_id: "a", reader_id: PARTNER, up_to_id: 12 }, ME);
    expect(theirs.pages[0].conversations[0].last_message?.read).toBe(true);
  });
});
