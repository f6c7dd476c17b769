// /bookings/{id} (linked from emails and SMS): one booking, for its two parties only; anyone else
// sees 'Réservation non trouvée' (the API answers 404).
import { Link, useParams } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError, PageLoading } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import { useBooking } from "./api/get-booking";
import type { Booking } from "./api/list-bookings";
import { BookingCard } from "./components/booking-card";
import { AddToCalendar, FamilyAddress } from "./components/booking-visit";
import { EmergencyAlert } from "./components/emergency-alert";
import { PaymentPanel } from "./components/payment-panel";
import { ReassignmentPanel } from "./components/reassignment-panel";
import { SittingHoursPanel } from "./components/sitting-hours-panel";
import { SittingPanel } from "./components/sitting-panel";
import { bookingsTexts } from "./texts";

export function BookingDetailPage() {
  const { bookingId = "" } = useParams();
  const { t } = useTranslation(bookingsTexts);
  const query = useBooking(bookingId);
  const notFound = query.error instanceof ApiError && query.error.status < 500;

  if (query.isPending) return <PageLoading title={t("pages.bookingDetail")} className="h-64" />;
  if (notFound)
    return (
      <PageFrame title={t("bookings.detail.notFound")}>
        <p className="text-slate-700">{t("bookings.detail.notFoundText")}</p>
        <Link to="/bookings" className={buttonClasses("secondary", "md", "mt-4")}>
          {t("bookings.detail.back")}
        </Link>
      </PageFrame>
    );
  if (query.isError)
    return (
      <LoadError
        variant="page"
        toast
        title={t("pages.bookingDetail")}
        message={t("bookings.loadError")}
        onRetry={() => void query.refetch()}
      />
    );

  const { booking } = query.data;
  return (
    <PageFrame title={t("pages.bookingDetail")}>
      <div className="flex max-w-3xl flex-col gap-4">
        <BookingCard booking={booking} withDetailsLink={false}>
          <BookingDetails booking={booking} />
        </BookingCard>
        <ReassignmentPanel booking={booking} />
        <SittingPanel booking={booking} />
        <SittingHoursPanel booking={booking} />
        <PaymentPanel booking={booking} />
        <FamilyAddress booking={booking} />
        <AddToCalendar booking={booking} />
        <EmergencyAlert booking={booking} />
        <Link to="/bookings" className="inline-block py-1 text-sm font-semibold text-glow-900 underline">
          {t("bookings.detail.back")}
        </Link>
      </div>
    </PageFrame>
  );
}

/** Children (with what the sitter may know at this stage), special instructions, price. */
function BookingDetails({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  const detailsHidden = booking.children.some((child) => child.special_needs === undefined);
  return (
    <div className="grid gap-4 border-t border-night-100 pt-4 text-sm sm:grid-cols-2">
      <section>
        <h3 className="font-semibold text-night-900">{t("bookings.detail.children")}</h3>
        <ul className="mt-2 flex flex-col gap-2">
          {booking.children.map((child) => (
            <li key={child.id}>
              <p className="font-medium">
                {t("bookings.detail.child", {
                  name: child.name,
                  count: child.age,
                })}
              </p>
              {child.special_needs && (
                <p className="text-slate-700">{t("bookings.detail.specialNeeds", { text: child.special_needs })}</p>
              )}
              {child.allergies && (
                <p className="text-slate-700">{t("bookings.detail.allergies", { text: child.allergies })}</p>
              )}
            </li>
          ))}
        </ul>
        {detailsHidden && <p className="mt-2 text-slate-700">{t("bookings.detail.detailsAtArrival")}</p>}
      </section>
      <section>
        <h3 className="font-semibold text-night-900">{t("bookings.detail.instructions")}</h3>
        <p className="mt-2 whitespace-pre-line text-slate-800">
          {booking.special_instructions || t("bookings.detail.noInstructions")}
        </p>
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-700">{t("bookings.detail.price")}</dt>
          <dd>{t("bookings.card.rate", { rate: formatEuros(booking.hourly_rate_cents) })}</dd>
          <dt className="text-slate-700">{t("bookings.detail.total")}</dt>
          <dd className="font-semibold">{formatEuros(booking.total_amount_cents)}</dd>
        </dl>
      </section>
    </div>
  );
}
