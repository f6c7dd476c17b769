// /dashboard: the greeting, the figures of the user's role from GET /api/dashboard (a parent:
// bookings, upcoming, unread messages, favourite sitters; a babysitter: sessions done, upcoming,
// this month's revenue, average rating), what to do next (components/next-steps.tsx), and the quick
// links of the role. An admin's figures live in the admin console: the page points there instead of
// counting anything; an agency manager's live in her agency space (/agency), which the page points
// to, with a quick link to each of its pages.
import {
  Building2,
  CalendarDays,
  ChartColumn,
  Heart,
  Inbox,
  type LucideIcon,
  Mail,
  MessageCircle,
  Search,
  Shield,
  Siren,
  UserRound,
} from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import type { UserType } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { useDashboard } from "./api/get-dashboard";
import { ProfileChecklist } from "./components/profile-checklist";
import { NextSteps } from "./components/next-steps";
import { StatCards, StatCardsSkeleton } from "./components/stat-cards";
import { dashboardTexts } from "./texts";

type QuickLink = { to: string; key: string; icon: LucideIcon };

const QUICK_LINKS: Record<UserType, QuickLink[]> = {
  parent: [
    { to: "/search", key: "dashboard.links.search", icon: Search },
    { to: "/bookings", key: "dashboard.links.bookings", icon: CalendarDays },
    { to: "/messages", key: "dashboard.links.messages", icon: MessageCircle },
    { to: "/favorites", key: "dashboard.links.favourites", icon: Heart },
    { to: "/urgent/new", key: "dashboard.links.urgent", icon: Siren },
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
  agency: [
    { to: "/agency", key: "dashboard.links.agencyTeam", icon: Building2 },
    { to: "/agency/requests", key: "dashboard.links.agencyRequests", icon: Inbox },
    { to: "/agency/calendar", key: "dashboard.links.agencyCalendar", icon: CalendarDays },
    { to: "/agency/invitations", key: "dashboard.links.agencyInvitations", icon: Mail },
    { to: "/agency/figures", key: "dashboard.links.agencyFigures", icon: ChartColumn },
  ],
};

/** Cards a role's figures fill (the skeleton draws as many). */
const STAT_COUNT: Record<UserType, number> = { parent: 4, babysitter: 4, admin: 0, agency: 0 };

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
      {profile.user_type === "babysitter" && <ProfileChecklist />}
      <section aria-labelledby="dashboard-figures" className="mt-10">
        <h2 id="dashboard-figures" className="text-xl font-semibold">
          {t("dashboard.figures")}
        </h2>
        <div className="mt-4">
          {profile.user_type === "admin" ? (
            <AdminNote />
          ) : profile.user_type === "agency" ? (
            <AgencyNote />
          ) : (
            <Figures cards={STAT_COUNT[profile.user_type]} />
          )}
        </div>
      </section>
      {profile.user_type !== "agency" && <NextSteps />}
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
    </div>
  );
}

function Figures({ cards }: { cards: number }) {
  const { t } = useTranslation(dashboardTexts);
  const dashboard = useDashboard();
  if (dashboard.isPending) return <StatCardsSkeleton cards={cards} />;
  if (dashboard.isError)
    return (
      <div className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
        <p className="text-slate-700">{t("dashboard.stats.loadError")}</p>
        <Button className="mt-4" onClick={() => void dashboard.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  return <StatCards figures={dashboard.data} />;
}

function AdminNote() {
  const { t } = useTranslation(dashboardTexts);
  return (
    <div className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <p className="text-slate-700">{t("dashboard.adminNote")}</p>
      <Link to="/admin" className={buttonClasses("secondary", "md", "mt-4")}>
        {t("dashboard.links.admin")}
      </Link>
    </div>
  );
}

function AgencyNote() {
  const { t } = useTranslation(dashboardTexts);
  return (
    <div className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <p className="text-slate-700">{t("dashboard.agencyNote")}</p>
      <Link to="/agency" className={buttonClasses("secondary", "md", "mt-4")}>
        {t("dashboard.links.agency")}
      </Link>
    </div>
  );
}
