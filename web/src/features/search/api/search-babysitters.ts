// GET /api/search: one page of babysitters for the URL's search (only the parameters the API knows,
// see search-params.ts), with where the distances are measured from.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SearchQueryInput } from "@db/validators/search";
import { client, unwrap } from "@web/lib/api-client";

/** The query string as the URL holds it (apiParams: known keys, valid values). */
export type SearchRequest = Record<string, string>;

export const searchBabysitters = (request: SearchRequest) =>
  unwrap(client.api.search.$get({ query: request as SearchQueryInput }));

export const searchQueryOptions = (request: SearchRequest) =>
  queryOptions({
    queryKey: ["search", request],
    queryFn: () => searchBabysitters(request),
    staleTime: 30_000,
  });

/** `enabled` waits for the page to have read its URL (see useSearchState). */
export function useSearchBabysitters(request: SearchRequest, enabled: boolean) {
  return useQuery({ ...searchQueryOptions(request), enabled });
}
