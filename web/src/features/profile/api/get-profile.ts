// GET /api/profile: the signed-in user's own profile (the 'Profil' tab's values).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getProfile = async () => (await unwrap(client.api.profile.$get())).profile;

export const profileQueryOptions = () => queryOptions({ queryKey: ["profile"], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
