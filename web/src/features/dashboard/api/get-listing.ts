// GET /api/search/listing: whether the signed-in babysitter is listed in search, and what her
// profile still lacks (edge/services/listing.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getListing = () => unwrap(client.api.search.listing.$get());

/** Asked again on every visit: she completes her profile on another page. */
export const listingQueryOptions = () => queryOptions({ queryKey: ["listing"], queryFn: getListing, staleTime: 0 });

export function useListing() {
  return useQuery(listingQueryOptions());
}
