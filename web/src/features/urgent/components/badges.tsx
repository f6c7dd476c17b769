// The state of an urgent request: the family's (open, filled, expired, cancelled) and, on a
// babysitter's list, hers (open, taken, mine, closed, declined). Each its own colour, every pair
// AA-contrasted; the label says it for everyone.
import { clsx } from "clsx";
import type { UrgentRequestStatus } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import type { IncomingRequest } from "../api/urgent-requests";
import { urgentTexts } from "../texts";

const BADGE =
  "inline-flex max-w-[14rem] shrink-0 items-center rounded-full px-3 py-1 text-center text-xs font-semibold ring-1 ring-inset";

const STATUS_COLOURS: Record<UrgentRequestStatus, string> = {
  open: "bg-amber-100 text-amber-900 ring-amber-300",
  filled: "bg-green-100 text-green-900 ring-green-300",
  expired: "bg-slate-200 text-slate-800 ring-slate-400",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-400",
};

export function UrgentStatusBadge({ status }: { status: UrgentRequestStatus }) {
  const { t } = useTranslation(urgentTexts);
  return (
    <span data-testid="urgent-status" className={clsx(BADGE, STATUS_COLOURS[status])}>
      {t(`urgent.status.${status}`)}
    </span>
  );
}

const STATE_COLOURS: Record<IncomingRequest["state"], string> = {
  open: "bg-amber-100 text-amber-900 ring-amber-300",
  mine: "bg-green-100 text-green-900 ring-green-300",
  taken: "bg-slate-200 text-slate-800 ring-slate-400",
  closed: "bg-slate-200 text-slate-800 ring-slate-400",
  declined: "bg-slate-200 text-slate-800 ring-slate-400",
};

export function IncomingStateBadge({ state }: { state: IncomingRequest["state"] }) {
  const { t } = useTranslation(urgentTexts);
  return (
    <span data-testid="urgent-state" className={clsx(BADGE, STATE_COLOURS[state])}>
      {t(`urgent.incoming.state.${state}`)}
    </span>
  );
}

/** "Léa (5 ans), Tom (3 ans)". */
export function useChildrenText() {
  const { t } = useTranslation(urgentTexts);
  return (children: { first_name: string; age: number }[]) =>
    children.map((child) => t("urgent.childAge", { name: child.first_name, count: child.age })).join(", ");
}
