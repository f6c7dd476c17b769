// /messages and /messages/{conversationId}: the conversations on the left, the open thread on the
// right (one or the other on a phone, with a back button), live through the realtime client the
// header started (lib/realtime), which falls back to polling when the socket cannot open.
// /messages?to={profileId} (the 'Message' buttons of a sitter's page and of bookings) opens or
// starts the conversation, then shows it.
import { clsx } from "clsx";
import { MessagesSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { PageSpinner } from "@web/components/ui/spinner";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify, preloadToasts } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useSession } from "@web/lib/session";
import { useStartConversation } from "./api/start-conversation";
import { ConversationList } from "./components/conversation-list";
import { RealtimeStatusNote } from "./components/realtime-status";
import { Thread } from "./components/thread";
import { setRefusalHandler } from "./outbox";
import { messagesTexts } from "./texts";

export function MessagesPage() {
  const { t } = useTranslation(messagesTexts);
  useDocumentTitle(t("pages.messages"));
  const { conversationId } = useParams();
  const [params] = useSearchParams();
  const { data: profile } = useSession();
  const partnerId = params.get("to");

  // Toasts must work offline here ('Hors ligne : …'): their code comes while the network is there.
  useEffect(preloadToasts, []);

  // A waiting message the server refused when it finally went out: said once, kept as 'Non envoyé'.
  useEffect(() => {
    setRefusalHandler((error) => {
      console.error("a waiting message was refused", error);
      const text =
        error instanceof ApiError && error.status === 429 && error.message
          ? error.message
          : t("messages.composer.sendError");
      notify.error(text);
    });
  }, [t]);

  if (!profile) return null; // the route's guard waits for the session
  if (partnerId) return <StartConversation partnerId={partnerId} />;
  return <Inbox me={profile.id} conversationId={conversationId ?? null} />;
}

/** POST /api/conversations {partner_id}, then the conversation (replacing ?to= in the history). */
function StartConversation({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation(messagesTexts);
  const navigate = useNavigate();
  const { mutateAsync } = useStartConversation();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === partnerId) return;
    asked.current = partnerId;
    mutateAsync({ partner_id: partnerId }).then(
      (conversation) => navigate(`/messages/${conversation.id}`, { replace: true }),
      (error: unknown) => {
        console.error("the conversation could not be opened", error);
        notify.error(serverMessage(error, t, "messages.start.failed"));
        navigate("/messages", { replace: true });
      },
    );
  }, [partnerId, mutateAsync, navigate, t]);
  return <PageSpinner label={t("messages.thread.loading")} />;
}

function Inbox({ me, conversationId }: { me: string; conversationId: string | null }) {
  const { t } = useTranslation(messagesTexts);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col py-4 sm:px-6 sm:py-6">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 sm:px-0">
        <h1 className="text-2xl font-bold tracking-tight text-night-900">{t("pages.messages")}</h1>
        <RealtimeStatusNote />
      </div>
      <div className="mt-3 grid h-[calc(100dvh-9.5rem)] min-h-[26rem] grid-cols-1 grid-rows-1 overflow-hidden border-y border-night-100 bg-white shadow-sm sm:rounded-2xl sm:border md:grid-cols-[minmax(16rem,22rem)_1fr]">
        <ConversationList me={me} selectedId={conversationId} className={conversationId ? "hidden md:flex" : "flex"} />
        <div className={clsx("min-h-0 min-w-0 flex-col", conversationId ? "flex" : "hidden md:flex")}>
          {conversationId ? <Thread key={conversationId} conversationId={conversationId} me={me} /> : <Choose />}
        </div>
      </div>
    </div>
  );
}

function Choose() {
  const { t } = useTranslation(messagesTexts);
  return (
    <div className="flex flex-1 flex-col items-center justify-center p-6 text-center">
      <MessagesSquare aria-hidden="true" className="h-10 w-10 text-night-600" />
      <p className="mt-3 max-w-xs font-semibold text-night-900">{t("messages.thread.choose")}</p>
    </div>
  );
}
