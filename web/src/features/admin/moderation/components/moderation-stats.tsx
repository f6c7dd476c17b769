// The stat cards, whichever queue is shown: items waiting now, escalated ones, and those approved
// and rejected over the last 30 days.
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { StatCards } from "../../components/stat-cards";
import type { ModerationQueue } from "../api/list-moderation";
import { adminModerationTexts } from "../texts";

const CARDS = ["pending", "escalated", "approved_30d", "rejected_30d"] as const;

export function ModerationStats({ stats }: { stats: ModerationQueue["stats"] | undefined }) {
  const { t, language } = useTranslation(adminModerationTexts);
  return (
    <StatCards
      title={t("adminModeration.stats.title")}
      cards={CARDS.map((card) => ({
        label: t(`adminModeration.stats.${card}`),
        value: stats && formatNumber(stats[card], 0, language),
      }))}
    />
  );
}
