import { BadgeCheck, Building2, Crown, MapPin, MessageCircle, Pencil, Phone } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router-dom";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { UnverifiedNote } from "@web/components/unverified-note";
import type { Profile } from "@web/lib/api-client";
import { useEmailUnverified } from "@web/lib/email-verification";
import { formatEuros } from "@web/lib/format";
import { formatRating } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import type { PublicSitter } from "../api/get-babysitter";
import { sitterTexts } from "../texts";
import { Stars } from "./stars";

/**
 * Photo, name, badges, rating, city, experience and rate, with the actions the viewer may take.
 * `favouriteSlot` is where the shared favourite toggle sits, beside the actions.
 */
export function SitterSummary({
  sitter,
  viewer,
  favouriteSlot,
}: {
  sitter: PublicSitter;
  viewer: Profile | null;
  favouriteSlot?: ReactNode;
}) {
  const { t } = useTranslation(sitterTexts);
  const name = `${sitter.first_name} ${sitter.last_name}`;
  const rating = formatRating(sitter.rating);
  return (
    <section
      aria-labelledby="sitter-name"
      className="rounded-3xl border border-night-100 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <Avatar photoUrl={sitter.photo_url} name={name} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="sitter-name" className="text-3xl font-bold tracking-tight text-night-900">
              {name}
            </h1>
            {sitter.is_verified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-night-100 px-2.5 py-1 text-xs font-semibold text-night-800">
                <BadgeCheck aria-hidden="true" className="h-4 w-4" />
                {t("sitter.verified")}
              </span>
            )}
            {sitter.plan !== "discovery" && (
              <span className="inline-flex items-center gap-1 rounded-full bg-glow-300 px-2.5 py-1 text-xs font-semibold text-night-950">
                <Crown aria-hidden="true" className="h-4 w-4" />
                {t("sitter.plan", { plan: t(`plans.${sitter.plan}.name`) })}
              </span>
            )}
          </div>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
            {sitter.city && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="h-4 w-4" />
                {sitter.city}
              </span>
            )}
            <span>{t("sitter.experience", { count: sitter.experience_years })}</span>
            {sitter.agency && (
              <span className="inline-flex items-center gap-1">
                <Building2 aria-hidden="true" className="h-4 w-4" />
                {t("sitter.agency", { agency: sitter.agency.name })}
              </span>
            )}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {sitter.total_reviews > 0 ? (
              <>
                <Stars rating={sitter.rating} label={t("sitter.rating", { rating })} />
                <span className="font-semibold text-night-900">{rating}</span>
                <span>
                  (
                  {t("sitter.reviews", {
                    count: sitter.total_reviews,
                  })}
                  )
                </span>
              </>
            ) : (
              <span>{t("sitter.noRating")}</span>
            )}
          </p>
          <p className="mt-3 text-2xl font-bold text-night-900">
            {t("sitter.hourlyRate", { rate: formatEuros(sitter.hourly_rate_cents) })}
          </p>
        </div>
      </div>
      <SitterActions sitter={sitter} viewer={viewer} favouriteSlot={favouriteSlot} />
    </section>
  );
}

function SitterActions({
  sitter,
  viewer,
  favouriteSlot,
}: {
  sitter: PublicSitter;
  viewer: Profile | null;
  favouriteSlot?: ReactNode;
}) {
  const { t } = useTranslation(sitterTexts);
  const unverified = useEmailUnverified();
  const page = `/babysitter/${sitter.id}`;
  if (sitter.viewer.is_owner) {
    return (
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/profile?tab=babysitter" className={buttonClasses("secondary")}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {t("sitter.editProfile")}
        </Link>
      </div>
    );
  }
  const mayBook = !viewer || viewer.user_type === "parent";
  if (viewer && unverified) return <UnverifiedActions mayBook={mayBook} />;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      {mayBook && (
        <Link to={`/booking/${sitter.id}`} className={buttonClasses("primary", "lg")}>
          {t("sitter.book")}
        </Link>
      )}
      {viewer ? (
        <Link to={`/messages?to=${encodeURIComponent(sitter.id)}`} className={buttonClasses("secondary", "lg")}>
          <MessageCircle aria-hidden="true" className="h-4 w-4" />
          {t("sitter.message")}
        </Link>
      ) : (
        // Signed out: sign in first, then come back to this page (the login page reads `from`).
        <Link to="/login" state={{ from: page }} className={buttonClasses("secondary", "lg")}>
          <MessageCircle aria-hidden="true" className="h-4 w-4" />
          {t("sitter.message")}
        </Link>
      )}
      {sitter.phone && (
        <a
          href={`tel:${sitter.phone.replace(/[^\d+]/g, "")}`}
          className={buttonClasses("ghost", "lg", "border border-night-600")}
        >
          <Phone aria-hidden="true" className="h-4 w-4" />
          {t("sitter.call")}
        </a>
      )}
      {favouriteSlot}
    </div>
  );
}

/** A signed-in account whose email is not confirmed: the two actions shown off, and why. */
function UnverifiedActions({ mayBook }: { mayBook: boolean }) {
  const { t } = useTranslation(sitterTexts);
  const noteId = useId();
  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center gap-3">
        {mayBook && (
          <Button size="lg" disabled aria-describedby={noteId}>
            {t("sitter.book")}
          </Button>
        )}
        <Button size="lg" variant="secondary" disabled aria-describedby={noteId}>
          <MessageCircle aria-hidden="true" className="h-4 w-4" />
          {t("sitter.message")}
        </Button>
      </div>
      <UnverifiedNote id={noteId} className="mt-3 max-w-prose" />
    </div>
  );
}
