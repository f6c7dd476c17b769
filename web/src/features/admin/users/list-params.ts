// The Users list's state is the URL's query string (?q=&role=&status=&verified=&plan=&sort=&dir=&page=
// &page_size=), so a filtered view can be bookmarked, shared and reloaded. Each parameter is read
// with the server's own rule (usersQuerySchema): a hand-edited value the server would refuse falls
// back to its default alone, the others still apply. Defaults are left out of the URL.
import { type UsersQuery, usersQuerySchema } from "@db/validators/admin-users";

type QueryKey = keyof UsersQuery;

const FIELDS = usersQuerySchema.shape;
const KEYS = Object.keys(FIELDS) as QueryKey[];

/** The list as it opens: every account, newest first, the first page of 25. */
export const DEFAULT_QUERY: UsersQuery = usersQuerySchema.parse({});

/** The filters 'Effacer les filtres' empties (the sort and the page size are how one reads, not what). */
export const FILTER_KEYS = ["q", "role", "status", "verified", "plan"] as const satisfies readonly QueryKey[];

export function readListQuery(params: URLSearchParams): UsersQuery {
  const query: Record<string, unknown> = { ...DEFAULT_QUERY };
  for (const key of KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = FIELDS[key].safeParse(raw);
    if (parsed.success) query[key] = parsed.data;
  }
  if (query.q === "") delete query.q;
  return query as UsersQuery;
}

/** The query as string parameters, its defaults and empty values left out: the URL's and the API's. */
export function listQueryParams(query: Partial<UsersQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "" || value === DEFAULT_QUERY[key as QueryKey]) continue;
    params[key] = String(value);
  }
  return params;
}

export const hasFilters = (query: UsersQuery): boolean => FILTER_KEYS.some((key) => query[key] !== undefined);

/** The query without its paging: what the CSV export takes. */
export function filtersOf(query: UsersQuery): Omit<UsersQuery, "page" | "page_size"> {
  const { page: _page, page_size: _pageSize, ...filters } = query;
  return filters;
}

/** What a row's link hands the account's page: the list's query string, for its way back. */
export type UserLinkState = { listSearch: string };

/** The list as the admin left it, when she came from it; the bare list otherwise (a shared link). */
export function listPathFrom(state: unknown, listPath: string): string {
  const search = (state as Partial<UserLinkState> | null)?.listSearch;
  return typeof search === "string" && search.startsWith("?") ? `${listPath}${search}` : listPath;
}
