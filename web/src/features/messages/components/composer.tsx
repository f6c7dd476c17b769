import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH } from "@db/constants/limits";
import { Button } from "@web/components/ui/button";
import { UnverifiedNote } from "@web/components/unverified-note";
import { ApiError } from "@web/lib/api-client";
import { useEmailUnverified } from "@web/lib/email-verification";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { setSession } from "@web/lib/session";
import { newClientId, send } from "../outbox";
import { messagesTexts } from "../texts";

/** The counter shows once the text comes this close to MESSAGE_MAX_LENGTH. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

/** What was typed in each conversation and not sent yet: switching conversations loses nothing. */
const drafts = new Map<string, string>();

/** The toast of a refused send: 'Erreur lors de l'envoi du message', or the server's when it says why (too many). */
function sendErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 429 && error.message) return error.message;
  return t("messages.composer.sendError");
}

/**
 * The text box and its button: trimmed content, never empty, at most MESSAGE_MAX_LENGTH; the box is
 * disabled while sending; a refusal keeps the text in the box. Enter sends, Shift+Enter goes to a
 * new line.
 */
export function Composer({ conversationId, me }: { conversationId: string; me: string }) {
  const unverified = useEmailUnverified();
  const noteId = useId();
  // An unconfirmed email may read its conversations but not write (the server would answer 403).
  if (unverified) {
    return (
      <div className="border-t border-night-100 bg-white p-3">
        <UnverifiedNote id={noteId} />
      </div>
    );
  }
  return <MessageComposer conversationId={conversationId} me={me} />;
}

function MessageComposer({ conversationId, me }: { conversationId: string; me: string }) {
  const { t } = useTranslation(messagesTexts);
  const [text, setTextState] = useState(() => drafts.get(conversationId) ?? "");
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  /** The last refused text and its key: sending the same text again reuses the key (sent once). */
  const refused = useRef<{ content: string; clientId: string } | null>(null);
  const hintId = useId();
  const counterId = useId();
  const content = text.trim();
  const canSend = content.length > 0 && content.length <= MESSAGE_MAX_LENGTH && !sending;

  const setText = (value: string) => {
    setTextState(value);
    if (value) drafts.set(conversationId, value);
    else drafts.delete(conversationId);
  };

  // The box is ready to type in when a conversation opens on a wide screen (a phone would pop its
  // keyboard over the thread), and comes back to the writer once a message left (it was disabled).
  const wasSending = useRef(false);
  useEffect(() => {
    const opened = !wasSending.current && window.matchMedia("(min-width: 768px)").matches;
    if (!sending && (wasSending.current || opened)) box.current?.focus({ preventScroll: true });
    wasSending.current = sending;
  }, [sending]);

  const submit = async () => {
    if (!canSend) return;
    const clientId = refused.current?.content === content ? refused.current.clientId : newClientId();
    setSending(true);
    try {
      const outcome = await send({ client_id: clientId, conversation_id: conversationId, content, sender_id: me });
      refused.current = null;
      setText("");
      if (outcome === "queued") notify.info(t("messages.composer.queued"));
    } catch (error) {
      refused.current = { content, clientId };
      console.error("message send failed", error);
      notify.error(sendErrorText(error, t));
      if (error instanceof ApiError && error.status === 401) setSession(null);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="border-t border-night-100 bg-white p-3">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`composer-${conversationId}`} className="sr-only">
            {t("messages.composer.label")}
          </label>
          <textarea
            ref={box}
            id={`composer-${conversationId}`}
            rows={1}
            value={text}
            disabled={sending}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={t("messages.composer.placeholder")}
            aria-describedby={content.length >= COUNTER_FROM ? `${hintId} ${counterId}` : hintId}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="block max-h-40 min-h-11 w-full resize-none rounded-xl border border-night-600 bg-white px-3 py-2.5 text-night-900 [field-sizing:content] placeholder:text-slate-600 disabled:bg-night-50"
          />
        </div>
        <Button type="submit" disabled={!canSend} loading={sending} className="h-11 shrink-0">
          {!sending && <SendHorizontal aria-hidden="true" className="h-4 w-4" />}
          <span className="max-sm:sr-only">{t("messages.composer.send")}</span>
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-3 text-xs text-slate-700">
        <p id={hintId} className="max-sm:sr-only">
          {t("messages.composer.hint")}
        </p>
        {content.length >= COUNTER_FROM && (
          <p id={counterId} aria-live="polite">
            {t("messages.composer.count", { count: content.length, max: MESSAGE_MAX_LENGTH })}
          </p>
        )}
      </div>
    </form>
  );
}
