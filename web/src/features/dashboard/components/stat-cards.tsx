// The dashboard's figures, one card each: a label, the number, sometimes a line under it.
import { clsx } from "clsx";
import { CalendarCheck, CalendarClock, Euro, Heart, type LucideIcon, MessageCircle, Star, Sun } from "lucide-react";
import { formatEuros } from "@web/lib/format";
import { formatNumber, formatRating } from "@web/lib/format-paris";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import type { DashboardFigures } from "../api/get-dashboard";
import { dashboardTexts } from "../texts";

type Stat = { key: string; icon: LucideIcon; value: string; detail?: string };

/** The cards of a role's figures (an admin has none: their console has its own). */
function statsOf(figures: DashboardFigures, t: TFunction): Stat[] {
  switch (figures.role) {
    case "parent":
      return [
        { key: "totalBookings", icon: CalendarCheck, value: formatNumber(figures.total_bookings) },
        { key: "upcoming", icon: CalendarClock, value: formatNumber(figures.upcoming_bookings) },
        { key: "unreadMessages", icon: MessageCircle, value: formatNumber(figures.unread_messages) },
        { key: "favouriteSitters", icon: Heart, value: formatNumber(figures.favourite_sitters) },
      ];
    case "babysitter":
      return [
        { key: "sessionsDone", icon: Sun, value: formatNumber(figures.sessions_done) },
        { key: "upcoming", icon: CalendarClock, value: formatNumber(figures.upcoming_bookings) },
        { key: "monthRevenue", icon: Euro, value: formatEuros(figures.revenue_this_month_cents) },
        {
          key: "averageRating",
          icon: Star,
          value:
            figures.total_reviews > 0
              ? t("dashboard.stats.ratingValue", { rating: formatRating(figures.average_rating) })
              : "–",
          detail:
            figures.total_reviews > 0
              ? t("dashboard.stats.reviews", {
                  count: figures.total_reviews,
                })
              : t("dashboard.stats.noReviews"),
        },
      ];
    default:
      return [];
  }
}

const CARD = "flex flex-col rounded-2xl border border-night-100 bg-white p-5 shadow-sm";

export function StatCards({ figures }: { figures: DashboardFigures }) {
  const { t } = useTranslation(dashboardTexts);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {statsOf(figures, t).map(({ key, icon: Icon, value, detail }) => (
        <div key={key} className={CARD}>
          <dt className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <Icon aria-hidden="true" className="h-5 w-5 text-glow-800" />
            {t(`dashboard.stats.${key}`)}
          </dt>
          <dd className="mt-2 text-3xl font-bold text-night-900">{value}</dd>
          {detail && <dd className="mt-1 text-sm text-slate-700">{detail}</dd>}
        </div>
      ))}
    </dl>
  );
}

export function StatCardsSkeleton({ cards }: { cards: number }) {
  const { t } = useTranslation(dashboardTexts);
  return (
    <div role="status" aria-label={t("dashboard.stats.loading")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} aria-hidden="true" className={clsx(CARD, "motion-safe:animate-pulse")}>
          <div className="h-4 w-2/3 rounded bg-night-100" />
          <div className="mt-3 h-8 w-1/3 rounded bg-night-100" />
        </div>
      ))}
    </div>
  );
}
