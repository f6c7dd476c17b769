// The header's realtime pieces for a signed-in user, in a chunk of their own (the header imports
// this module lazily, so neither the realtime client nor partysocket is in the first load of /).
// Each piece keeps the realtime client running while it is mounted (one client per tab, however
// many pieces ask): the desktop navigation's badge is always mounted for a signed-in user.
import { MessageCircle } from "lucide-react";
import { Link } from "react-router-dom";
import { useTranslation } from "@web/lib/i18n";
import { useRealtimeSession, useUnreadCount } from "@web/lib/realtime/hooks";

/**
 * The count, visible as a number; in words ("3 messages non lus") in a hidden element the link names
 * as its description (`aria-describedby`), so the link's name stays "Messages".
 */
function Count({ count, id }: { count: number; id: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="unread-badge"
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-glow-400 px-1.5 text-xs leading-5 font-bold text-night-950"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span id={id} hidden>
        {count === 1 ? t("nav.unread.one") : t("nav.unread.many", { count })}
      </span>
    </span>
  );
}

/**
 * The number of unread messages (described by `id`), nothing at 0: beside "Messages" in the menus, or
 * (`shortcut`) as the phone's Messages link, one tap away where the menu hides the navigation.
 * The header's default import, lazily.
 */
export default function Unread({ profileId, id, shortcut }: { profileId: string; id: string; shortcut?: boolean }) {
  const { t } = useTranslation();
  useRealtimeSession(profileId);
  const count = useUnreadCount();
  if (shortcut) {
    return (
      <Link
        to="/messages"
        aria-label={t("nav.messages")}
        aria-describedby={count > 0 ? id : undefined}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-white/10 md:hidden"
      >
        <MessageCircle aria-hidden="true" className="h-6 w-6" />
        {count > 0 && (
          <span className="absolute -top-0.5 -right-0.5">
            <Count count={count} id={id} />
          </span>
        )}
      </Link>
    );
  }
  if (count <= 0) return null;
  return (
    <span className="ml-1.5">
      <Count count={count} id={id} />
    </span>
  );
}
