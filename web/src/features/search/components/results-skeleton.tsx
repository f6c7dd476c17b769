// What the list shows while the search runs: a skeleton of 6 cards.
import { SEARCH_SKELETON_CARDS } from "@db/constants/search-filters";
import { useTranslation } from "@web/lib/i18n";
import { searchTexts } from "../texts";

export function ResultsSkeleton() {
  const { t } = useTranslation(searchTexts);
  return (
    <div role="status" aria-label={t("search.results.loading")}>
      <ul aria-hidden="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SEARCH_SKELETON_CARDS }, (_, index) => (
          <li
            key={index}
            data-testid="search-skeleton-card"
            className="flex animate-pulse flex-col gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
          >
            <div className="flex items-center gap-4">
              <div className="h-16 w-16 rounded-full bg-night-100" />
              <div className="flex-1 space-y-2">
                <div className="h-4 w-3/4 rounded bg-night-100" />
                <div className="h-3 w-1/2 rounded bg-night-50" />
              </div>
            </div>
            <div className="h-6 w-1/3 rounded bg-night-100" />
            <div className="space-y-2">
              <div className="h-3 rounded bg-night-50" />
              <div className="h-3 rounded bg-night-50" />
              <div className="h-3 w-2/3 rounded bg-night-50" />
            </div>
            <div className="flex gap-2">
              <div className="h-6 w-16 rounded-full bg-night-50" />
              <div className="h-6 w-20 rounded-full bg-night-50" />
            </div>
            <div className="h-10 rounded-xl bg-night-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
