// A city's colour on the map and in the legend: how it performs against the others shown. Growth
// has fixed thresholds (above 15 % strong, above 10 % fair, below weak); the other metrics are
// ranked among the cities that have any (the first third strong, the next fair, the last weak).
// A city without the figure (no growth without subscribers before) is neutral.
import type { CityStats, GeographyMetric } from "@db/validators/admin-geography";

export type Performance = "strong" | "fair" | "weak" | "none";

export const GROWTH_STRONG_PCT = 15;
export const GROWTH_FAIR_PCT = 10;

export const metricValue = (metric: GeographyMetric, city: CityStats): number | null =>
  metric === "subscribers"
    ? city.subscribers
    : metric === "revenue"
      ? city.revenue_cents
      : metric === "growth"
        ? city.growth_pct
        : city.adoption;

/** Each city's performance for the metric, by id. */
export function performances(metric: GeographyMetric, cities: CityStats[]): Map<string, Performance> {
  const out = new Map<string, Performance>();
  if (metric === "growth") {
    for (const city of cities) {
      const pct = city.growth_pct;
      out.set(
        city.id,
        pct === null ? "none" : pct > GROWTH_STRONG_PCT ? "strong" : pct > GROWTH_FAIR_PCT ? "fair" : "weak",
      );
    }
    return out;
  }
  const ranked = cities
    .filter((city) => (metricValue(metric, city) ?? 0) > 0)
    .sort((a, b) => metricValue(metric, b)! - metricValue(metric, a)!);
  ranked.forEach((city, index) => {
    const share = index / ranked.length;
    out.set(city.id, share < 1 / 3 ? "strong" : share < 2 / 3 ? "fair" : "weak");
  });
  for (const city of cities) if (!out.has(city.id)) out.set(city.id, "none");
  return out;
}

/** Bubble and swatch colours (white text never sits on them: the name is spoken, not drawn). */
export const PERFORMANCE_CLASSES: Record<Performance, string> = {
  strong: "bg-emerald-600/75 border-emerald-800",
  fair: "bg-amber-400/75 border-amber-700",
  weak: "bg-rose-500/75 border-rose-800",
  none: "bg-slate-400/60 border-slate-600",
};

/** The bubble's diameter: 20 to 80 px, its area following the value against the largest shown. */
export function bubbleSize(value: number | null, largest: number): number {
  if (value === null || value <= 0 || largest <= 0) return 20;
  return Math.round(20 + 60 * Math.sqrt(value / largest));
}
