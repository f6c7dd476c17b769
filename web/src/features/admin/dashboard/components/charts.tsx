// The dashboard's two series, drawn with Recharts (in the dashboard's chunk only: no other page
// fetches it): the plans' revenue as an area, the sign-ups of parents and sitters as two lines
// (the sitters' dashed, so the two differ without colour). Dates on the axis and in the tooltip are
// in the interface language; each chart's name sums it up and its table holds every figure.
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { AdminDashboard } from "@db/validators/admin-dashboard";
import { CHART_STYLE, COLOURS, DRAWING, MARGIN, TICK, TwoLineChart } from "../../components/chart-drawing";
import { FigureTable } from "../../components/figure-table";
import { type DashboardFormat, useDashboardFormat } from "../format";
import { ChartPanel } from "./chart-panel";

type ChartProps = { data: AdminDashboard };

/** Where a series peaks: the first bucket with the largest figure, or none when all are 0. */
function peakOf<T>(points: T[], value: (point: T) => number): T | undefined {
  let peak: T | undefined;
  for (const point of points) if (value(point) > 0 && (!peak || value(point) > value(peak))) peak = point;
  return peak;
}

/** The words the summaries and tables share: the period, 'par jour' or 'par semaine', the date column, 'Total'. */
function seriesWords(format: DashboardFormat, data: AdminDashboard) {
  const { t } = format;
  return {
    period: t(`adminDashboard.periods.${data.period}`),
    bucket: t(`adminDashboard.bucket.${data.bucket}`),
    column: t(`adminDashboard.column.${data.bucket}`),
    total: t("adminDashboard.table.total"),
    peakWhen: (date: string) => t(`adminDashboard.peakWhen.${data.bucket}`, { date: format.day(date) }),
  };
}

export function RevenueChart({ data }: ChartProps) {
  const format = useDashboardFormat();
  const { t } = format;
  const words = seriesWords(format, data);
  const total = data.revenue.reduce((sum, point) => sum + point.plans_cents, 0);
  const peak = peakOf(data.revenue, (point) => point.plans_cents);
  const title = t("adminDashboard.revenue.title");
  const amount = t("adminDashboard.revenue.amount");
  const summary = peak
    ? t("adminDashboard.revenue.summary", {
        period: words.period,
        bucket: words.bucket,
        total: format.euros(total),
        peak: format.euros(peak.plans_cents),
        peakWhen: words.peakWhen(peak.date),
      })
    : t("adminDashboard.revenue.summaryEmpty", { period: words.period, bucket: words.bucket, total: format.euros(0) });
  return (
    <ChartPanel
      title={title}
      description={t("adminDashboard.revenue.description", { bucket: words.bucket })}
      summary={summary}
      chart={
        <AreaChart data={data.revenue} responsive style={CHART_STYLE} margin={MARGIN} {...DRAWING}>
          <CartesianGrid stroke={COLOURS.grid} vertical={false} />
          <XAxis dataKey="date" tickFormatter={format.tick} tick={TICK} minTickGap={24} />
          <YAxis tickFormatter={(cents: number) => format.euros(cents)} tick={TICK} width="auto" />
          <Tooltip
            formatter={(value) => [format.euros(Number(value)), amount]}
            labelFormatter={(date) => format.bucketName(String(date), data.bucket)}
          />
          <Area
            type="monotone"
            dataKey="plans_cents"
            name={amount}
            stroke={COLOURS.night}
            strokeWidth={2}
            fill={COLOURS.fill}
            fillOpacity={0.45}
          />
        </AreaChart>
      }
      table={
        <FigureTable
          caption={title}
          columns={[words.column, amount]}
          rows={data.revenue.map((point) => ({
            key: point.date,
            label: format.bucketName(point.date, data.bucket),
            values: [format.euros(point.plans_cents)],
          }))}
          total={{ label: words.total, values: [format.euros(total)] }}
          labelWrap="spaces"
        />
      }
    />
  );
}

export function GrowthChart({ data }: ChartProps) {
  const format = useDashboardFormat();
  const { t } = format;
  const words = seriesWords(format, data);
  const parents = data.growth.reduce((sum, point) => sum + point.parents, 0);
  const sitters = data.growth.reduce((sum, point) => sum + point.sitters, 0);
  const peak = peakOf(data.growth, (point) => point.parents + point.sitters);
  const title = t("adminDashboard.growth.title");
  const names = { parents: t("adminDashboard.growth.parents"), sitters: t("adminDashboard.growth.sitters") };
  const summary = peak
    ? t("adminDashboard.growth.summary", {
        period: words.period,
        bucket: words.bucket,
        parents: t("adminDashboard.growth.parentsCount", { count: parents }),
        sitters: t("adminDashboard.growth.sittersCount", { count: sitters }),
        peak: t("adminDashboard.growth.signUps", { count: peak.parents + peak.sitters }),
        peakWhen: words.peakWhen(peak.date),
      })
    : t("adminDashboard.growth.summaryEmpty", { period: words.period, bucket: words.bucket });
  return (
    <ChartPanel
      title={title}
      description={t("adminDashboard.growth.description", { bucket: words.bucket })}
      summary={summary}
      chart={
        <TwoLineChart
          data={data.growth}
          first={{ key: "parents", name: names.parents }}
          second={{ key: "sitters", name: names.sitters }}
          tick={format.tick}
          count={format.count}
          label={(date) => format.bucketName(date, data.bucket)}
        />
      }
      table={
        <FigureTable
          caption={title}
          columns={[words.column, names.parents, names.sitters]}
          rows={data.growth.map((point) => ({
            key: point.date,
            label: format.bucketName(point.date, data.bucket),
            values: [format.count(point.parents), format.count(point.sitters)],
          }))}
          total={{ label: words.total, values: [format.count(parents), format.count(sitters)] }}
          labelWrap="spaces"
        />
      }
    />
  );
}
