// /admin/analytics: the period chosen in the URL (?period=, like the dashboard's, so a view can be
// bookmarked), a line saying what is counted, then the searches (cards, per day, top and zero-result
// words, filters), the time from sign-up to a first booking, the retention by monthly cohort and the
// messages before a first booking, all from GET /api/admin/analytics. Each chart has its table.
// While another period loads, the figures on screen stay, dimmed and marked busy. The console's
// frame draws the title (h1) above.
import { FiguresSkeleton, PeriodFigures } from "../dashboard/components/period-figures";
import { useDashboardPeriod } from "../dashboard/period";
import { useAdminAnalytics } from "./api/get-analytics";
import { FirstBookingChart, MessagesBeforeChart } from "./components/distribution-charts";
import { useAnalyticsFormat } from "./components/format";
import { RetentionTable } from "./components/retention-table";
import { FiltersChart, QueryTables, SearchCards, SearchesPerDayChart } from "./components/search-panels";

export function AnalyticsPage() {
  const { t } = useAnalyticsFormat();
  const [period, setPeriod] = useDashboardPeriod();
  const analytics = useAdminAnalytics(period);
  return (
    <PeriodFigures
      period={period}
      onPeriod={setPeriod}
      query={analytics}
      intro={<p className="text-sm text-slate-700">{t("adminAnalytics.intro")}</p>}
      loadError={t("adminAnalytics.loadError")}
      skeleton={
        <FiguresSkeleton cards={4} cardsClassName="grid grid-cols-2 gap-3 lg:grid-cols-4" cardClassName="h-24" />
      }
    >
      {(data) => (
        <>
          <SearchCards data={data} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2 xl:items-start">
            <SearchesPerDayChart data={data} />
            <FiltersChart data={data} />
          </div>
          <QueryTables data={data} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2 xl:items-start">
            <FirstBookingChart data={data} />
            <MessagesBeforeChart data={data} />
          </div>
          <RetentionTable data={data} />
        </>
      )}
    </PeriodFigures>
  );
}
