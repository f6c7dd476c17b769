import type { ComponentType } from "react";
import { Avatar } from "@web/components/ui/avatar";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import type { PublicSitter } from "../api/get-babysitter";
import { sitterTexts } from "../texts";
import { Card } from "./sitter-details";
import { Stars } from "./stars";

/** Drawn under each review (the 'Signaler' control, another feature's: the page passes it). */
export type ReviewAction = ComponentType<{ review: PublicSitter["reviews"][number] }>;

export function SitterReviews({
  reviews,
  reviewAction: ReviewAction,
}: {
  reviews: PublicSitter["reviews"];
  reviewAction?: ReviewAction;
}) {
  const { t } = useTranslation(sitterTexts);
  return (
    <Card title={t("sitter.reviews.title")}>
      {reviews.length === 0 ? (
        <p className="text-slate-700">{t("sitter.reviews.empty")}</p>
      ) : (
        <ul className="divide-y divide-night-100">
          {reviews.map((review) => {
            const name = `${review.reviewer.first_name} ${review.reviewer.last_initial}.`;
            return (
              <li key={review.id} className="flex gap-4 py-4 first:pt-0 last:pb-0">
                <Avatar photoUrl={review.reviewer.photo_url} name={name} size="sm" decorative />
                <article className="min-w-0 flex-1">
                  <header className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-night-900">{t("sitter.reviews.by", { name })}</h3>
                    <time dateTime={review.created_at} className="text-sm text-slate-700">
                      {formatDay(review.created_at)}
                    </time>
                  </header>
                  <Stars rating={review.rating} label={t("sitter.reviews.stars", { rating: review.rating })} />
                  <p className="mt-2 whitespace-pre-line text-slate-800">{review.comment}</p>
                  {ReviewAction && <ReviewAction review={review} />}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
