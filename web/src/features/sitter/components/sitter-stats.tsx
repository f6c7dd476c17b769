import { useTranslation } from "@web/lib/i18n";
import type { PublicSitter } from "../api/get-babysitter";
import { sitterTexts } from "../texts";
import { Card } from "./sitter-details";

const HOUR = 60;
const DAY = 24 * HOUR;

/** 25 -> "25 min", 130 -> "2 h", 3000 -> "2 j": the unit a person would say. */
function responseTimeText(minutes: number, t: (key: string, options?: Record<string, unknown>) => string) {
  if (minutes < HOUR) return t("sitter.stats.minutes", { count: Math.max(1, minutes) });
  if (minutes < 2 * DAY) return t("sitter.stats.hours", { count: Math.round(minutes / HOUR) });
  return t("sitter.stats.days", { count: Math.round(minutes / DAY) });
}

export function SitterStats({ stats }: { stats: PublicSitter["stats"] }) {
  const { t } = useTranslation(sitterTexts);
  const figures: [string, string][] = [
    [t("sitter.stats.completedSittings"), String(stats.completed_sittings)],
    [t("sitter.stats.repeatFamilies"), String(stats.repeat_families)],
    [
      t("sitter.stats.responseTime"),
      stats.response_time_minutes === null
        ? t("sitter.stats.noResponse")
        : responseTimeText(stats.response_time_minutes, t),
    ],
  ];
  return (
    <Card title={t("sitter.stats.title")}>
      <dl className="grid gap-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-night-50 p-4">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-night-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
