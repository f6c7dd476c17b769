// GET /api/search: one page of babysitters for the URL's search (only the parameters the API knows,
// see search-params.ts), with where the distances are measured from.
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { SearchQueryInput } from "@db/validators/search";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { apiParams } from "../search-params";

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

/**
 * The search of the URL the browser opened, asked before the page is hydrated (the router's
 * prefetchPageData): its answer is in the cache when the page reads its URL.
 */
export function prefetchSearch(url: URL): void {
  void queryClient.prefetchQuery(searchQueryOptions(apiParams(url.searchParams)));
}

/**
 * Nothing until the page has read its URL (see useSearchState): the hydrating render draws what
 * the pre-rendered page shows, whatever the cache already holds.
 */
export function useSearchBabysitters(request: SearchRequest, ready: boolean) {
  return useQuery(ready ? searchQueryOptions(request) : { queryKey: ["search", "until-ready"], queryFn: skipToken });
}
