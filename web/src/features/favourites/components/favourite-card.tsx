// One favourite sitter: the search card's facts (photo, name, rating and reviews, hourly rate,
// city, bio, experience, verified badge, up to 3 languages and 2 specialties with a 'more'
// counter), the heart, 'Voir le profil' (same tab) and the remove action.
import { BadgeCheck, MapPin, Star } from "lucide-react";
import { Link } from "react-router-dom";
import { CARD_MAX_LANGUAGES, CARD_MAX_SPECIALTIES } from "@db/constants/search-filters";
import { FavouriteToggle } from "@web/components/favourite-toggle";
import { Avatar } from "@web/components/ui/avatar";
import { buttonClasses } from "@web/components/ui/button-styles";
import { Button } from "@web/components/ui/button";
import type { FavouriteCard as Card } from "@web/lib/favourites";
import { formatEuros } from "@web/lib/format";
import { formatRating } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { favouritesTexts } from "../texts";

/** At most `max` chips, then a '+N' counter that says what it means to screen readers. */
function Chips({ label, items, max }: { label: string; items: string[]; max: number }) {
  const { t } = useTranslation(favouritesTexts);
  if (items.length === 0) return null;
  const hidden = items.length - max;
  return (
    <ul aria-label={label} className="flex flex-wrap items-center gap-1.5">
      {items.slice(0, max).map((item) => (
        <li key={item} className="rounded-full bg-night-50 px-2.5 py-0.5 text-xs font-medium text-night-800">
          {item}
        </li>
      ))}
      {hidden > 0 && (
        <li className="rounded-full border border-night-100 px-2 py-0.5 text-xs text-slate-700">
          <span aria-hidden="true">{t("favourites.card.more", { count: hidden })}</span>
          <span className="sr-only">{t("favourites.card.moreLabel", { count: hidden })}</span>
        </li>
      )}
    </ul>
  );
}

export function FavouriteCard({ card, onRemove }: { card: Card; onRemove: (card: Card) => void }) {
  const { t } = useTranslation(favouritesTexts);
  const name = `${card.first_name} ${card.last_name}`;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <Avatar photoUrl={card.photo_url} name={name} decorative />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-night-900">{name}</h2>
          {card.is_verified && (
            <p className="mt-0.5 inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
              <BadgeCheck aria-hidden="true" className="h-4 w-4" />
              {t("favourites.card.verified")}
            </p>
          )}
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
            <Star aria-hidden="true" className="h-4 w-4 fill-glow-400 text-glow-500" />
            {card.total_reviews > 0
              ? t("favourites.card.rating", { rating: formatRating(card.rating), count: card.total_reviews })
              : t("favourites.card.noReviews")}
          </p>
        </div>
        <FavouriteToggle babysitterId={card.id} babysitterName={name} />
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm text-slate-700">
        <div>
          <dt className="sr-only">{t("favourites.card.rateLabel")}</dt>
          <dd className="font-semibold text-night-900">
            {t("favourites.card.rate", { amount: formatEuros(card.hourly_rate_cents) })}
          </dd>
        </div>
        {card.city && (
          <div>
            <dt className="sr-only">{t("favourites.card.cityLabel")}</dt>
            <dd className="flex items-center gap-1">
              <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
              {card.city}
            </dd>
          </div>
        )}
        <div className="col-span-2">
          <dt className="sr-only">{t("favourites.card.experienceLabel")}</dt>
          <dd>{t("favourites.card.experience.count", { count: card.experience_years })}</dd>
        </div>
      </dl>

      {card.bio && <p className="mt-3 line-clamp-3 text-sm text-slate-700">{card.bio}</p>}

      <div className="mt-4 flex flex-col gap-2">
        <Chips
          label={t("favourites.card.languages")}
          items={card.languages.map((code) => t(`languages.${code}`))}
          max={CARD_MAX_LANGUAGES}
        />
        <Chips
          label={t("favourites.card.specialties")}
          items={card.specialties.map((slug) => t(`specialties.${slug}`))}
          max={CARD_MAX_SPECIALTIES}
        />
      </div>

      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        {/* The same tab (a phone user lost her list in a new one); Back returns to it. */}
        <Link to={`/babysitter/${encodeURIComponent(card.id)}`} className={buttonClasses("secondary", "sm")}>
          {t("favourites.card.viewProfile")}
          <span className="sr-only"> {name}</span>
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-100"
          aria-label={t("favourites.card.removeLabel", { name })}
          onClick={() => onRemove(card)}
        >
          {t("favourites.card.remove")}
        </Button>
      </div>
    </article>
  );
}

/** The shape of a card while the list loads. */
export function FavouriteCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4 motion-safe:animate-pulse">
        <div className="h-16 w-16 rounded-full bg-night-100" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-2/3 rounded bg-night-100" />
          <div className="h-4 w-1/3 rounded bg-night-100" />
        </div>
      </div>
      <div className="mt-5 space-y-2 motion-safe:animate-pulse">
        <div className="h-4 w-full rounded bg-night-50" />
        <div className="h-4 w-5/6 rounded bg-night-50" />
        <div className="h-8 w-1/2 rounded-xl bg-night-100" />
      </div>
    </div>
  );
}
