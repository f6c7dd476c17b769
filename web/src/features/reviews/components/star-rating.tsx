// The 1-5 rating as a radio group of stars: real radio inputs, so the keyboard (arrows) and screen
// readers work as for any radio group; each star's name says its number and its label (5 Excellent,
// 4 Très bien, 3 Bien, 2 Moyen, 1 Décevant). Each input lies, transparent, over its star: a tap on
// the star is a tap on the radio button.
import { clsx } from "clsx";
import { Star } from "lucide-react";
import { useId } from "react";
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from "@db/constants/limits";
import { FieldError } from "@web/components/form/text-field";
import { useTranslation } from "@web/lib/i18n";
import { reviewsTexts } from "../texts";

const RATINGS = Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, i) => REVIEW_RATING_MIN + i);

export function StarRating({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation(reviewsTexts);
  const name = useId();
  const shown = value ?? 0;
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-night-900">{t("reviews.rating.legend")}</legend>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <div className="flex">
          {RATINGS.map((rating) => {
            const id = `${name}-${rating}`;
            return (
              <span key={rating} className="relative">
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={rating}
                  checked={value === rating}
                  onChange={() => onChange(rating)}
                  onBlur={onBlur}
                  className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
                />
                <label
                  htmlFor={id}
                  className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg peer-focus-visible:outline-3 peer-focus-visible:outline-glow-500"
                >
                  <Star
                    aria-hidden="true"
                    className={clsx(
                      "h-8 w-8",
                      rating <= shown ? "fill-glow-400 text-glow-800" : "fill-transparent text-slate-500",
                    )}
                  />
                  <span className="sr-only">
                    {t("reviews.rating.star", { count: rating, label: t(`reviews.rating.labels.${rating}`) })}
                  </span>
                </label>
              </span>
            );
          })}
        </div>
        <p className="min-w-24 font-semibold text-night-900" aria-hidden="true">
          {shown > 0 ? t(`reviews.rating.labels.${shown}`) : ""}
        </p>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
