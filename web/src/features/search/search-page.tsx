// /search: free text, a city or the visitor's position, advanced filters, sort, and the results as
// cards or on a map, one page at a time. Everything the search is made of lives in the URL
// (use-search-state.ts), so a search can be shared and survives a reload. Public: a signed-in
// visitor sees the same page. Pre-rendered for the bare URL (see useHydrated).
import { SlidersHorizontal } from "lucide-react";
import { Suspense, useCallback, useDeferredValue, useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { ErrorBoundary } from "@web/components/error-boundary";
import { renewableLazy } from "@web/lib/renewable-lazy";
import { FavouriteToggle } from "@web/components/favourite-toggle";
import { PageFrame } from "@web/components/ui/page-frame";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api-client";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useSearchBabysitters } from "./api/search-babysitters";
import { EmptyResults } from "./components/empty-results";
import { FiltersPanel } from "./components/filters-panel";
import { Pagination } from "./components/pagination";
import { ResultsHeader } from "./components/results-header";
import { ResultsSkeleton } from "./components/results-skeleton";
import { SearchBar } from "./components/search-bar";
import { SitterCard } from "./components/sitter-card";
import { CLEAR_SEARCH } from "./search-params";
import { searchTexts } from "./texts";
import { type Coordinates, usePosition } from "./use-position";
import { type SearchState, useSearchState } from "./use-search-state";

export { prefetchSearch } from "./api/search-babysitters";

// Its own chunk, fetched the first time the visitor switches to the map.
const ResultsMap = renewableLazy(() => import("./components/results-map"));

/** The map's chunk failed to load (offline, a deploy replaced it): the list view still works, and the map is tried again when it is next opened. */
function mapFailed(error: unknown) {
  console.error("the search map failed", error);
  ResultsMap.renew();
}

export function SearchPage() {
  const { t } = useTranslation(searchTexts);
  const state = useSearchState();
  const { update } = state;
  const results = useSearchBabysitters(state.request, state.ready);
  const onPositionFound = useCallback(({ lat, lng }: Coordinates) => update({ lat, lng, location: null }), [update]);
  const position = usePosition(onPositionFound);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The panel (some forty controls) is drawn the first time it opens, not with the page; once drawn
  // it stays, hidden when closed, so a value typed just before closing still reaches the search.
  const [filtersDrawn, setFiltersDrawn] = useState(false);
  if (filtersOpen && !filtersDrawn) setFiltersDrawn(true);
  const panelId = useId();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A refused input (a place the server does not know) is one message, under its box: no toast, no
  // retry, no 'results unavailable' (nothing failed; the search waits for a valid place).
  const inputError = refusedInput(results.error);
  useLoadErrorToast(inputError ? null : results.error, t);
  useBackToALastPage(state, results.data);

  // The cards render in a second, interruptible pass once the answer is in: React then builds them
  // in slices of a few milliseconds between which the browser stays responsive, instead of one long
  // task (about 400 ms for 20 cards on a mid-range phone's CPU). Until that pass has run, the
  // skeleton stays.
  const data = useDeferredValue(results.data);
  const loading = !state.ready || results.isPending || (data === undefined && results.data !== undefined);
  const { languages, specialties, ageGroups } = state.search;
  const askedCriteria = [languages, specialties, ageGroups].some((list) => (list?.length ?? 0) > 0);
  const pages = data ? Math.ceil(data.total / data.page_size) : 0;
  const showPage = (page: number) => {
    update({ page: String(page) });
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "start" });
  };

  return (
    <PageFrame title={t("pages.search")} intro={t("search.intro")}>
      <SearchBar
        state={state}
        position={position}
        locationError={inputError?.field === "location" ? inputError.message : undefined}
      />
      <div className="mt-4">
        <Button
          variant="ghost"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
          className="border border-slate-400"
        >
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          {t("search.filters.toggle")}
          {state.activeFilters > 0 && (
            <span className="rounded-full bg-night-900 px-2 py-0.5 text-xs text-white">
              {t("search.filters.active", { count: state.activeFilters })}
            </span>
          )}
        </Button>
        <div id={panelId} hidden={!filtersOpen} className="mt-3">
          {filtersDrawn && <FiltersPanel id={panelId} state={state} />}
        </div>
      </div>

      <section aria-labelledby={headingId} className="mt-8 flex flex-col gap-5">
        <ResultsHeader
          headingId={headingId}
          headingRef={headingRef}
          state={state}
          result={data}
          loading={loading}
          failed={results.isError}
          refused={inputError !== null}
        />
        {state.view === "map" ? (
          <ErrorBoundary fallback={<p className="text-red-700">{t("search.map.failed")}</p>} onError={mapFailed}>
            <Suspense fallback={<MapLoading label={t("search.map.loading")} />}>
              <ResultsMap.Component
                sitters={data?.results ?? []}
                origin={data?.origin}
                loading={loading}
                locating={position.status === "locating"}
                onLocate={position.locate}
              />
            </Suspense>
            {data && data.total > 0 && <p className="text-sm text-slate-700">{t("search.map.pageNote")}</p>}
          </ErrorBoundary>
        ) : loading ? (
          <ResultsSkeleton />
        ) : inputError ? null : !data ? (
          <LoadFailed onRetry={() => void results.refetch()} retrying={results.isFetching} />
        ) : data.total === 0 ? (
          <EmptyResults
            onReset={() => update(CLEAR_SEARCH)}
            wider={data.wider}
            onWiden={(radius) => update({ radius: String(radius) })}
          />
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {data.results.map((sitter) => (
              // Cards off screen skip style, layout and paint until they come near the viewport; the
              // intrinsic height keeps the page's height (and the scroll bar) close to the real one.
              // Only the height: a width of 30rem too made a skipped card 480px wide, wider than a
              // phone's column (the page scrolled sideways until the card came into view).
              <li key={sitter.id} className="[contain-intrinsic-block-size:auto_30rem] [content-visibility:auto]">
                <SitterCard
                  sitter={sitter}
                  origin={data.origin}
                  askedCriteria={askedCriteria}
                  favouriteSlot={
                    <FavouriteToggle
                      babysitterId={sitter.id}
                      babysitterName={`${sitter.first_name} ${sitter.last_name}`}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {data && <Pagination page={data.page} pages={pages} onPage={showPage} />}
      </section>
    </PageFrame>
  );
}

/** A failed search is an error toast (as every failure is) and an inline retry. */
function useLoadErrorToast(error: Error | null, t: TFunction) {
  const toast = useEffectEvent((failure: Error) => notify.error(loadErrorMessage(failure, t)));
  useEffect(() => {
    if (error) toast(error);
  }, [error]);
}

/** The server's own words for a refused search (in the visitor's language), else ours. */
function loadErrorMessage(error: Error, t: TFunction): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return t("search.errors.load");
}

/** A 4xx that names the field at fault (e.g. a place it does not know), with the server's message; else null. */
function refusedInput(error: Error | null): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || !error.field) return null;
  return { field: error.field, message: error.message };
}

/** A page past the last one (an old link, fewer results since) goes back to the first. */
function useBackToALastPage(state: SearchState, data: { total: number; results: unknown[] } | undefined) {
  const { update } = state;
  const pastTheEnd = Boolean(data && data.total > 0 && data.results.length === 0);
  useEffect(() => {
    if (pastTheEnd) update({ page: null }, "replace");
  }, [pastTheEnd, update]);
}

function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation(searchTexts);
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-night-100 bg-white px-6 py-10 text-center">
      <p className="text-slate-700">{t("search.errors.inline")}</p>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

function MapLoading({ label }: { label: string }) {
  return (
    <div className="flex h-[32rem] items-center justify-center rounded-2xl border border-night-100 bg-night-50 text-night-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
