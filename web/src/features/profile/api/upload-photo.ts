// POST /api/profile/photo: the image file itself is the body (not multipart); the server reads its
// type from its first bytes. The size and type are checked here first, only to answer sooner.
import { useMutation } from "@tanstack/react-query";
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from "@db/constants/limits";
import { client, unwrap } from "@web/lib/api-client";
import { showProfile } from "./update-profile";

/** The i18n key of what is wrong with `file` before sending it, or null. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return "profiles.photos.unsupportedType";
  if (file.size > PHOTO_MAX_BYTES) return "profiles.photos.tooLarge";
  return null;
}

export const uploadPhoto = async (file: File) =>
  (
    await unwrap(
      client.api.profile.photo.$post(undefined, { headers: { "content-type": file.type }, init: { body: file } }),
    )
  ).profile;

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto, onSuccess: showProfile });
}
