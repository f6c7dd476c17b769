// The state of an urgent request: the family's (open, filled, expired, cancelled) and, on a
// babysitter's list, hers (open, taken, mine, closed, declined), in the app's status badge
// (components/ui/badge.tsx: AA-contrasted tones; the label says it for everyone).
import type { UrgentRequestStatus } from "@db/schema/enums";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { useTranslation } from "@web/lib/i18n";
import type { IncomingRequest } from "../api/urgent-requests";
import { urgentTexts } from "../texts";

const STATUS_TONES: Record<UrgentRequestStatus, BadgeTone> = {
  open: "amber",
  filled: "green",
  expired: "slate",
  cancelled: "slate",
};

export function UrgentStatusBadge({ status }: { status: UrgentRequestStatus }) {
  const { t } = useTranslation(urgentTexts);
  return (
    <Badge tone={STATUS_TONES[status]} testId="urgent-status" long>
      {t(`urgent.status.${status}`)}
    </Badge>
  );
}

const STATE_TONES: Record<IncomingRequest["state"], BadgeTone> = {
  open: "amber",
  mine: "green",
  taken: "slate",
  closed: "slate",
  declined: "slate",
};

export function IncomingStateBadge({ state }: { state: IncomingRequest["state"] }) {
  const { t } = useTranslation(urgentTexts);
  return (
    <Badge tone={STATE_TONES[state]} testId="urgent-state" long>
      {t(`urgent.incoming.state.${state}`)}
    </Badge>
  );
}

/** "Léa (5 ans), Tom (3 ans)". */
export function useChildrenText() {
  const { t } = useTranslation(urgentTexts);
  return (children: { first_name: string; age: number }[]) =>
    children.map((child) => t("urgent.childAge", { name: child.first_name, count: child.age })).join(", ");
}
