// The page's state is the URL's query string. /search is pre-rendered for the bare URL, so the
// server and the hydrating client must draw the same first render: the URL's parameters are read
// only once the page is hydrated (useHydrated), and the search waits for them (`ready`).
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useHydrated } from "@web/lib/hydration";
import {
  activeFilterCount,
  type ApiParam,
  apiParams,
  type ParamUpdates,
  readSearch,
  readView,
  withUpdates,
} from "./search-params";

const EMPTY = new URLSearchParams();

/**
 * `push` keeps each step in the history (filters, sort, page, view); `replace` updates the current
 * entry (typing, dragging the radius), so Back does not replay every keystroke.
 */
export type HistoryMode = "push" | "replace";

export function useSearchState() {
  const [urlParams, setUrlParams] = useSearchParams();
  // The router applies a new URL in a transition: until it lands, the controls show the change
  // they asked for (a checkbox does not flick back), and a second change builds on the first.
  const [pending, setPending] = useState<{ from: URLSearchParams; next: URLSearchParams } | null>(null);
  const current = pending?.from === urlParams ? pending.next : urlParams;
  const ready = useHydrated();
  const params = ready ? current : EMPTY;
  const search = useMemo(() => readSearch(params), [params]);
  const request = useMemo(() => apiParams(params), [params]);
  const update = useCallback(
    (updates: ParamUpdates, history: HistoryMode = "push") => {
      const next = withUpdates(current, updates);
      setPending({ from: urlParams, next });
      setUrlParams(next, { replace: history === "replace" });
    },
    [current, urlParams, setUrlParams],
  );
  return {
    ready,
    search,
    request,
    view: readView(params),
    /** A parameter as the URL holds it (a field shows what was typed, even a value the search leaves out). */
    raw: (key: ApiParam) => params.get(key) ?? "",
    activeFilters: activeFilterCount(params),
    update,
  };
}

export type SearchState = ReturnType<typeof useSearchState>;
