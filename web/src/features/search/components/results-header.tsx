// Above the results: how many were found, from where distances are measured (the answer's
// `origin`) and, where sitters are so many that only the nearest were searched, within what radius
// (`narrowed`); the sort and the list/map switch.
import { List, Map as MapIcon, MapPin } from "lucide-react";
import { type Ref, useId } from "react";
import { SEARCH_SORTS } from "@db/constants/search-query";
import type { SearchResult } from "@db/validators/search";
import { clsx } from "clsx";
import { formatNumber } from "@web/lib/format-paris";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { type SearchView, VIEWS } from "../search-params";
import { searchTexts } from "../texts";
import type { SearchState } from "../use-search-state";

type ResultsHeaderProps = {
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
  state: SearchState;
  result: SearchResult | undefined;
  loading: boolean;
  failed: boolean;
  /** The server refused an input (its box says why): the heading stays for screen readers only. */
  refused?: boolean;
};

const VIEW_ICONS = { list: List, map: MapIcon } as const;

export function ResultsHeader(props: ResultsHeaderProps) {
  const { headingId, headingRef, state, result, loading, failed, refused = false } = props;
  const { t } = useTranslation(searchTexts);
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 border-b border-night-100 pb-4">
      <div aria-live="polite">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className={refused ? "sr-only" : "text-xl font-bold text-night-900"}
        >
          {refused ? t("search.results.none") : headingText({ result, loading, failed }, t)}
        </h2>
        {result && !loading && (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="h-4 w-4 text-glow-800" />
            {originText(result.origin, t)}
          </p>
        )}
        {result?.narrowed && !loading && (
          <p data-testid="search-narrowed" className="mt-1 text-sm text-slate-700">
            {t("search.origin.narrowed", { radius: formatNumber(result.narrowed.radius, 1) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={sortId} className="text-sm font-medium text-night-900">
            {t("search.sort.label")}
          </label>
          <select
            id={sortId}
            value={state.search.sort}
            onChange={(event) => state.update({ sort: event.target.value })}
            className="h-11 rounded-xl border border-slate-400 bg-white px-3 text-sm text-night-900 hover:border-night-600"
          >
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`search.sort.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-label={t("search.view.label")} className="flex rounded-xl border border-slate-400 p-0.5">
          {VIEWS.map((view) => (
            <ViewButton key={view} view={view} current={state.view} onSelect={() => state.update({ view })} t={t} />
          ))}
        </div>
      </div>
    </div>
  );
}

function ViewButton(props: { view: SearchView; current: SearchView; onSelect: () => void; t: TFunction }) {
  const Icon = VIEW_ICONS[props.view];
  const selected = props.view === props.current;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={props.onSelect}
      className={clsx(
        "inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold",
        selected ? "bg-night-900 text-white" : "text-night-900 hover:bg-night-50",
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {props.t(`search.view.${props.view}`)}
    </button>
  );
}

function headingText(
  { result, loading, failed }: Pick<ResultsHeaderProps, "result" | "loading" | "failed">,
  t: TFunction,
): string {
  if (loading) return t("search.results.searching");
  if (!result) return failed ? t("search.results.unavailable") : t("search.results.searching");
  const total = result.total;
  if (total === 0) return t("search.results.none");
  if (total === 1) return t("search.results.one");
  return t("search.results.many", { count: total });
}

export function originText(origin: SearchResult["origin"], t: TFunction): string {
  if (origin.source === "position") return t("search.origin.position");
  if (origin.source === "location" && origin.label) return t("search.origin.location", { label: origin.label });
  return t("search.origin.default");
}
