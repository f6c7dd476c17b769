// One booking in the list (and at the top of its detail page): the other party (photo, name, city,
// rating), the Paris date and times, the children, the amount, the cancellation terms, the status
// and the actions.
import { BadgeCheck, CalendarDays, Clock, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Avatar } from "@web/components/ui/avatar";
import { formatEuros } from "@web/lib/format";
import { formatLongDate, formatRating, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import type { Booking } from "../api/list-bookings";
import { bookingsTexts } from "../texts";
import { BookingActions } from "./booking-actions";
import { CancellationTerms } from "./cancellation-terms";
import { StatusBadge } from "./status-badge";

export function BookingCard({
  booking,
  headingLevel = "h2",
  withDetailsLink = true,
  children,
}: {
  booking: Booking;
  headingLevel?: "h2" | "h3";
  withDetailsLink?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(bookingsTexts);
  const other = booking.other_party;
  const name = `${other.first_name} ${other.last_name}`;
  const titleId = `booking-${booking.id}-title`;
  const Heading = headingLevel;
  return (
    <article
      aria-labelledby={titleId}
      data-booking-id={booking.id}
      className="flex flex-col gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <Avatar photoUrl={other.photo_url} name={name} size="md" decorative />
        <div className="min-w-0 flex-1">
          <Heading id={titleId} className="flex items-center gap-2 text-lg font-semibold text-night-900">
            {name}
            {other.is_verified && (
              <BadgeCheck role="img" aria-label={t("bookings.card.verified")} className="h-5 w-5 text-night-700" />
            )}
          </Heading>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <span>{t(`bookings.card.${other.user_type === "parent" ? "parent" : "babysitter"}`)}</span>
            {other.city && (
              <span className="flex items-center gap-1">
                <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
                {other.city}
              </span>
            )}
            {other.total_reviews > 0 && (
              <span data-testid="party-rating">
                {t("bookings.card.rating", { rating: formatRating(other.rating), count: other.total_reviews })}
              </span>
            )}
          </p>
        </div>
        <StatusBadge booking={booking} />
      </div>

      <div className="grid gap-2 text-sm text-night-900 sm:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-1">
          <p className="flex items-center gap-2 font-medium">
            <CalendarDays aria-hidden="true" className="h-4 w-4 text-night-700" />
            <span className="inline-block first-letter:uppercase">{formatLongDate(booking.start_time)}</span>
          </p>
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="h-4 w-4 text-night-700" />
            <span data-testid="booking-times">{formatTimeRange(booking.start_time, booking.end_time)}</span>
          </p>
          {booking.children.length > 0 && (
            <p className="text-slate-700">
              {t("bookings.card.children", { names: booking.children.map((child) => child.name).join(", ") })}
            </p>
          )}
        </div>
        <div className="sm:text-right">
          <p className="text-xl font-bold">{formatEuros(booking.total_amount_cents)}</p>
          <p className="text-slate-700">{t("bookings.card.rate", { rate: formatEuros(booking.hourly_rate_cents) })}</p>
        </div>
      </div>

      <CancellationTerms booking={booking} />

      {children}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <BookingActions booking={booking} />
        {withDetailsLink && (
          <Link
            to={`/bookings/${booking.id}`}
            className="inline-block py-1 text-sm font-semibold text-glow-900 underline"
            aria-label={t("bookings.card.detailsOf", { name, date: formatLongDate(booking.start_time) })}
          >
            {t("bookings.card.details")}
          </Link>
        )}
      </div>
    </article>
  );
}
