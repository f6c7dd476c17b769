// The conversion funnel of the people who signed up in the period, a panel per role: each step as a
// horizontal bar (Recharts, in the dashboard's chunk only) with its count, and the same figures as a
// table with each step's share of the sign-ups. Steps count who reached them, whatever the way.
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import type { AdminDashboard } from "@db/validators/admin-dashboard";
import { useDashboardFormat } from "../format";
import { ChartPanel } from "./chart-panel";

const COLOURS = { bar: "#2e4272", grid: "#e4e9f5", text: "#334155" };
const TICK = { fontSize: 12, fill: COLOURS.text };
const CHART_STYLE = { width: "100%", height: "100%" };
const MARGIN = { top: 4, right: 40, bottom: 0, left: 0 };
const DRAWING = { accessibilityLayer: false, role: "presentation" };

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
          <Bar dataKey="count" fill={COLOURS.bar}>
            <LabelList dataKey="count" position="right" formatter={(value) => format.count(Number(value))} />
          </Bar>
        </BarChart>
      }
      table={
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-night-100">
              <th scope="col" className="py-2 pr-3">
                {t("adminDashboard.funnel.step")}
              </th>
              <th scope="col" className="whitespace-nowrap py-2 pl-3 text-right">
                {t("adminDashboard.funnel.count")}
              </th>
              <th scope="col" className="whitespace-nowrap py-2 pl-3 text-right">
                {t("adminDashboard.funnel.pct")}
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={step.step} className="border-b border-night-50">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {step.name}
                </th>
                <td className="whitespace-nowrap py-1.5 pl-3 text-right tabular-nums">{format.count(step.count)}</td>
                <td className="whitespace-nowrap py-1.5 pl-3 text-right tabular-nums">{pct(step.pct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
