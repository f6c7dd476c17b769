// A search result: photo, name, rating and review count, hourly rate, distance, city, bio,
// experience, verified badge, up to 3 languages and 2 specialties with a '+N' counter, availability,
// a 'Mis en avant' badge when a paid plan lifts her, the score the order uses and why, and 'Voir le
// profil' in the same tab (a phone keeps one tab: Back returns to the results, whose search is in the
// URL). The favourite toggle is another feature's: the page hands it in as `favouriteSlot`.
import { BadgeCheck, Crown, MapPin, Sparkles, Star } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router-dom";
import { CARD_MAX_LANGUAGES, CARD_MAX_SPECIALTIES } from "@db/constants/search-filters";
import { afterTaxCreditCents } from "@db/constants/tax-credit";
import type { SearchCard } from "@db/validators/search";
import { Avatar } from "@web/components/ui/avatar";
import { buttonClasses } from "@web/components/ui/button-styles";
import { formatEuros } from "@web/lib/format";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { formatKm, formatRating, fullName } from "../display";
import { matchReasons, scorePercent } from "../match-reasons";
import { searchTexts } from "../texts";

export type Origin = { source: "position" | "location" | "default"; label: string | null };

type SitterCardProps = {
  sitter: SearchCard;
  /** Where distances are measured from (names the 'close to ...' reason). */
  origin: Origin;
  /** Whether the search asked for languages, specialties or age groups (names the profile reason). */
  askedCriteria?: boolean;
  /** The favourite toggle, drawn in the card's top-right corner. */
  favouriteSlot?: ReactNode;
};

export function SitterCard({ sitter, origin, askedCriteria = false, favouriteSlot }: SitterCardProps) {
  const { t } = useTranslation(searchTexts);
  const titleId = useId();
  const name = fullName(sitter);
  const price = formatEuros(sitter.hourly_rate_cents);
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
    >
      {favouriteSlot && <div className="absolute right-3 top-3">{favouriteSlot}</div>}
      <div className="flex items-start gap-4 pr-10">
        <Avatar photoUrl={sitter.photo_url} name={name} decorative />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-lg font-semibold text-night-900">
            {name}
          </h3>
          <RatingLine rating={sitter.rating} reviews={sitter.total_reviews} t={t} />
          <Badges sitter={sitter} t={t} />
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-700">
        <div className="col-span-2 flex flex-wrap items-baseline gap-x-2">
          <dt className="sr-only">{t("search.filters.rate.legend")}</dt>
          <dd className="text-2xl font-bold text-night-900">
            <span aria-hidden="true">{t("search.card.rate", { price })}</span>
            <span className="sr-only">{t("search.card.rateLabel", { price })}</span>
          </dd>
          <dd className="text-xs" data-testid="after-tax-credit">
            {t("search.card.afterTaxCredit", { price: formatEuros(afterTaxCreditCents(sitter.hourly_rate_cents)) })}
          </dd>
        </div>
        <div className="col-span-2 flex items-center gap-1.5">
          <dt className="sr-only">{t("search.sort.distance")}</dt>
          <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-glow-800" />
          <dd>
            {[sitter.city, t("search.card.distance", { km: formatKm(sitter.distance_km) })].filter(Boolean).join(" · ")}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="sr-only">{t("search.filters.experience")}</dt>
          <dd>{t("search.card.experience", { count: sitter.experience_years })}</dd>
        </div>
      </dl>

      {sitter.bio && <p className="line-clamp-3 text-sm text-slate-700">{sitter.bio}</p>}

      <ChipList
        label={t("search.card.languages")}
        names={sitter.languages.map((code) => t(`languages.${code}`))}
        max={CARD_MAX_LANGUAGES}
        t={t}
      />
      <ChipList
        label={t("search.card.specialties")}
        names={sitter.specialties.map((code) => t(`specialties.${code}`))}
        max={CARD_MAX_SPECIALTIES}
        t={t}
      />
      <Availability availability={sitter.availability} t={t} />

      <MatchLine sitter={sitter} origin={origin} askedCriteria={askedCriteria} t={t} />

      <Link
        to={`/babysitter/${encodeURIComponent(sitter.id)}`}
        aria-label={t("search.card.viewProfileLabel", { name })}
        className={buttonClasses("secondary", "md", "mt-auto w-full")}
      >
        {t("search.card.viewProfile")}
      </Link>
    </article>
  );
}

