import { clsx } from "clsx";
import type { SubscriptionStatus } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import { settingsTexts } from "../texts";

/** Each status its colour, every pair AA-contrasted; an unknown status reads 'Actif', the fallback. */
const COLOURS: Record<SubscriptionStatus, string> = {
  active: "bg-green-100 text-green-900 ring-green-300",
  trialing: "bg-blue-100 text-blue-900 ring-blue-300",
  paused: "bg-slate-200 text-slate-800 ring-slate-400",
  canceled: "bg-slate-200 text-slate-800 ring-slate-400",
  past_due: "bg-red-100 text-red-900 ring-red-300",
};

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(settingsTexts);
  const known: SubscriptionStatus = status in COLOURS ? (status as SubscriptionStatus) : "active";
  return (
    <span
      data-testid="subscription-status"
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset",
        COLOURS[known],
      )}
    >
      {t(`settings.subscription.status.${known}`)}
    </span>
  );
}
