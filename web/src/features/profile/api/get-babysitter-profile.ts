// GET /api/profile/babysitter: the 'Profil baby-sitter' tab's values (babysitters only).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getBabysitterProfile = async () => (await unwrap(client.api.profile.babysitter.$get())).babysitter;

export const babysitterProfileQueryOptions = () =>
  queryOptions({ queryKey: ["profile", "babysitter"], queryFn: getBabysitterProfile });

export function useBabysitterProfile() {
  return useQuery(babysitterProfileQueryOptions());
}
