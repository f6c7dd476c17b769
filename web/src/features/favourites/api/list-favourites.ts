// GET /api/favourites: the parent's favourite sitters as cards, filtered on the server by `q`.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { favouriteKeys } from "@web/lib/favourites";

export const listFavourites = (q: string) => unwrap(client.api.favourites.$get({ query: q ? { q } : {} }));

export const favouritesQueryOptions = (q: string) =>
  queryOptions({ queryKey: favouriteKeys.list(q), queryFn: () => listFavourites(q) });

/** Keeps the previous answer on screen while a new filter loads (no skeleton flash on each key). */
export function useFavourites(q: string) {
  return useQuery({ ...favouritesQueryOptions(q), placeholderData: keepPreviousData });
}
