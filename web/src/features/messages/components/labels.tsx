import type { UserType } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import { messagesTexts } from "../texts";

const ROLE_KEYS: Record<UserType, string> = {
  parent: "messages.roles.parent",
  babysitter: "messages.roles.babysitter",
  admin: "messages.roles.admin",
  agency: "messages.roles.agency",
};

/** 'Parent' or 'Baby-sitter', the role label beside a name in the messages. */
export function RoleLabel({ userType, className }: { userType: UserType; className?: string }) {
  const { t } = useTranslation(messagesTexts);
  return <span className={className}>{t(ROLE_KEYS[userType])}</span>;
}

/** A conversation's unread messages: the number, said in full to screen readers; nothing at 0. */
export function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation(messagesTexts);
  if (count <= 0) return null;
  return (
    <span
      data-testid="conversation-unread"
      className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-glow-400 px-1.5 text-xs leading-5 font-bold text-night-950"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("messages.list.unread", { count })}</span>
    </span>
  );
}
