// The stat cards, over the period and the filters: entries, failures, warnings and serious ones
// (high or critical severity).
import type { AuditPage } from "@db/validators/admin-audit";
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { StatCards } from "../../components/stat-cards";
import { adminAuditTexts } from "../texts";

const CARDS = ["total", "failures", "warnings", "serious"] as const;

export function AuditStats({ stats }: { stats: AuditPage["stats"] | undefined }) {
  const { t, language } = useTranslation(adminAuditTexts);
  return (
    <StatCards
      title={t("adminAudit.stats.title")}
      cards={CARDS.map((card) => ({
        label: t(`adminAudit.stats.${card}`),
        value: stats && formatNumber(stats[card], 0, language),
      }))}
    />
  );
}
