// A console list's state is the URL's query string (?q=&status=&sort=&dir=&page=...), so a filtered
// view can be bookmarked, shared and reloaded. Each parameter is read with the server's own rule
// (the section's query schema): a hand-edited value the server would refuse falls back to its
// default alone, the others still apply. Defaults are left out of the URL.
import type { z } from "zod";

/** A list's query schema: an object whose every field has a default or is optional. */
type QuerySchema = z.ZodObject;

export type ListParams<Q> = {
  /** The list as it opens (the schema's defaults). */
  defaults: Q;
  /** The filters 'Effacer les filtres' empties (the sort, the period and the page size are how one reads, not what). */
  filterKeys: readonly (keyof Q)[];
  read: (params: URLSearchParams) => Q;
  /** The query as string parameters, its defaults and empty values left out: the URL's and the API's. */
  toParams: (query: Partial<Q>) => Record<string, string>;
  /** The query without its paging, as parameters: what the CSV export takes (every row, not a page). */
  exportParams: (query: Q) => Record<string, string>;
  hasFilters: (query: Q) => boolean;
};

export function listParams<S extends QuerySchema>(
  schema: S,
  filterKeys: readonly (keyof z.output<S>)[],
): ListParams<z.output<S>> {
  type Q = z.output<S>;
  const fields = schema.shape;
  const defaults = schema.parse({}) as Q;
  const read = (params: URLSearchParams): Q => {
    const query: Record<string, unknown> = { ...defaults };
    for (const [key, field] of Object.entries(fields)) {
      const raw = params.get(key);
      if (raw === null) continue;
      const parsed = field.safeParse(raw);
      if (parsed.success) query[key] = parsed.data;
    }
    if (query.q === "") delete query.q;
    return query as Q;
  };
  const toParams = (query: Partial<Q>): Record<string, string> => {
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === "" || value === defaults[key as keyof Q]) continue;
      params[key] = String(value);
    }
    return params;
  };
  return {
    defaults,
    filterKeys,
    read,
    toParams,
    exportParams: (query) => toParams({ ...query, page: undefined, page_size: undefined }),
    hasFilters: (query) => filterKeys.some((key) => query[key] !== undefined),
  };
}

/** What a row's link hands the row's page: the list's query string, for its way back. */
export type ListLinkState = { listSearch: string };

/** The list as the admin left it, when she came from it; the bare list otherwise (a shared link). */
export function listPathFrom(state: unknown, listPath: string): string {
  const search = (state as Partial<ListLinkState> | null)?.listSearch;
  return typeof search === "string" && search.startsWith("?") ? `${listPath}${search}` : listPath;
}
