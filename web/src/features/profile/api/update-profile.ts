// PATCH /api/profile: the 'Profil' tab. The answer is the new profile: the tab and the session
// (the header's name and photo) show it at once.
import { useMutation } from "@tanstack/react-query";
import { type ProfileUpdateBody, profileUpdateBodySchema } from "@db/validators/profile";
import { client, type Profile, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { setSession } from "@web/lib/session";
import { profileQueryOptions } from "./get-profile";

export const updateProfileInputSchema = profileUpdateBodySchema;
export type UpdateProfileInput = ProfileUpdateBody;

export const updateProfile = async (input: UpdateProfileInput) =>
  (await unwrap(client.api.profile.$patch({ json: input }))).profile;

/** The tab and the session both follow a profile the server just answered with. */
export function showProfile(profile: Profile): void {
  queryClient.setQueryData(profileQueryOptions().queryKey, profile);
  setSession(profile);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: showProfile });
}