function RatingLine({ rating, reviews, t }: { rating: number; reviews: number; t: TFunction }) {
  const count = t("search.card.reviews", { count: reviews });
  if (reviews === 0) return <p className="mt-0.5 text-sm text-slate-600">{count}</p>;
  return (
    <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-700">
      <Star aria-hidden="true" className="h-4 w-4 fill-glow-400 text-glow-800" />
      <span aria-hidden="true" className="font-semibold text-night-900">
        {formatRating(rating)}
      </span>
      <span className="sr-only">{t("search.card.rating", { rating: formatRating(rating) })}</span>
      <span>({count})</span>
    </p>
  );
}

/** Verified, and 'Mis en avant' when her paid plan lifts her in the order (the lift is in the score shown). */
function Badges({ sitter, t }: { sitter: SearchCard; t: TFunction }) {
  if (!sitter.is_verified && !sitter.featured) return null;
  return (
    <p className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold">
      {sitter.is_verified && (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-800">
          <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
          {t("search.card.verified")}
        </span>
      )}
      {sitter.featured && (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-night-900 px-2 py-0.5 text-glow-300"
          title={t("search.card.featuredHint")}
        >
          <Crown aria-hidden="true" className="h-3.5 w-3.5" />
          {t("search.card.featured")}
        </span>
      )}
    </p>
  );
}

/** The first `max` names as chips, then a '+N' chip that names the others for screen readers and on hover. */
function ChipList({ label, names, max, t }: { label: string; names: string[]; max: number; t: TFunction }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, max);
  const hidden = names.slice(max);
  const moreLabel = t("search.card.moreLabel", { count: hidden.length, names: hidden.join(", ") });
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5 text-xs">
      {shown.map((name) => (
        <li key={name} className="rounded-full bg-night-50 px-2.5 py-1 text-night-800">
          {name}
        </li>
      ))}
      {hidden.length > 0 && (
        <li className="rounded-full border border-night-100 px-2.5 py-1 font-semibold text-night-800" title={moreLabel}>
          <span aria-hidden="true">{t("search.card.more", { count: hidden.length })}</span>
          <span className="sr-only">{moreLabel}</span>
        </li>
      )}
    </ul>
  );
}

const AVAILABILITY = [
  ["available_today", "today"],
  ["weekdays", "weekdays"],
  ["weekends", "weekends"],
  ["evenings", "evenings"],
] as const;

function Availability({ availability, t }: { availability: SearchCard["availability"]; t: TFunction }) {
  const slots = AVAILABILITY.filter(([flag]) => availability[flag]);
  if (slots.length === 0) return null;
  return (
    <ul aria-label={t("search.card.availability")} className="flex flex-wrap gap-1.5 text-xs">
      {slots.map(([flag, key]) => (
        <li
          key={flag}
          className={
            flag === "available_today"
              ? "rounded-full bg-emerald-700 px-2.5 py-1 font-semibold text-white"
              : "rounded-full bg-glow-300/40 px-2.5 py-1 text-glow-900"
          }
        >
          {t(`search.card.available.${key}`)}
        </li>
      ))}
    </ul>
  );
}

function MatchLine(props: { sitter: SearchCard; origin: Origin; askedCriteria: boolean; t: TFunction }) {
  const { sitter, origin, askedCriteria, t } = props;
  const reasons = matchReasons(sitter).map((part) => {
    if (part === "location") return t(`search.match.parts.location.${origin.source}`, { place: origin.label ?? "" });
    if (part === "profile") return t(`search.match.parts.profile.${askedCriteria ? "criteria" : "complete"}`);
    return t(`search.match.parts.${part}`);
  });
  const line = [t("search.match.score", { score: scorePercent(sitter.match_score) }), ...reasons].join(" · ");
  return (
    <p className="flex items-start gap-1.5 text-sm font-medium text-night-700" title={t("search.match.label")}>
      <Sparkles aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-glow-800" />
      <span>{line}</span>
    </p>
  );
}
