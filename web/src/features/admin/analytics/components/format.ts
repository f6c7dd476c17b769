// How the analytics write their figures: the dashboard's formats (counts, percentages, dates in the
// interface language) with the analytics' own texts, and durations in hours or days.
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { useDashboardFormat } from "../../dashboard/format";
import { adminAnalyticsTexts } from "../texts";

export function useAnalyticsFormat() {
  const { t, language } = useTranslation(adminAnalyticsTexts);
  const base = useDashboardFormat();
  return {
    ...base,
    t,
    language,
    /** A figure with one decimal at most ('2,5'). */
    decimal: (value: number) => formatNumber(value, 1, language),
    /** Hours as '5 h' under two days, else '3 j' (one decimal). */
    hours: (hours: number) =>
      hours < 48
        ? t("adminAnalytics.duration.hours", { value: formatNumber(Math.round(hours * 10) / 10, 1, language) })
        : t("adminAnalytics.duration.days", { value: formatNumber(Math.round((hours / 24) * 10) / 10, 1, language) }),
  };
}

export type AnalyticsFormat = ReturnType<typeof useAnalyticsFormat>;
