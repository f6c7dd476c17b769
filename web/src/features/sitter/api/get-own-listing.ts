// GET /api/search/listing: on her own page, whether the babysitter is listed in search yet.
import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

const getListing = () => unwrap(client.api.search.listing.$get());

/** Only on her own page (`enabled`); asked again on each visit, as she completes her profile elsewhere. */
export function useOwnListing(enabled: boolean) {
  return useQuery({ queryKey: ["listing"], queryFn: getListing, staleTime: 0, enabled });
}
