// The search analytics: the period's totals as cards, the searches per Paris day (a chart with its
// table), the most frequent words and the words that found nobody (tables: they are words), and
// the share of searches using each filter (bars with their table). The words are what people typed,
// folded: React renders them as text, and the chart draws them as SVG text, never as HTML.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { useId } from "react";
import type { AdminAnalytics } from "@db/validators/admin-analytics";
import { CHART_STYLE, COLOURS, DRAWING, MARGIN, TICK, TwoLineChart } from "../../components/chart-drawing";
import { FigureTable } from "../../components/figure-table";
import { StatCards } from "../../components/stat-cards";
import { ChartPanel } from "../../dashboard/components/chart-panel";
import { type AnalyticsFormat, useAnalyticsFormat } from "./format";

type Props = { data: AdminAnalytics };

const share = (format: AnalyticsFormat, part: number, whole: number) =>
  whole === 0 ? format.t("adminAnalytics.none") : format.percent(Math.round((part / whole) * 1000) / 10);

export function SearchCards({ data }: Props) {
  const format = useAnalyticsFormat();
  const { t } = format;
  const { search } = data;
  return (
    <StatCards
      title={t("adminAnalytics.search.title")}
      cards={[
        { label: t("adminAnalytics.search.total"), value: format.count(search.total) },
        { label: t("adminAnalytics.search.zeroResults"), value: format.count(search.zero_results) },
        { label: t("adminAnalytics.search.zeroShare"), value: share(format, search.zero_results, search.total) },
        { label: t("adminAnalytics.search.filtered"), value: share(format, search.filtered, search.total) },
      ]}
    />
  );
}

export function SearchesPerDayChart({ data }: Props) {
  const format = useAnalyticsFormat();
  const { t } = format;
  const days = data.search.per_day;
  const title = t("adminAnalytics.perDay.title");
  const names = { searches: t("adminAnalytics.perDay.searches"), zero: t("adminAnalytics.perDay.zeroResults") };
  const period = t(`adminDashboard.periods.${data.period}`);
  let peak: (typeof days)[number] | undefined;
  for (const day of days) if (day.searches > 0 && (!peak || day.searches > peak.searches)) peak = day;
  const summary = peak
    ? t("adminAnalytics.perDay.summary", {
        period,
        total: format.count(data.search.total),
        zero: format.count(data.search.zero_results),
        peak: format.count(peak.searches),
        date: format.day(peak.date),
      })
    : t("adminAnalytics.perDay.summaryEmpty", { period });
  return (
    <ChartPanel
      title={title}
      description={t("adminAnalytics.perDay.description")}
      summary={summary}
      chart={
        <TwoLineChart
          data={days}
          first={{ key: "searches", name: names.searches }}
          second={{ key: "zero_results", name: names.zero }}
          tick={format.tick}
          count={format.count}
          label={format.day}
        />
      }
      table={
        <FigureTable
          caption={title}
          columns={[t("adminDashboard.column.day"), names.searches, names.zero]}
          rows={days.map((day) => ({
            key: day.date,
            label: format.day(day.date),
            values: [format.count(day.searches), format.count(day.zero_results)],
          }))}
          total={{
            label: t("adminDashboard.table.total"),
            values: [format.count(data.search.total), format.count(data.search.zero_results)],
          }}
        />
      }
    />
  );
}

/** A card holding a table of words (a heading, what it lists, the table or a line saying there is none). */
function QueriesCard({
  title,
  description,
  columns,
  rows,
}: {
  title: string;
  description: string;
  columns: string[];
  rows: { key: string; label: string; values: string[] }[];
}) {
  const { t } = useAnalyticsFormat();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-night-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{description}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">{t("adminAnalytics.queries.empty")}</p>
      ) : (
        <FigureTable caption={title} columns={columns} rows={rows} />
      )}
    </section>
  );
}

export function QueryTables({ data }: Props) {
  const format = useAnalyticsFormat();
  const { t } = format;
  const words = t("adminAnalytics.queries.query");
  const searches = t("adminAnalytics.queries.searches");
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2 xl:items-start">
      <QueriesCard
        title={t("adminAnalytics.queries.top")}
        description={t("adminAnalytics.queries.topDescription")}
        columns={[words, searches, t("adminAnalytics.queries.zeroResults")]}
        rows={data.search.top_queries.map((row) => ({
          key: row.query,
          label: row.query,
          values: [format.count(row.searches), format.count(row.zero_results)],
        }))}
      />
      <QueriesCard
        title={t("adminAnalytics.queries.zero")}
        description={t("adminAnalytics.queries.zeroDescription")}
        columns={[words, searches]}
        rows={data.search.zero_result_queries.map((row) => ({
          key: row.query,
          label: row.query,
          values: [format.count(row.searches)],
        }))}
      />
    </div>
  );
}

export function FiltersChart({ data }: Props) {
  const format = useAnalyticsFormat();
  const { t } = format;
  const title = t("adminAnalytics.filters.title");
  const filters = data.search.filters.map((row) => ({
    ...row,
    name: t(`adminAnalytics.filters.names.${row.filter}`),
  }));
  const period = t(`adminDashboard.periods.${data.period}`);
  let top: (typeof filters)[number] | undefined;
  for (const row of filters) if (row.searches > 0 && (!top || row.searches > top.searches)) top = row;
  const summary = top
    ? t("adminAnalytics.filters.summary", { period, filter: top.name, share: format.percent(top.share_pct) })
    : t("adminAnalytics.filters.summaryEmpty", { period });
  const shareName = t("adminAnalytics.filters.share");
  return (
    <ChartPanel
      title={title}
      description={t("adminAnalytics.filters.description")}
      summary={summary}
      chart={
        <BarChart data={filters} layout="vertical" responsive style={CHART_STYLE} margin={MARGIN} {...DRAWING}>
          <CartesianGrid stroke={COLOURS.grid} horizontal={false} />
          <XAxis type="number" domain={[0, 100]} tickFormatter={(value: number) => format.percent(value)} tick={TICK} />
          <YAxis type="category" dataKey="name" tick={{ ...TICK, fontSize: 11 }} width={130} interval={0} />
          <Tooltip formatter={(value) => [format.percent(Number(value)), shareName]} />
          <Bar dataKey="share_pct" name={shareName} fill={COLOURS.night} />
        </BarChart>
      }
      table={
        <FigureTable
          caption={title}
          columns={[t("adminAnalytics.filters.filter"), t("adminAnalytics.filters.searches"), shareName]}
          rows={filters.map((row) => ({
            key: row.filter,
            label: row.name,
            values: [format.count(row.searches), format.percent(row.share_pct)],
          }))}
        />
      }
    />
  );
}
