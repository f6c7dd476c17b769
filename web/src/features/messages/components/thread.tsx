import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { ConversationSummary } from "@db/validators/messages";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/page-states";
import { Spinner } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { queryClient } from "@web/lib/query-client";
import { setWatchedConversation } from "@web/lib/realtime/cache";
import { useRealtimeEvents, useRealtimeStatus } from "@web/lib/realtime/hooks";
import { messageKeys } from "@web/lib/realtime/keys";
import { threadMessages } from "@web/lib/realtime/merge";
import { useConversation } from "../api/get-conversation";
import { useThread } from "../api/list-messages";
import { markConversationRead } from "../api/mark-read";
import { usePendingMessages } from "../outbox";
import { messagesTexts } from "../texts";
import { Composer } from "./composer";
import { RoleLabel } from "./labels";
import { MessageBubble, type ThreadItem } from "./message-bubble";

/** Within this many pixels of the bottom, the reader is "at the bottom": new messages scroll into view. */
const BOTTOM_SLACK_PX = 64;
/** Older messages load when the reader scrolls this close to the top. */
const TOP_SLACK_PX = 120;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The right panel for one conversation: header, messages (older ones on scroll), composer. */
export function Thread({ conversationId, me }: { conversationId: string; me: string }) {
  const { t } = useTranslation(messagesTexts);
  const summary = useConversation(conversationId);
  const thread = useThread(conversationId);
  const notFound = isNotFound(summary.error) || isNotFound(thread.error);

  // While this thread is on screen, its new messages are read at once, never counted unread.
  useEffect(() => {
    setWatchedConversation(conversationId);
    return () => setWatchedConversation(null);
  }, [conversationId]);

  const failed = thread.isError && !notFound && !thread.isFetching;
  useEffect(() => {
    if (failed) {
      console.error("messages failed to load", thread.error);
      notify.error(t("messages.thread.loadError"));
    }
  }, [failed, thread.error, thread.errorUpdatedAt, t]);

  if (notFound) return <NotFound />;

  const partner = summary.data?.partner;
  const name = partner ? `${partner.first_name} ${partner.last_name}` : "";
  return (
    <section aria-labelledby="thread-heading" className="flex min-h-0 flex-1 flex-col">
      <ThreadHeader summary={summary.data} />
      {thread.isPending || !summary.data ? (
        <div className="flex flex-1 items-center justify-center text-night-700">
          {failed || summary.isError ? (
            <LoadError
              variant="panel"
              message={t("messages.thread.loadError")}
              onRetry={() => void Promise.all([thread.refetch(), summary.refetch()])}
            />
          ) : (
            <Spinner label={t("messages.thread.loading")} />
          )}
        </div>
      ) : thread.isError && !thread.data ? (
        <div className="flex flex-1 items-center justify-center">
          <LoadError variant="panel" message={t("messages.thread.loadError")} onRetry={() => void thread.refetch()} />
        </div>
      ) : (
        <Messages
          conversationId={conversationId}
          me={me}
          partnerName={name}
          thread={thread}
          unreadCount={summary.data.unread_count}
        />
      )}
      <Composer key={conversationId} conversationId={conversationId} me={me} />
    </section>
  );
}

function ThreadHeader({ summary }: { summary: ConversationSummary | undefined }) {
  const { t } = useTranslation(messagesTexts);
  const partner = summary?.partner;
  const name = partner ? `${partner.first_name} ${partner.last_name}` : "";
  return (
    <header className="flex min-h-16 items-center gap-3 border-b border-night-100 px-3 py-2">
      <Link
        to="/messages"
        aria-label={t("messages.thread.back")}
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-night-900 hover:bg-night-50 md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
      </Link>
      {partner && <Avatar photoUrl={partner.photo_url} name={name} size="sm" decorative />}
      <div className="min-w-0">
        <h2 id="thread-heading" className="truncate font-semibold text-night-900">
          {name || <span className="sr-only">{t("messages.thread.loading")}</span>}
        </h2>
        {partner && <RoleLabel userType={partner.user_type} className="block text-xs text-slate-700" />}
      </div>
    </header>
  );
}

/** A conversation that does not exist, or not the reader's (the server answers 404 to both). */
function NotFound() {
  const { t } = useTranslation(messagesTexts);
  return (
    <section
      aria-labelledby="thread-not-found"
      className="flex flex-1 flex-col items-center justify-center p-6 text-center"
    >
      <MessageSquareOff aria-hidden="true" className="h-10 w-10 text-night-600" />
      <h2 id="thread-not-found" className="mt-3 text-lg font-semibold text-night-900">
        {t("messages.thread.notFound.title")}
      </h2>
      <p className="mt-2 max-w-sm text-slate-700">{t("messages.thread.notFound.text")}</p>
      <Link to="/messages" className="mt-4 font-semibold text-night-900 underline md:hidden">
        {t("messages.thread.back")}
      </Link>
    </section>
  );
}

/**
 * POSTs /read while the thread shows a message to me that is unread and the tab is visible: on
 * opening, and for each new message that arrives while it is open. Once per newest unread id.
 */
function useMarkRead(conversationId: string, me: string, newestUnread: number | null, wanted: boolean) {
  const asked = useRef<string | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
  useEffect(() => {
    if (!wanted || !visible) return;
    const key = `${conversationId}:${newestUnread ?? "summary"}`;
    if (asked.current === key) return;
    asked.current = key;
    markConversationRead(conversationId, me).catch((error: unknown) => {
      console.error("marking the conversation read failed", error);
      asked.current = null;
    });
  }, [conversationId, me, newestUnread, wanted, visible]);
}

