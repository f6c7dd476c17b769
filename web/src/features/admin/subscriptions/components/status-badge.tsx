import type { SubscriptionStatus } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { adminSubscriptionsTexts } from "../texts";

const TONES: Record<SubscriptionStatus, BadgeTone> = {
  active: "green",
  trialing: "blue",
  paused: "amber",
  canceled: "slate",
  past_due: "red",
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation(adminSubscriptionsTexts);
  return (
    <Badge tone={TONES[status]} testId="subscription-status">
      {t(`adminSubscriptions.statuses.${status}`)}
    </Badge>
  );
}
