// The conversion funnel of the people who signed up in the period, a panel per role: each step as a
// horizontal bar (Recharts, in the dashboard's chunk only) with its count, and the same figures as a
// table with each step's share of the sign-ups. Steps count who reached them, whatever the way.
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import type { AdminDashboard } from "@db/validators/admin-dashboard";
import { CHART_STYLE, COLOURS, DRAWING, TICK } from "../../components/chart-drawing";
import { FigureTable } from "../../components/figure-table";
import { useDashboardFormat } from "../format";
import { ChartPanel } from "./chart-panel";

/** Room on the right for each bar's count. */
const MARGIN = { top: 4, right: 40, bottom: 0, left: 0 };

type Side = keyof AdminDashboard["funnel"];

export function FunnelCharts({ data }: { data: AdminDashboard }) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2 xl:items-start">
      <FunnelChart data={data} side="parents" />
      <FunnelChart data={data} side="sitters" />
    </div>
  );
}

function FunnelChart({ data, side }: { data: AdminDashboard; side: Side }) {
  const format = useDashboardFormat();
  const { t } = format;
  const steps = data.funnel[side].map((step) => ({
    ...step,
    name: t(`adminDashboard.funnel.steps.${side}.${step.step}`),
  }));
  const title = t(`adminDashboard.funnel.titles.${side}`);
  const period = t(`adminDashboard.periods.${data.period}`);
  const first = steps[0];
  const last = steps[steps.length - 1];
  const pct = (value: number | null) => (value === null ? "—" : format.percent(value));
  const summary =
    first.count === 0
      ? t("adminDashboard.funnel.summaryEmpty", { title, period })
      : t("adminDashboard.funnel.summary", {
          title,
          period,
          first: format.count(first.count),
          last: last.name,
          count: format.count(last.count),
          pct: pct(last.pct),
        });
  return (
    <ChartPanel
      title={title}
      description={t("adminDashboard.funnel.description")}
      summary={summary}
      chart={
        <BarChart data={steps} layout="vertical" responsive style={CHART_STYLE} margin={MARGIN} {...DRAWING}>
          <CartesianGrid stroke={COLOURS.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tickFormatter={format.count} tick={TICK} />
          <YAxis type="category" dataKey="name" tick={TICK} width={120} />
          <Tooltip formatter={(value) => [format.count(Number(value)), t("adminDashboard.funnel.count")]} />
          <Bar dataKey="count" fill={COLOURS.night}>
            <LabelList dataKey="count" position="right" formatter={(value) => format.count(Number(value))} />
          </Bar>
        </BarChart>
      }
      table={
        <FigureTable
          caption={title}
          columns={[t("adminDashboard.funnel.step"), t("adminDashboard.funnel.count"), t("adminDashboard.funnel.pct")]}
          rows={steps.map((step) => ({
            key: step.step,
            label: step.name,
            values: [format.count(step.count), pct(step.pct)],
          }))}
          labelWrap="spaces"
        />
      }
    />
  );
}
