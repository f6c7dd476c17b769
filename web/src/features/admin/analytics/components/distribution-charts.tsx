// The two distributions: parents' time from sign-up to a first booking request, and the messages a
// parent and a sitter exchanged before their first booking. Each as bars with its median in the
// chart's name, and the same figures in its table (with the total).
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { AdminAnalytics } from "@db/validators/admin-analytics";
import { CHART_STYLE, COLOURS, DRAWING, MARGIN, TICK } from "../../components/chart-drawing";
import { FigureTable } from "../../components/figure-table";
import { ChartPanel } from "../../dashboard/components/chart-panel";
import { useAnalyticsFormat } from "./format";

type Props = { data: AdminAnalytics };

function DistributionChart({
  title,
  description,
  summary,
  bucketColumn,
  countColumn,
  rows,
  extra,
}: {
  title: string;
  description: string;
  summary: string;
  bucketColumn: string;
  countColumn: string;
  /** `axis`: the bucket's name under its bar, short enough for six side by side on a phone. */
  rows: { bucket: string; name: string; axis: string; count: number }[];
  /** Figures shown under the description (median, mean...). */
  extra: { label: string; value: string }[];
}) {
  const format = useAnalyticsFormat();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartPanel
      title={title}
      description={[description, ...extra.map((item) => format.t("adminAnalytics.figure", item))].join(" ")}
      summary={summary}
      chart={
        <BarChart data={rows} responsive style={CHART_STYLE} margin={MARGIN} {...DRAWING}>
          <CartesianGrid stroke={COLOURS.grid} vertical={false} />
          <XAxis dataKey="axis" tick={{ ...TICK, fontSize: 11 }} interval={0} />
          <YAxis allowDecimals={false} tickFormatter={format.count} tick={TICK} width="auto" />
          <Tooltip formatter={(value) => [format.count(Number(value)), countColumn]} />
          <Bar dataKey="count" name={countColumn} fill={COLOURS.night} />
        </BarChart>
      }
      table={
        <FigureTable
          caption={title}
          columns={[bucketColumn, countColumn]}
          rows={rows.map((row) => ({ key: row.bucket, label: row.name, values: [format.count(row.count)] }))}
          total={{ label: format.t("adminDashboard.table.total"), values: [format.count(total)] }}
        />
      }
    />
  );
}

export function FirstBookingChart({ data }: Props) {
  const format = useAnalyticsFormat();
  const { t } = format;
  const { first_booking: first } = data;
  const period = t(`adminDashboard.periods.${data.period}`);
  const median = first.median_hours === null ? t("adminAnalytics.none") : format.hours(first.median_hours);
  return (
    <DistributionChart
      title={t("adminAnalytics.firstBooking.title")}
      description={t("adminAnalytics.firstBooking.description")}
      summary={
        first.parents === 0
          ? t("adminAnalytics.firstBooking.summaryEmpty", { period })
          : t("adminAnalytics.firstBooking.summary", { period, count: format.count(first.parents), median })
      }
      bucketColumn={t("adminAnalytics.firstBooking.delay")}
      countColumn={t("adminAnalytics.firstBooking.parents")}
      rows={first.distribution.map((row) => ({
        ...row,
        name: t(`adminAnalytics.firstBooking.buckets.${row.bucket}`),
        axis: t(`adminAnalytics.firstBooking.bucketsShort.${row.bucket}`),
      }))}
      extra={[{ label: t("adminAnalytics.firstBooking.median"), value: median }]}
    />
  );
}

export function MessagesBeforeChart({ data }: Props) {
  const format = useAnalyticsFormat();
  const { t } = format;
  const messages = data.messages_before_booking;
  const period = t(`adminDashboard.periods.${data.period}`);
  const none = t("adminAnalytics.none");
  const median = messages.median === null ? none : format.decimal(messages.median);
  const mean = messages.mean === null ? none : format.decimal(messages.mean);
  return (
    <DistributionChart
      title={t("adminAnalytics.messages.title")}
      description={t("adminAnalytics.messages.description")}
      summary={
        messages.with_messages === 0
          ? t("adminAnalytics.messages.summaryEmpty", { period })
          : t("adminAnalytics.messages.summary", { period, count: format.count(messages.with_messages), median, mean })
      }
      bucketColumn={t("adminAnalytics.messages.count")}
      countColumn={t("adminAnalytics.messages.pairs")}
      rows={messages.distribution.map((row) => {
        const name = t(`adminAnalytics.messages.buckets.${row.bucket}`);
        return { ...row, name, axis: name };
      })}
      extra={[
        {
          label: t("adminAnalytics.messages.withMessages"),
          value: `${format.count(messages.with_messages)} / ${format.count(messages.pairs)}`,
        },
        { label: t("adminAnalytics.messages.median"), value: median },
        { label: t("adminAnalytics.messages.mean"), value: mean },
      ]}
    />
  );
}
