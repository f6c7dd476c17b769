// DELETE /api/profile/photo: back to the default avatar.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { showProfile } from "./update-profile";

export const deletePhoto = async () => (await unwrap(client.api.profile.photo.$delete())).profile;

export function useDeletePhoto() {
  return useMutation({ mutationFn: deletePhoto, onSuccess: showProfile });
}
