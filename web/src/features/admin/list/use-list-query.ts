// A console list's query, read from the URL and written back to it (list-params.ts says how).
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import type { ListParams } from "./list-params";

export type ListUpdate<Q> = (changes: Partial<Q>, options?: { replace?: boolean }) => void;

export function useListQuery<Q>(list: ListParams<Q>) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => list.read(params), [list, params]);
  /**
   * Any change but a page's own starts again at page 1: page 4 of another filter or order is not
   * where the admin was. `replace` for typing, so Back does not replay each search.
   */
  const update: ListUpdate<Q> = useCallback(
    (changes, { replace = false } = {}) => {
      // From the URL as it is now, not as this render read it: two changes before the next render
      // (a severity then a type picked at once) both land. React Router's own functional update
      // hands the render's params, which would drop the first.
      const current = list.read(new URLSearchParams(window.location.search));
      setParams(list.toParams({ ...current, page: 1, ...changes }), { replace });
    },
    [list, setParams],
  );
  const clearFilters = useCallback(
    () => update(Object.fromEntries(list.filterKeys.map((key) => [key, undefined])) as Partial<Q>),
    [list, update],
  );
  return { query, update, clearFilters, filtered: list.hasFilters(query) };
}