type ThreadQuery = ReturnType<typeof useThread>;

function Messages({
  conversationId,
  me,
  partnerName,
  thread,
  unreadCount,
}: {
  conversationId: string;
  me: string;
  partnerName: string;
  thread: ThreadQuery;
  /** The summary's count: unread messages maybe older than the pages loaded. */
  unreadCount: number;
}) {
  const { t } = useTranslation(messagesTexts);
  const status = useRealtimeStatus();
  const messages = useMemo(() => threadMessages(thread.data), [thread.data]);
  const pending = usePendingMessages();

  // Server messages, then this conversation's messages still in the outbox (unless already stored).
  const items = useMemo<ThreadItem[]>(() => {
    const stored = new Set(messages.map((message) => message.client_id).filter(Boolean));
    return [
      ...messages.map((message): ThreadItem => ({ kind: "sent", message })),
      ...pending
        .filter((entry) => entry.conversation_id === conversationId && !stored.has(entry.client_id))
        .map((entry): ThreadItem => ({ kind: "pending", pending: entry })),
    ];
  }, [messages, pending, conversationId]);

  const unreadToMe = messages.filter((message) => message.recipient_id === me && !message.read);
  const newestUnread = unreadToMe.length > 0 ? unreadToMe[unreadToMe.length - 1].id : null;
  useMarkRead(conversationId, me, newestUnread, newestUnread !== null || unreadCount > 0);

  // Announced to screen readers: a new message from the partner in this conversation.
  const [announcement, setAnnouncement] = useState("");
  const ownWaitingForRead = messages.some((message) => message.sender_id === me && !message.read);
  useRealtimeEvents((event) => {
    if (event.type === "message" && event.fresh && event.message.conversation_id === conversationId) {
      if (event.message.sender_id !== me) {
        setAnnouncement(
          t("messages.thread.newMessage", {
            name: partnerName,
            content: event.message.removed ? t("messages.thread.removed") : event.message.content,
          }),
        );
      }
    }
    // Receipts only come through the socket: while polling, ask the thread again for 'Lu'.
    if (event.type === "polled" && ownWaitingForRead && status !== "live") {
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(conversationId) });
    }
  });

  const { scroller, onScroll, loadOlder } = useThreadScroll(items, thread, me);

  return (
    <>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto bg-white px-3 py-4 sm:px-5"
        data-testid="thread-scroller"
      >
        {thread.hasNextPage && (
          <div className="mb-3 text-center">
            <Button variant="ghost" size="sm" loading={thread.isFetchingNextPage} onClick={loadOlder}>
              {t("messages.thread.loadOlder")}
            </Button>
          </div>
        )}
        {items.length === 0 ? (
          <p className="py-10 text-center text-slate-700">{t("messages.thread.empty")}</p>
        ) : (
          <ol aria-label={t("messages.thread.listLabel", { name: partnerName })} className="flex flex-col gap-2">
            {items.map((item) => (
              <MessageBubble
                key={item.kind === "sent" ? `m${item.message.id}` : `p${item.pending.client_id}`}
                item={item}
                me={me}
                partnerName={partnerName}
              />
            ))}
          </ol>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

const itemKey = (item: ThreadItem | undefined) =>
  !item ? undefined : item.kind === "sent" ? `m${item.message.id}` : `p${item.pending.client_id}`;

const isMine = (item: ThreadItem | undefined, me: string) =>
  !!item && (item.kind === "pending" || item.message.sender_id === me);

/**
 * The thread's scrolling: it opens at the bottom; a new message scrolls into view when the reader
 * is at the bottom (or wrote it); scrolling near the top loads older messages and keeps what the
 * reader was looking at in place.
 */
function useThreadScroll(items: ThreadItem[], thread: ThreadQuery, me: string) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Before older messages load: the view's distance from the content's end, and the oldest item then. */
  const keep = useRef<{ fromEnd: number; oldest: string | undefined } | null>(null);
  const previousNewest = useRef<string | undefined>(undefined);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const oldestKey = itemKey(items[0]);

  const loadOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    keep.current = { fromEnd: element.scrollHeight - element.scrollTop, oldest: oldestKey };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, oldestKey]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    if (element.scrollTop < TOP_SLACK_PX) loadOlder();
  };

  const newest = items[items.length - 1];
  const newestKey = itemKey(newest);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keep.current && keep.current.oldest !== oldestKey) {
      element.scrollTop = element.scrollHeight - keep.current.fromEnd;
      keep.current = null;
    }
    if (newestKey !== previousNewest.current) {
      const first = previousNewest.current === undefined;
      if (first || atBottom.current || isMine(newest, me)) {
        element.scrollTop = element.scrollHeight;
        atBottom.current = true;
      }
      previousNewest.current = newestKey;
    }
  });

  // A first page too short to scroll cannot be scrolled up: load the older ones until it can.
  useEffect(() => {
    const element = scroller.current;
    if (element && element.scrollHeight <= element.clientHeight && hasNextPage && !isFetchingNextPage) loadOlder();
  }, [items.length, hasNextPage, isFetchingNextPage, loadOlder]);

  return { scroller, onScroll, loadOlder };
}
