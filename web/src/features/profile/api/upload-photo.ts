// POST /api/profile/photo: the image file itself is the body (not multipart); the server reads its
// type from its first bytes. The same checks run here first, when the file is chosen.
import { useMutation } from "@tanstack/react-query";
import { PHOTO_MAX_BYTES } from "@db/constants/limits";
import { PHOTO_SNIFF_BYTES, sniffImageType } from "@db/validators/photo-bytes";
import { client, unwrap } from "@web/lib/api-client";
import { showProfile } from "./update-profile";

/**
 * The i18n key of what is wrong with `file` before sending it, or null. The server's rules, checked
 * on choice so nothing broken is previewed nor sent: the size limit, the type read from the first
 * bytes (a text file named photo.jpg is not a JPEG), and the browser able to draw it.
 */
export async function photoProblem(file: File): Promise<string | null> {
  if (file.size > PHOTO_MAX_BYTES) return "profiles.photos.tooLarge";
  const head = new Uint8Array(await file.slice(0, PHOTO_SNIFF_BYTES).arrayBuffer());
  if (!sniffImageType(head)) return "profiles.photos.unsupportedType";
  return (await decodes(file)) ? null : "profile.photo.unreadable";
}

/** Whether the browser can decode the image (a truncated or corrupt file with a valid header cannot). */
async function decodes(file: File): Promise<boolean> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
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
