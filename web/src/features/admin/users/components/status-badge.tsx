import type { AccountStatus } from "@db/validators/admin-users";
import { useTranslation } from "@web/lib/i18n";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { adminUsersTexts } from "../texts";

const TONES: Record<AccountStatus, BadgeTone> = { active: "green", suspended: "red", deleted: "slate" };

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation(adminUsersTexts);
  return (
    <Badge tone={TONES[status]} testId="account-status">
      {t(`adminUsers.statuses.${status}`)}
    </Badge>
  );
}
