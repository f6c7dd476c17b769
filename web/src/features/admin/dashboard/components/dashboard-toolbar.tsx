// Above the figures: the period (7 days to a year), the dates it covers, when the figures were
// computed ('Mis à jour à 14:05', Paris time) and 'Actualiser', which asks the server again. The
// button stays focusable while the figures reload (its icon turns and the status line says so),
// so a keyboard user's focus never drops to the page.
import { clsx } from "clsx";
import { RefreshCw } from "lucide-react";
import { useId } from "react";
import { type AdminDashboard, DASHBOARD_PERIODS, type DashboardPeriod } from "@db/validators/admin-dashboard";
import { Button } from "@web/components/ui/button";
import { formatClockTime, formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { adminDashboardTexts } from "../texts";

type ToolbarProps = {
  period: DashboardPeriod;
  onPeriod: (period: DashboardPeriod) => void;
  /** The figures on screen, if any yet (their period's dates: the analytics page shares this bar). */
  data: Pick<AdminDashboard, "from" | "to"> | undefined;
  fetching: boolean;
  /** The last refresh failed (the figures on screen are older). */
  failed: boolean;
  onRefresh: () => void;
};

export function DashboardToolbar({ period, onPeriod, data, fetching, failed, onRefresh }: ToolbarProps) {
  const { t, language } = useTranslation(adminDashboardTexts);
  const selectId = useId();
  const time = data && formatClockTime(data.to, language);
  // Nothing to say before the first figures: the page's skeleton announces the loading.
  const status =
    time &&
    (fetching
      ? t("adminDashboard.toolbar.refreshing")
      : failed
        ? t("adminDashboard.toolbar.refreshError", { time })
        : t("adminDashboard.toolbar.updatedAt", { time }));
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 rounded-2xl border border-night-100 bg-white p-4 shadow-sm">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-semibold text-night-900">
          {t("adminDashboard.toolbar.period")}
        </label>
        <select
          id={selectId}
          value={period}
          onChange={(event) => onPeriod(event.target.value as DashboardPeriod)}
          className="h-11 w-44 max-w-full rounded-xl border border-night-600 bg-white px-3 text-sm text-night-900"
        >
          {DASHBOARD_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`adminDashboard.periods.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 text-sm text-slate-700">
          {data && (
            <p>
              {t("adminDashboard.toolbar.range", {
                from: formatDay(data.from, language),
                to: formatDay(data.to, language),
              })}
            </p>
          )}
          <p role="status" className={clsx(failed && !fetching && "font-semibold text-red-800")}>
            {status}
          </p>
        </div>
        <Button
          variant="ghost"
          className="h-11 border border-night-600"
          onClick={() => {
            if (!fetching) onRefresh();
          }}
        >
          <RefreshCw aria-hidden="true" className={clsx("h-4 w-4", fetching && "motion-safe:animate-spin")} />
          {t("adminDashboard.toolbar.refresh")}
        </Button>
      </div>
    </div>
  );
}
