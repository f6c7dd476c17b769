// /admin, the console's home: the period chosen in the URL, the eight KPI cards against the period
// before, the plans' revenue and the sign-ups as charts (each with its table), the latest audit
// entries, the sitters' responsiveness and the conversion funnel of the period's sign-ups (parents,
// sitters), all from GET /api/admin/dashboard. While another period loads, the figures on screen
// stay, dimmed and marked busy. The console's frame draws the title (h1) above.
import { useTranslation } from "@web/lib/i18n";
import { SkeletonBlock } from "../components/skeleton";
import { useAdminDashboard } from "./api/get-dashboard";
import { GrowthChart, RevenueChart } from "./components/charts";
import { FunnelCharts } from "./components/funnel";
import { KpiCards } from "./components/kpi-cards";
import { PerformanceSummary } from "./components/performance-summary";
import { FiguresSkeleton, PeriodFigures } from "./components/period-figures";
import { RecentActivity } from "./components/recent-activity";
import { useDashboardPeriod } from "./period";
import { adminDashboardTexts } from "./texts";

export function DashboardPage() {
  const { t } = useTranslation(adminDashboardTexts);
  const [period, setPeriod] = useDashboardPeriod();
  const dashboard = useAdminDashboard(period);
  return (
    <PeriodFigures
      period={period}
      onPeriod={setPeriod}
      query={dashboard}
      loadError={t("adminDashboard.loadError")}
      skeleton={
        <FiguresSkeleton
          cards={8}
          cardsClassName="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4"
          cardClassName="h-32"
        >
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
            <SkeletonBlock className="h-96 xl:col-span-2" />
            <SkeletonBlock className="h-72" />
          </div>
        </FiguresSkeleton>
      }
    >
      {(data) => (
        <>
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
        </>
      )}
    </PeriodFigures>
  );
}
