// The Users list's query, read from the URL and written back to it (list-params.ts says how).
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import type { UsersQuery } from "@db/validators/admin-users";
import { FILTER_KEYS, listQueryParams, readListQuery } from "./list-params";

export type ListUpdate = (changes: Partial<UsersQuery>, options?: { replace?: boolean }) => void;

export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params), [params]);
  /**
   * Any change but a page's own starts again at page 1: page 4 of another filter or order is not
   * where the admin was. `replace` for typing, so Back does not replay each search.
   */
  const update: ListUpdate = useCallback(
    (changes, { replace = false } = {}) => setParams(listQueryParams({ ...query, page: 1, ...changes }), { replace }),
    [query, setParams],
  );
  const clearFilters = useCallback(
    () => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined]))),
    [update],
  );
  return { query, update, clearFilters };
}
