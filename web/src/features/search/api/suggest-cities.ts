// GET /api/cities?q=: French communes whose name or postal code starts with what the visitor typed,
// for the search's city box.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

/** Fewer letters match too many communes to be useful. */
export const CITY_QUERY_MIN_LENGTH = 2;

export const suggestCities = async (q: string) => (await unwrap(client.api.cities.$get({ query: { q } }))).suggestions;

export const citySuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["cities", q.toLocaleLowerCase("fr")],
    queryFn: () => suggestCities(q),
    staleTime: Infinity, // communes do not move
  });

export function useCitySuggestions(q: string, enabled: boolean) {
  return useQuery({ ...citySuggestionsQueryOptions(q), enabled: enabled && q.length >= CITY_QUERY_MIN_LENGTH });
}
