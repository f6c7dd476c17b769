// The four stat cards, over every subscription (not the filters): paid plans in force, their
// monthly recurring revenue in euros, trials under way and unpaid plans.
import type { AdminSubscriptionsPage } from "@db/validators/admin-subscriptions";
import { formatEuros } from "@web/lib/format";
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { StatCards } from "../../components/stat-cards";
import { adminSubscriptionsTexts } from "../texts";

export function SubscriptionStats({ stats }: { stats: AdminSubscriptionsPage["stats"] | undefined }) {
  const { t, language } = useTranslation(adminSubscriptionsTexts);
  const count = (value: number | undefined) => (value === undefined ? undefined : formatNumber(value, 0, language));
  return (
    <StatCards
      title={t("adminSubscriptions.stats.title")}
      cards={[
        { label: t("adminSubscriptions.stats.paidActive"), value: count(stats?.paid_active) },
        {
          label: t("adminSubscriptions.stats.mrr"),
          value: stats && formatEuros(stats.mrr_cents, language),
        },
        { label: t("adminSubscriptions.stats.trialing"), value: count(stats?.trialing) },
        { label: t("adminSubscriptions.stats.pastDue"), value: count(stats?.past_due) },
      ]}
    />
  );
}
