import type { IdentityDocumentStatus } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { adminVerificationsTexts } from "../texts";

const TONES: Record<IdentityDocumentStatus, BadgeTone> = {
  pending: "amber",
  approved: "green",
  rejected: "red",
  expired: "slate",
};

export function DocumentStatusBadge({ status }: { status: IdentityDocumentStatus }) {
  const { t } = useTranslation(adminVerificationsTexts);
  return (
    <Badge tone={TONES[status]} testId="document-status">
      {t(`adminVerifications.statuses.${status}`)}
    </Badge>
  );
}
