// How the Geography section writes its figures, in the interface language: counts, euros, signed
// percentages ('+12,5 %', '−3 %' with a true minus), rates per 10,000 inhabitants, durations
// ('3 h 10 min', '45 min') and ratings; a figure that cannot be computed reads 'n/d'.
import type { CityStats, GeographyMetric } from "@db/validators/admin-geography";
import { formatEuros } from "@web/lib/format";
import { formatNumber, formatRating } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { adminGeographyTexts } from "./texts";

const MINUS = "\u2212";

export function useGeographyFormat() {
  const { t, language } = useTranslation(adminGeographyTexts);
  const none = t("adminGeography.none");
  const or = <T>(value: T | null, write: (value: T) => string) => (value === null ? none : write(value));
  const count = (value: number) => formatNumber(value, 0, language);
  const euros = (cents: number) => formatEuros(Math.round(cents), language);
  const percent = (value: number) => t("adminGeography.percent", { value: formatNumber(value, 1, language) });
  const change = (pct: number | null) =>
    or(pct, (value) => {
      const sign = value > 0 ? "+" : value < 0 ? MINUS : "";
      return t("adminGeography.percent", { value: `${sign}${formatNumber(Math.abs(value), 1, language)}` });
    });
  const per10k = (value: number | null) => or(value, (v) => formatNumber(v, 1, language));
  const duration = (minutes: number | null) =>
    or(minutes, (value) => {
      const hours = Math.floor(value / 60);
      const rest = Math.round(value % 60);
      if (hours === 0) return t("adminGeography.duration.minutes", { minutes: rest });
      if (rest === 0) return t("adminGeography.duration.hours", { hours });
      return t("adminGeography.duration.hoursMinutes", { hours, minutes: rest });
    });
  const rating = (value: number | null) =>
    or(value, (v) => t("adminGeography.rating", { rating: formatRating(v, language) }));
  /** A city's figure for a metric, in its unit. */
  const metric = (name: GeographyMetric, city: CityStats) =>
    name === "subscribers"
      ? count(city.subscribers)
      : name === "revenue"
        ? euros(city.revenue_cents)
        : name === "growth"
          ? change(city.growth_pct)
          : per10k(city.adoption);
  return { t, language, none, count, euros, percent, change, per10k, duration, rating, metric, or };
}

export type GeographyFormat = ReturnType<typeof useGeographyFormat>;
