// What to do next, under the figures, from GET /api/dashboard:
// - a parent: her next sittings with their status, and a review to leave for each completed
//   sitting she has not reviewed (a link to its review page);
// - a babysitter: her Discovery trial's counter while it runs, and the requests waiting for her
//   answer (a link to each; the rest are on /bookings).
// Long names break inside their card (never widening the page on a phone).
import { CalendarClock, Hourglass, Inbox, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { DashboardBooking } from "@db/validators/dashboard";
import { Avatar } from "@web/components/ui/avatar";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { type DashboardFigures, useDashboard } from "../api/get-dashboard";
import { dashboardTexts } from "../texts";

type ParentFigures = Extract<DashboardFigures, { role: "parent" }>;
type SitterFigures = Extract<DashboardFigures, { role: "babysitter" }>;

const CARD = "rounded-2xl border border-night-100 bg-white p-5 shadow-sm";
const LINK = "font-semibold text-night-900 underline underline-offset-2 hover:text-glow-900";

/** The lists of the caller's role; nothing while the figures above load or say they could not. */
export function NextSteps() {
  const dashboard = useDashboard();
  if (!dashboard.data) return null;
  if (dashboard.data.role === "parent") return <ParentNextSteps figures={dashboard.data} />;
  if (dashboard.data.role === "babysitter") return <SitterNextSteps figures={dashboard.data} />;
  return null;
}

function ParentNextSteps({ figures }: { figures: ParentFigures }) {
  const { t } = useTranslation(dashboardTexts);
  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-2">
      <Section id="dashboard-next" title={t("dashboard.next.title")} icon={CalendarClock}>
        {figures.next_bookings.length === 0 ? (
          <p className="text-slate-700">
            {t("dashboard.next.empty")}{" "}
            <Link to="/search" className={LINK}>
              {t("dashboard.links.search")}
            </Link>
          </p>
        ) : (
          <BookingList bookings={figures.next_bookings} action={(booking) => <StatusLabel booking={booking} />} />
        )}
        {figures.upcoming_bookings > figures.next_bookings.length && (
          <Link to="/bookings" className={`${LINK} mt-4 inline-block`}>
            {t("dashboard.next.seeAll")}
          </Link>
        )}
      </Section>
      <Section id="dashboard-todo" title={t("dashboard.todo.title")} icon={Star}>
        {figures.reviews_to_leave.length === 0 ? (
          <p className="text-slate-700">{t("dashboard.todo.none")}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {figures.reviews_to_leave.map((booking) => (
              <li key={booking.id} className={CARD}>
                <Link to={`/review/${booking.id}`} className={LINK}>
                  {t("dashboard.todo.review", { name: booking.partner.first_name })}
                </Link>
                <p className="mt-1 text-sm text-slate-700">{formatLongDate(booking.start_time)}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function SitterNextSteps({ figures }: { figures: SitterFigures }) {
  const { t } = useTranslation(dashboardTexts);
  const { trial } = figures;
  const others = figures.pending_requests_total - figures.pending_requests.length;
  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-2">
      <Section id="dashboard-requests" title={t("dashboard.requests.title")} icon={Inbox}>
        {figures.pending_requests.length === 0 ? (
          <p className="text-slate-700">{t("dashboard.requests.empty")}</p>
        ) : (
          <BookingList
            bookings={figures.pending_requests}
            action={(booking) => (
              <Link to={`/bookings/${booking.id}`} className={LINK}>
                {t("dashboard.requests.answer", { name: booking.partner.first_name })}
              </Link>
            )}
          />
        )}
        {others > 0 && (
          <Link to="/bookings" className={`${LINK} mt-4 inline-block`}>
            {t("dashboard.requests.more", { count: others })}
          </Link>
        )}
      </Section>
      {trial && (
        <Section id="dashboard-trial" title={t("dashboard.trial.title")} icon={Hourglass}>
          <div className={CARD}>
            <p data-testid="trial-counter" className="text-lg font-semibold text-night-900">
              {t("dashboard.trial.counter", {
                used: trial.bookings_used,
                included: trial.bookings_included,
                count: trial.days_left,
              })}
            </p>
            <p className="mt-1 text-sm text-slate-700">{t("dashboard.trial.hint")}</p>
            <Link to="/settings?tab=subscription" className={`${LINK} mt-3 inline-block`}>
              {t("dashboard.trial.plans")}
            </Link>
          </div>
        </Section>
      )}
    </div>
  );
}

function Section({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: typeof Star;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold">
        <Icon aria-hidden="true" className="h-5 w-5 text-glow-800" />
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Each booking: the other party, the Paris date and times, and what the row offers (`action`). */
function BookingList({
  bookings,
  action,
}: {
  bookings: DashboardBooking[];
  action: (booking: DashboardBooking) => ReactNode;
}) {
  const { t } = useTranslation(dashboardTexts);
  return (
    <ul className="flex flex-col gap-3">
      {bookings.map((booking) => {
        const name = `${booking.partner.first_name} ${booking.partner.last_name}`;
        return (
          <li key={booking.id} data-booking-id={booking.id} className={`${CARD} flex items-start gap-4`}>
            <Avatar photoUrl={booking.partner.photo_url} name={name} size="sm" decorative />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-night-900">
                <Link to={`/bookings/${booking.id}`} className="hover:underline">
                  {name}
                </Link>
              </p>
              <p className="text-sm text-slate-700">
                {t("dashboard.next.when", {
                  date: formatLongDate(booking.start_time),
                  times: formatTimeRange(booking.start_time, booking.end_time),
                })}
              </p>
              <div className="mt-2">{action(booking)}</div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A booking's status in words ('En attente', 'Confirmée'), as on /bookings. */
function StatusLabel({ booking }: { booking: DashboardBooking }) {
  const { t } = useTranslation(dashboardTexts);
  const tone = booking.status === "confirmed" ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900";
  return (
    <span
      data-testid="dashboard-booking-status"
      className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${tone}`}
    >
      {t(`booking.status.${booking.status}`)}
    </span>
  );
}
