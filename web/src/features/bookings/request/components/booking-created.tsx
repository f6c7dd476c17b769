// Step 2 of /booking/{babysitterId}: 'Réservation créée', the summary and the next steps. On
// purpose (docs/decisions.md, "Bookings"): 'Procéder au paiement' does not confirm the booking;
// only the babysitter's acceptance does, and payment comes in a later version, as the page says.
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import { formatEuros } from "@web/lib/format";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import type { CreatedBooking } from "../api/create-booking";
import { bookingTexts } from "../texts";

export function BookingCreated({ booking }: { booking: CreatedBooking }) {
  const { t } = useTranslation(bookingTexts);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t("booking.created.title"));
  useEffect(() => heading.current?.focus(), []);
  const sitter = `${booking.other_party.first_name} ${booking.other_party.last_name}`;

  const proceedToPayment = () => {
    notify.info(t("booking.created.paymentLater"));
    navigate("/bookings");
  };

  const rows: [string, string][] = [
    [t("booking.created.with"), sitter],
    [t("booking.created.date"), formatLongDate(booking.start_time)],
    [t("booking.created.times"), formatTimeRange(booking.start_time, booking.end_time)],
    [t("booking.created.children"), booking.children.map((child) => child.name).join(", ")],
    [t("booking.created.total"), formatEuros(booking.total_amount_cents)],
    [t("booking.created.status"), t(`booking.status.${booking.status}`)],
  ];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="flex items-center gap-3">
        <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-green-700" />
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-night-900">
          {t("booking.created.title")}
        </h1>
      </div>

      <section className="mt-6 rounded-2xl border border-night-100 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold">{t("booking.created.summary")}</h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-medium text-slate-700">{label}</dt>
              <dd className="font-semibold text-night-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mt-6 rounded-2xl border border-night-100 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold">{t("booking.created.nextSteps")}</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-800">
          <li>{t("booking.created.stepSent", { name: booking.other_party.first_name })}</li>
          <li>{t("booking.created.stepNotify")}</li>
          <li>{t("booking.created.stepPayment")}</li>
        </ol>
        <p className="mt-4 rounded-xl bg-night-50 p-3 text-sm text-slate-700">{t("booking.created.pendingNote")}</p>
      </section>

      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to="/bookings" className={buttonClasses("ghost", "md", "border border-night-600")}>
          {t("booking.created.viewBookings")}
        </Link>
        <Button onClick={proceedToPayment}>{t("booking.created.proceedToPayment")}</Button>
      </div>
    </div>
  );
}
