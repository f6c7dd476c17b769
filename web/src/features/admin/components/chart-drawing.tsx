// How the dashboard's and the analytics' charts are drawn with Recharts (in the chunks of those two
// pages only: no other page imports this file): the theme's colours, the axes' text, the drawing's
// size and margins, and the chart both pages draw alike, two counts per day or week as lines.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

/** The theme's colours (web/src/styles.css): night-600 and glow-800 pass 3:1 against white. */
export const COLOURS = { night: "#2e4272", glow: "#92400e", fill: "#fcd34d", grid: "#e4e9f5", text: "#334155" };
export const TICK = { fontSize: 12, fill: COLOURS.text };
export const CHART_STYLE = { width: "100%", height: "100%" };
export const MARGIN = { top: 8, right: 12, bottom: 0, left: 0 };
/**
 * The drawing is the inside of its panel's image (role="img", named by its summary): no keyboard
 * layer (no focus stop, no role of its own) and a presentational <svg>, so the image is one node.
 */
export const DRAWING = { accessibilityLayer: false, role: "presentation" };

type Series<Point> = { key: keyof Point & string; name: string };

/**
 * Two counts over time as lines: the first solid (night), the second dashed (glow), so the two
 * differ without colour. Dates on the axis and in the tooltip are written by the caller.
 */
export function TwoLineChart<Point extends { date: string }>({
  data,
  first,
  second,
  tick,
  count,
  label,
}: {
  data: Point[];
  first: Series<Point>;
  second: Series<Point>;
  /** An axis tick: '3 mars'. */
  tick: (date: string) => string;
  count: (value: number) => string;
  /** A point as the tooltip names it: its day, or its week. */
  label: (date: string) => string;
}) {
  return (
    <LineChart data={data} responsive style={CHART_STYLE} margin={MARGIN} {...DRAWING}>
      <CartesianGrid stroke={COLOURS.grid} vertical={false} />
      <XAxis dataKey="date" tickFormatter={tick} tick={TICK} minTickGap={24} />
      <YAxis allowDecimals={false} tickFormatter={count} tick={TICK} width="auto" />
      <Tooltip
        formatter={(value, name) => [count(Number(value)), name]}
        labelFormatter={(date) => label(String(date))}
      />
      {/* By data key, not by name in the language: the callers' keys sort in their tables' order. */}
      <Legend itemSorter="dataKey" wrapperStyle={{ fontSize: 12, color: COLOURS.text }} />
      <Line type="monotone" dataKey={first.key} name={first.name} stroke={COLOURS.night} strokeWidth={2} dot={false} />
      <Line
        type="monotone"
        dataKey={second.key}
        name={second.name}
        stroke={COLOURS.glow}
        strokeWidth={2}
        strokeDasharray="6 4"
        dot={false}
      />
    </LineChart>
  );
}
