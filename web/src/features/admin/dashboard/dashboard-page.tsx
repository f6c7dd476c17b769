// /admin, the console's home: the period chosen in the URL, the eight KPI cards against the period
// before, the plans' revenue and the sign-ups as charts (each with its table), the latest audit
// entries, the sitters' responsiveness and the conversion funnel of the period's sign-ups (parents,
// sitters), all from GET /api/admin/dashboard. While another period loads, the figures on screen
// stay, dimmed and marked busy. The console's frame draws the title (h1) above.
import { clsx } from "clsx";
import { LoadError } from "@web/components/ui/page-states";
import { useTranslation } from "@web/lib/i18n";
import { useAdminDashboard } from "./api/get-dashboard";
import { GrowthChart, RevenueChart } from "./components/charts";
import { DashboardToolbar } from "./components/dashboard-toolbar";
import { FunnelCharts } from "./components/funnel";
import { KpiCards } from "./components/kpi-cards";
import { PerformanceSummary } from "./components/performance-summary";
import { RecentActivity } from "./components/recent-activity";
import { useDashboardPeriod } from "./period";
import { adminDashboardTexts } from "./texts";

export function DashboardPage() {
  const { t } = useTranslation(adminDashboardTexts);
  const [period, setPeriod] = useDashboardPeriod();
  const dashboard = useAdminDashboard(period);
  const { data } = dashboard;
  return (
    <div className="flex flex-col gap-4">
      <DashboardToolbar
        period={period}
        onPeriod={setPeriod}
        data={data}
        fetching={dashboard.isFetching}
        failed={dashboard.isError}
        onRefresh={() => void dashboard.refetch()}
      />
      {data ? (
        <div
          aria-busy={dashboard.isPlaceholderData || undefined}
          className={clsx("flex flex-col gap-4 transition-opacity", dashboard.isPlaceholderData && "opacity-60")}
        >
          <KpiCards kpis={data.kpis} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2 xl:items-start">
            <RevenueChart data={data} />
            <GrowthChart data={data} />
          </div>
          <FunnelCharts data={data} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-3 xl:items-start">
            <div className="min-w-0 xl:col-span-2">
              <RecentActivity entries={data.recent_activity} />
            </div>
            <PerformanceSummary performance={data.performance} />
          </div>
        </div>
      ) : dashboard.isError ? (
        <LoadError variant="card" message={t("adminDashboard.loadError")} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardSkeleton />
      )}
    </div>
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  const block = "animate-pulse rounded-2xl bg-night-100";
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className={clsx(block, "h-32")} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <div className={clsx(block, "h-80")} />
        <div className={clsx(block, "h-80")} />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className={clsx(block, "h-96 xl:col-span-2")} />
        <div className={clsx(block, "h-72")} />
      </div>
    </div>
  );
}
