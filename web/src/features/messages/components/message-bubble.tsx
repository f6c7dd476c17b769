import { clsx } from "clsx";
import { createContext, type ReactNode, use } from "react";
import type { Message } from "@db/validators/messages";
import { useTranslation } from "@web/lib/i18n";
import { discard, type PendingMessage, retry } from "../outbox";
import { messagesTexts } from "../texts";
import { TimeLabel } from "./time-label";

/** A message on screen: the server's, or one still in this tab's outbox. */
export type ThreadItem = { kind: "sent"; message: Message } | { kind: "pending"; pending: PendingMessage };

const STATE_KEYS = {
  sent: "messages.thread.state.sent",
  read: "messages.thread.state.read",
  waiting: "messages.thread.state.waiting",
  sending: "messages.thread.state.sending",
  failed: "messages.thread.state.failed",
} as const;

/**
 * Drawn beside each bubble the server sent (the 'Signaler' control, another feature's): the app
 * provides it around the page (app/router.tsx).
 */
export const MessageActionContext = createContext<((message: Message, me: string) => ReactNode) | null>(null);

/** One bubble: mine on the right with its state ('Envoyé', 'Lu', 'Envoi…'), the partner's on the left. */
export function MessageBubble({ item, me, partnerName }: { item: ThreadItem; me: string; partnerName: string }) {
  const { t } = useTranslation(messagesTexts);
  const messageAction = use(MessageActionContext);
  const own = item.kind === "pending" || item.message.sender_id === me;
  const removed = item.kind === "sent" && item.message.removed;
  const content = removed
    ? t("messages.thread.removed")
    : item.kind === "sent"
      ? item.message.content
      : item.pending.content;
  const createdAt = item.kind === "sent" ? item.message.created_at : item.pending.created_at;
  const state = item.kind === "pending" ? item.pending.state : own ? (item.message.read ? "read" : "sent") : null;

  return (
    <li
      className={clsx("flex", own ? "justify-end" : "justify-start")}
      data-message-id={item.kind === "sent" ? item.message.id : undefined}
      data-client-id={item.kind === "sent" ? (item.message.client_id ?? undefined) : item.pending.client_id}
      data-own={own || undefined}
      data-state={state ?? undefined}
    >
      <div
        className={clsx(
          "max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%]",
          own
            ? "rounded-br-md bg-night-900 text-white"
            : "rounded-bl-md border border-night-100 bg-night-50 text-night-900",
          item.kind === "pending" && item.pending.state !== "failed" && "opacity-80",
        )}
      >
        <p className="sr-only">{own ? t("messages.thread.you") : partnerName}</p>
        <p className={clsx("break-words whitespace-pre-wrap", removed && "italic")} data-removed={removed || undefined}>
          {content}
        </p>
        <p className={clsx("mt-1 flex justify-end gap-1.5 text-xs", own ? "text-night-100" : "text-slate-700")}>
          <TimeLabel iso={createdAt} />
          {state && (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="message-state">{t(STATE_KEYS[state])}</span>
            </>
          )}
        </p>
        {item.kind === "pending" && item.pending.state === "failed" && (
          <p className="mt-1.5 flex justify-end gap-2">
            <button
              type="button"
              onClick={() => retry(item.pending.client_id)}
              className="min-h-6 rounded-lg bg-white/15 px-2 text-xs font-semibold hover:bg-white/25"
            >
              {t("messages.thread.retry")}
            </button>
            <button
              type="button"
              onClick={() => discard(item.pending.client_id)}
              className="min-h-6 rounded-lg bg-white/15 px-2 text-xs font-semibold hover:bg-white/25"
            >
              {t("messages.thread.discard")}
            </button>
          </p>
        )}
      </div>
      {item.kind === "sent" && messageAction?.(item.message, me)}
    </li>
  );
}
