// A parent's favourite sitters, shared by every page that shows a heart (search cards, the public
// sitter page, /favorites): the query keys, the cheap id list, and the one add/remove mutation with
// its optimistic update, rollback and toasts. Imported by lazy pages only, never by the entry.
import { type InferResponseType } from "hono/client";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, client, unwrap } from "./api-client";
import { useTranslation } from "./i18n";
import { notify } from "./notify";
import { queryClient } from "./query-client";
import { serverMessage } from "./server-message";
import { setSession } from "./session";

/** Everything favourite lives under ["favourites"], so one invalidation refreshes lists and ids. */
export const favouriteKeys = {
  all: ["favourites"] as const,
  ids: () => [...favouriteKeys.all, "ids"] as const,
  lists: () => [...favouriteKeys.all, "list"] as const,
  list: (q: string) => [...favouriteKeys.lists(), q] as const,
};

/** GET /api/favourites's answer (the /favorites page's request file fetches it). */
export type FavouritesList = InferResponseType<typeof client.api.favourites.$get, 200>;
export type FavouriteCard = FavouritesList["favourites"][number];

export const getFavouriteIds = async () => (await unwrap(client.api.favourites.ids.$get())).ids;

export const favouriteIdsQueryOptions = () =>
  queryOptions({ queryKey: favouriteKeys.ids(), queryFn: getFavouriteIds, staleTime: 60_000 });

/** The ids, asked only for a signed-in parent (`enabled`): nobody else has favourites. */
export function useFavouriteIds(enabled: boolean) {
  return useQuery({ ...favouriteIdsQueryOptions(), enabled });
}

export const addFavourite = (babysitterId: string) =>
  unwrap(client.api.favourites[":babysitterId"].$put({ param: { babysitterId } }));
export const removeFavourite = (babysitterId: string) =>
  unwrap(client.api.favourites[":babysitterId"].$delete({ param: { babysitterId } }));

export type FavouriteChange = { babysitterId: string; favourite: boolean };

type Snapshot = { ids: string[] | undefined; lists: [readonly unknown[], FavouritesList | undefined][] };

/** Shows the change at once: the id list, and the lists without a removed sitter. */
function applyOptimistically({ babysitterId, favourite }: FavouriteChange): void {
  queryClient.setQueryData<string[]>(favouriteKeys.ids(), (ids) => {
    if (!ids) return ids;
    const others = ids.filter((id) => id !== babysitterId);
    return favourite ? [babysitterId, ...others] : others;
  });
  if (favourite) return; // a new card needs the server's data: the refetch after the answer brings it
  queryClient.setQueriesData<FavouritesList>({ queryKey: favouriteKeys.lists() }, (list) => {
    if (!list?.favourites.some((card) => card.id === babysitterId)) return list;
    return { favourites: list.favourites.filter((card) => card.id !== babysitterId), total: list.total - 1 };
  });
}

/**
 * Adds or removes one favourite. A refused change is rolled back and said in a toast; an expired
 * session (401) also forgets the session, so guarded pages send the user to /login.
 */
export function useSetFavourite() {
  const { t } = useTranslation();
  return useMutation<unknown, unknown, FavouriteChange, Snapshot>({
    mutationFn: ({ babysitterId, favourite }) =>
      favourite ? addFavourite(babysitterId) : removeFavourite(babysitterId),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.all });
      const snapshot: Snapshot = {
        ids: queryClient.getQueryData<string[]>(favouriteKeys.ids()),
        lists: queryClient.getQueriesData<FavouritesList>({ queryKey: favouriteKeys.lists() }),
      };
      applyOptimistically(change);
      return snapshot;
    },
    onError: (error, _change, snapshot) => {
      if (snapshot) {
        queryClient.setQueryData(favouriteKeys.ids(), snapshot.ids);
        for (const [key, list] of snapshot.lists) queryClient.setQueryData(key, list);
      }
      console.error("favourite change failed", error);
      notify.error(serverMessage(error, t, "favouriteToggle.failed"));
      if (error instanceof ApiError && error.status === 401) setSession(null);
    },
    onSuccess: (_answer, { favourite }) =>
      notify.success(t(favourite ? "favouriteToggle.added" : "favouriteToggle.removed")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
  });
}
