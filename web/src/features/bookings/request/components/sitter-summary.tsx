import { BadgeCheck, MapPin, Star } from "lucide-react";
import { Avatar } from "@web/components/ui/avatar";
import { formatEuros } from "@web/lib/format";
import { formatRating } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import type { BookingFormData } from "../api/get-booking-form";
import { bookingTexts } from "../texts";

/** Who is being booked: photo, name, city, rate and rating. */
export function SitterSummary({ sitter }: { sitter: BookingFormData["babysitter"] }) {
  const { t } = useTranslation(bookingTexts);
  const name = `${sitter.first_name} ${sitter.last_name}`;
  return (
    <section
      aria-label={name}
      className="flex items-center gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
    >
      <Avatar photoUrl={sitter.photo_url} name={name} size="md" />
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-lg font-semibold text-night-900">
          {name}
          {sitter.is_verified && (
            <BadgeCheck role="img" aria-label={t("booking.sitter.verified")} className="h-5 w-5 text-night-700" />
          )}
        </p>
        {sitter.city && (
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="h-4 w-4" />
            {sitter.city}
          </p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="font-semibold text-night-900">
            {t("booking.sitter.perHour", { rate: formatEuros(sitter.hourly_rate_cents) })}
          </span>
          <span className="flex items-center gap-1 text-slate-700">
            <Star aria-hidden="true" className="h-4 w-4 text-glow-800" />
            {sitter.total_reviews > 0
              ? t("booking.sitter.rating", { rating: formatRating(sitter.rating), count: sitter.total_reviews })
              : t("booking.sitter.noReviews")}
          </span>
        </p>
      </div>
    </section>
  );
}
