// The stat cards, whichever queue is shown: documents waiting now, approved and rejected over the
// last 30 days, and approved criminal records lapsing within 30 days.
import type { VerificationQueueDto } from "@db/validators/verification";
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { StatCards } from "../../components/stat-cards";
import { adminVerificationsTexts } from "../texts";

const CARDS = ["pending", "approved_30d", "rejected_30d", "expiring_30d"] as const;

export function VerificationStats({ stats }: { stats: VerificationQueueDto["stats"] | undefined }) {
  const { t, language } = useTranslation(adminVerificationsTexts);
  return (
    <StatCards
      title={t("adminVerifications.stats.title")}
      cards={CARDS.map((card) => ({
        label: t(`adminVerifications.stats.${card}`),
        value: stats && formatNumber(stats[card], 0, language),
      }))}
    />
  );
}
