// How the dashboard writes its figures, in the interface language: counts, euros, percentages with
// a sign ('+12,5 %', '−3 %', a true minus), durations ('3 h 10 min', '45 min') and the series'
// dates. A series' date is a Paris calendar day ("2026-03-02"): read at noon UTC, it is the same
// day in Paris, so formatting it in Paris time never moves it to the day before or after.
import type { AdminDashboard, KPI_NAMES } from "@db/validators/admin-dashboard";
import { PARIS_TIME_ZONE } from "@db/time/paris-time";
import { formatEuros } from "@web/lib/format";
import { formatDay, formatNumber } from "@web/lib/format-paris";
import { formatValue, useTranslation } from "@web/lib/i18n";
import { adminDashboardTexts } from "./texts";

export type KpiName = (typeof KPI_NAMES)[number];
export type Bucket = AdminDashboard["bucket"];

const MINUS = "\u2212";
const atNoon = (date: string) => `${date}T12:00:00.000Z`;

export function useDashboardFormat() {
  const { t, language } = useTranslation(adminDashboardTexts);
  const percent = (value: number) => t("adminDashboard.percent", { value: formatNumber(value, 1, language) });
  return {
    t,
    language,
    count: (value: number) => formatNumber(value, 0, language),
    euros: (cents: number) => formatEuros(Math.round(cents), language),
    percent,
    /** A KPI's value in its unit: euros, a percentage or a count. */
    kpi: (name: KpiName, value: number) =>
      name.endsWith("_cents")
        ? formatEuros(Math.round(value), language)
        : name === "churn_pct"
          ? percent(value)
          : formatNumber(value, 0, language),
    /** A change in percent, signed: '+12,5 %', '−3 %', '0 %'. */
    change: (pct: number) => {
      const sign = pct > 0 ? "+" : pct < 0 ? MINUS : "";
      return t("adminDashboard.percent", { value: `${sign}${formatNumber(Math.abs(pct), 1, language)}` });
    },
    /** Minutes as '45 min', '3 h', '3 h 10 min'. */
    duration: (minutes: number) => {
      const hours = Math.floor(minutes / 60);
      const rest = Math.round(minutes % 60);
      if (hours === 0) return t("adminDashboard.performance.minutes", { minutes: rest });
      if (rest === 0) return t("adminDashboard.performance.hours", { hours });
      return t("adminDashboard.performance.hoursMinutes", { hours, minutes: rest });
    },
    /** An axis tick: '3 mars' / '3 Mar'. */
    tick: (date: string) =>
      formatValue(
        new Date(atNoon(date)),
        "datetime",
        { day: "numeric", month: "short", timeZone: PARIS_TIME_ZONE },
        language,
      ),
    /** A series' day: '3 mars 2026' / '3 March 2026'. */
    day: (date: string) => formatDay(atNoon(date), language),
    /** A bucket as a table or a tooltip names it: its day, or 'Semaine du 2 mars 2026'. */
    bucketName: (date: string, bucket: Bucket) =>
      bucket === "day"
        ? formatDay(atNoon(date), language)
        : t("adminDashboard.weekOf", { date: formatDay(atNoon(date), language) }),
  };
}

export type DashboardFormat = ReturnType<typeof useDashboardFormat>;
