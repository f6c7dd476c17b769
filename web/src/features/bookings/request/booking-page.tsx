// /booking/{babysitterId}: step 1, the request form; step 2, 'Réservation créée'. The sitter's
// summary and the parent's children come in one request.
import { SearchX } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import type { CreatedBooking } from "./api/create-booking";
import { type BookingFormData, useBookingForm } from "./api/get-booking-form";
import { BookingCreated } from "./components/booking-created";
import { BookingForm } from "./components/booking-form";
import { SitterSummary } from "./components/sitter-summary";
import { bookingTexts } from "./texts";

export function BookingPage() {
  const { babysitterId = "" } = useParams();
  const { t } = useTranslation(bookingTexts);
  const query = useBookingForm(babysitterId);
  const [created, setCreated] = useState<CreatedBooking | null>(null);
  const status = query.error instanceof ApiError ? query.error.status : undefined;
  const failed = query.isError && status !== 404 && status !== 403;

  if (created) return <BookingCreated booking={created} />;
  if (query.isPending) return <BookingSkeleton />;
  if (status === 404) return <SitterNotFound />;
  if (query.isError)
    return (
      <LoadError
        variant="page"
        toast={failed}
        title={t("pages.booking")}
        message={t(status === 403 ? "booking.page.parentsOnly" : "booking.page.loadError")}
        onRetry={failed ? () => void query.refetch() : undefined}
      />
    );
  return <BookingStep data={query.data} onCreated={setCreated} />;
}

function BookingStep({ data, onCreated }: { data: BookingFormData; onCreated: (booking: CreatedBooking) => void }) {
  const { t } = useTranslation(bookingTexts);
  const name = `${data.babysitter.first_name} ${data.babysitter.last_name}`;
  return (
    <PageFrame title={t("booking.page.title", { name })}>
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <SitterSummary sitter={data.babysitter} />
        <BookingForm data={data} onCreated={onCreated} />
      </div>
    </PageFrame>
  );
}

function SitterNotFound() {
  const { t } = useTranslation(bookingTexts);
  return (
    <PageFrame title={t("booking.page.notFound")}>
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <SearchX aria-hidden="true" className="h-8 w-8 text-night-700" />
        <p className="text-slate-700">{t("booking.page.notFoundText")}</p>
        <Link to="/search" className={buttonClasses("secondary")}>
          {t("booking.page.backToSearch")}
        </Link>
      </div>
    </PageFrame>
  );
}

function BookingSkeleton() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t("pages.booking")}>
      <div className="mx-auto flex max-w-3xl flex-col gap-6" aria-busy="true">
        <span className="sr-only" role="status">
          {t("common.loading")}
        </span>
        <div className="h-28 animate-pulse rounded-2xl bg-night-100" />
        <div className="h-96 animate-pulse rounded-2xl bg-night-100" />
      </div>
    </PageFrame>
  );
}
