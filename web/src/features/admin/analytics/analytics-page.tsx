// /admin/analytics: the period chosen in the URL (?period=, like the dashboard's, so a view can be
// bookmarked), a line saying what is counted, then the searches (cards, per day, top and zero-result
// words, filters), the time from sign-up to a first booking, the retention by monthly cohort and the
// messages before a first booking, all from GET /api/admin/analytics. Each chart has its table.
// While another period loads, the figures on screen stay, dimmed and marked busy. The console's
// frame draws the title (h1) above.
import { clsx } from "clsx";
import { LoadError } from "@web/components/ui/page-states";
import { DashboardToolbar } from "../dashboard/components/dashboard-toolbar";
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
  const { data } = analytics;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t("adminAnalytics.intro")}</p>
      <DashboardToolbar
        period={period}
        onPeriod={setPeriod}
        data={data}
        fetching={analytics.isFetching}
        failed={analytics.isError}
        onRefresh={() => void analytics.refetch()}
      />
      {data ? (
        <div
          aria-busy={analytics.isPlaceholderData || undefined}
          className={clsx("flex flex-col gap-4 transition-opacity", analytics.isPlaceholderData && "opacity-60")}
        >
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
        </div>
      ) : analytics.isError ? (
        <LoadError variant="card" message={t("adminAnalytics.loadError")} onRetry={() => void analytics.refetch()} />
      ) : (
        <AnalyticsSkeleton />
      )}
    </div>
  );
}

function AnalyticsSkeleton() {
  const { t } = useAnalyticsFormat();
  const block = "animate-pulse rounded-2xl bg-night-100";
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={clsx(block, "h-24")} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <div className={clsx(block, "h-80")} />
        <div className={clsx(block, "h-80")} />
      </div>
    </div>
  );
}
