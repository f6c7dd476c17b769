import { CalendarDays, Heart, type LucideIcon, MessageCircle, Search, Shield, UserRound } from "lucide-react";
import { useTranslation } from "@web/lib/i18n";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import type { UserType } from "@web/lib/api-client";
import { useSession } from "@web/lib/session";
import { dashboardTexts } from "./texts";

type QuickLink = { to: string; key: string; icon: LucideIcon };

// Figures (bookings, revenue, ratings) arrive with the dashboard issue, on real data: until then
// the page shows none rather than placeholders.
const QUICK_LINKS: Record<UserType, QuickLink[]> = {
  parent: [
    { to: "/search", key: "dashboard.links.search", icon: Search },
    { to: "/bookings", key: "dashboard.links.bookings", icon: CalendarDays },
    { to: "/messages", key: "dashboard.links.messages", icon: MessageCircle },
    { to: "/favorites", key: "dashboard.links.favorites", icon: Heart },
  ],
  babysitter: [
    { to: "/bookings", key: "dashboard.links.bookings", icon: CalendarDays },
    { to: "/messages", key: "dashboard.links.messages", icon: MessageCircle },
    { to: "/profile", key: "dashboard.links.profile", icon: UserRound },
  ],
  admin: [
    { to: "/admin", key: "dashboard.links.admin", icon: Shield },
    { to: "/search", key: "dashboard.links.search", icon: Search },
  ],
};

export function DashboardPage() {
  const { t } = useTranslation(dashboardTexts);
  const { data: profile } = useSession();
  useDocumentTitle(t("pages.dashboard"));
  if (!profile) return null; // the guard only renders this page with a session
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <section className="rounded-3xl bg-night-900 px-6 py-8 text-white sm:px-10">
        <p className="text-sm font-semibold uppercase tracking-wide text-glow-300">{t("pages.dashboard")}</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t("dashboard.greeting", { name: profile.first_name })}</h1>
        <p className="mt-2 text-night-100">{t(`dashboard.role.${profile.user_type}`)}</p>
      </section>
      <h2 className="mt-10 text-xl font-semibold">{t("dashboard.quickLinks")}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {QUICK_LINKS[profile.user_type].map(({ to, key, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-center gap-3 rounded-2xl border border-night-100 bg-white p-5 font-semibold shadow-sm hover:border-night-600"
            >
              <Icon aria-hidden="true" className="h-6 w-6 text-glow-800" />
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-slate-700">{t("dashboard.figuresSoon")}</p>
    </div>
  );
}
