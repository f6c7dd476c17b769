import { clsx } from "clsx";
import type { AccountStatus } from "@db/validators/admin-users";
import { useTranslation } from "@web/lib/i18n";
import { adminUsersTexts } from "../texts";

/** Each status its own colour, every pair AA-contrasted; the word says it for everyone. */
const COLOURS: Record<AccountStatus, string> = {
  active: "bg-green-100 text-green-900 ring-green-300",
  suspended: "bg-red-100 text-red-900 ring-red-300",
  deleted: "bg-slate-200 text-slate-800 ring-slate-400",
};

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation(adminUsersTexts);
  return (
    <span
      data-testid="account-status"
      className={clsx(
        "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        COLOURS[status],
      )}
    >
      {t(`adminUsers.statuses.${status}`)}
    </span>
  );
}
