// The header's realtime pieces for a signed-in user, in a chunk of their own (the header imports
// this module lazily, so neither the realtime client nor partysocket is in the first load of /).
// Each piece keeps the realtime client running while it is mounted (one client per tab, however
// many pieces ask): the desktop navigation's badge is always mounted for a signed-in user.
import { MessageCircle } from "lucide-react";
import { Link } from "react-router-dom";
import { useTranslation } from "@web/lib/i18n";
import { useRealtimeSession, useUnreadCount } from "@web/lib/realtime/hooks";

function Count({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="unread-badge"
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-glow-400 px-1.5 text-xs leading-5 font-bold text-night-950"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{count === 1 ? t("nav.unread.one") : t("nav.unread.many", { count })}</span>
    </span>
  );
}

/** Beside "Messages": the number of unread messages, said in full to screen readers; nothing at 0. */
export function UnreadBadge({ profileId }: { profileId: string }) {
  useRealtimeSession(profileId);
  const count = useUnreadCount();
  if (count <= 0) return null;
  return (
    <>
      {" "}
      <span className="ml-1">
        <Count count={count} />
      </span>
    </>
  );
}

/** On a phone, where the menu hides the navigation: Messages one tap away, with its count. */
export function MessagesShortcut({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  useRealtimeSession(profileId);
  const count = useUnreadCount();
  return (
    <Link
      to="/messages"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-white/10 md:hidden"
    >
      <MessageCircle aria-hidden="true" className="h-6 w-6" />
      <span className="sr-only">{t("nav.messages")}</span>
      {count > 0 && (
        <span className="absolute -top-0.5 -right-0.5">
          <Count count={count} />
        </span>
      )}
    </Link>
  );
}
