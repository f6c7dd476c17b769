import { clsx } from "clsx";
import { MessageCircle, SearchX } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { SEARCH_INPUT_DELAY_MS } from "@db/constants/search-filters";
import { CONVERSATION_FILTER_MAX_LENGTH, type ConversationSummary } from "@db/validators/messages";
import { FilterField } from "@web/components/form/filter-field";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/page-states";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useConversations } from "../api/list-conversations";
import { messagesTexts } from "../texts";
import { RoleLabel, UnreadCount } from "./labels";
import { TimeLabel } from "./time-label";

const SKELETON_ROWS = 5;

/** The box's text, sent to the server once typing pauses. */
function useNameFilter() {
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const wanted = input.trim();
    if (wanted === query) return;
    const timer = setTimeout(() => setQuery(wanted), SEARCH_INPUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input, query]);
  const clear = () => {
    setInput("");
    setQuery("");
  };
  return { input, setInput, query, clear };
}

/** The left panel: search box, conversations (newest activity first, page after page), empty states. */
export function ConversationList({
  me,
  selectedId,
  className,
}: {
  me: string;
  selectedId: string | null;
  className?: string;
}) {
  const { t } = useTranslation(messagesTexts);
  const filter = useNameFilter();
  const list = useConversations(filter.query);

  // Each failure says so once, in an error toast; the panel offers a retry.
  useEffect(() => {
    if (list.isError && !list.isFetching) {
      console.error("conversations failed to load", list.error);
      notify.error(t("messages.list.loadError"));
    }
  }, [list.isError, list.isFetching, list.error, list.errorUpdatedAt, t]);

  // A conversation moved to the top by a new message may also sit on a later page: once.
  const conversations = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.conversations)
      .filter((conversation) => !seen.has(conversation.id) && seen.add(conversation.id));
  }, [list.data]);

  return (
    <section
      aria-labelledby="conversations-heading"
      className={clsx("min-h-0 min-w-0 flex-col border-night-100 md:border-r", className)}
    >
      <h2 id="conversations-heading" className="sr-only">
        {t("messages.list.title")}
      </h2>
      <FilterField
        id="conversation-filter"
        label={t("messages.list.searchLabel")}
        hideLabel
        placeholder={t("messages.list.searchPlaceholder")}
        value={filter.input}
        maxLength={CONVERSATION_FILTER_MAX_LENGTH}
        onChange={filter.setInput}
        className="border-b border-night-100 p-3"
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <div role="status" aria-label={t("messages.list.loading")}>
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <div key={index} className="flex animate-pulse gap-3 px-3 py-3">
                <span className="h-10 w-10 rounded-full bg-night-100" />
                <span className="flex-1 space-y-2 pt-1">
                  <span className="block h-3 w-2/3 rounded bg-night-100" />
                  <span className="block h-3 w-1/2 rounded bg-night-50" />
                </span>
              </div>
            ))}
          </div>
        ) : list.isError && conversations.length === 0 ? (
          <LoadError variant="panel" message={t("messages.list.loadError")} onRetry={() => void list.refetch()} />
        ) : conversations.length === 0 ? (
          filter.query ? (
            <div className="flex flex-col items-center p-6 text-center">
              <SearchX aria-hidden="true" className="h-8 w-8 text-night-600" />
              <p className="mt-3 font-semibold text-night-900">{t("messages.list.noMatch", { query: filter.query })}</p>
              <Button className="mt-4" variant="secondary" size="sm" onClick={filter.clear}>
                {t("messages.list.clearSearch")}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col items-center p-6 text-center">
              <MessageCircle aria-hidden="true" className="h-8 w-8 text-night-600" />
              <p className="mt-3 font-semibold text-night-900">{t("messages.list.empty")}</p>
              <p className="mt-2 text-sm text-slate-700">{t("messages.list.emptyHint")}</p>
            </div>
          )
        ) : (
          <>
            <ul aria-busy={list.isPlaceholderData || undefined}>
              {conversations.map((conversation) => (
                <li key={conversation.id} className="border-b border-night-50">
                  <ConversationItem conversation={conversation} me={me} selected={conversation.id === selectedId} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="p-3 text-center">
                <Button
                  variant="ghost"
                  size="sm"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t("messages.list.loadMore")}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function ConversationItem({
  conversation,
  me,
  selected,
}: {
  conversation: ConversationSummary;
  me: string;
  selected: boolean;
}) {
  const { t } = useTranslation(messagesTexts);
  const { partner, last_message: last, unread_count: unread } = conversation;
  const name = `${partner.first_name} ${partner.last_name}`;
  const preview = !last
    ? t("messages.list.noMessage")
    : last.sender_id === me
      ? t("messages.list.fromYou", { content: last.removed ? t("messages.thread.removed") : last.content })
      : last.removed
        ? t("messages.thread.removed")
        : last.content;
  return (
    <Link
      to={`/messages/${conversation.id}`}
      aria-current={selected ? "page" : undefined}
      data-conversation-id={conversation.id}
      className={clsx(
        "flex gap-3 border-l-4 px-3 py-3 hover:bg-night-50",
        selected ? "border-glow-500 bg-night-50" : "border-transparent",
      )}
    >
      <Avatar photoUrl={partner.photo_url} name={name} size="sm" decorative />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={clsx("truncate text-night-900", unread > 0 ? "font-bold" : "font-semibold")}>{name}</span>
          <TimeLabel
            iso={last?.created_at ?? conversation.last_activity_at}
            className="shrink-0 text-xs text-slate-700"
          />
        </span>
        <RoleLabel userType={partner.user_type} className="block text-xs text-slate-700" />
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={clsx("truncate text-sm", unread > 0 ? "font-semibold text-night-900" : "text-slate-700")}>
            {preview}
          </span>
          <UnreadCount count={unread} />
        </span>
      </span>
    </Link>
  );
}
