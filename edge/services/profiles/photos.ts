// Profile photos in R2. The type is read from the file's first bytes (magic numbers), never from
// its name or the declared Content-Type: a script renamed photo.jpg is refused. Keys are random
// UUIDs (nobody can guess another user's photo address), the old photo goes when a new one
// replaces it, and profiles.photo_url holds the address the Worker serves it under.
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { PHOTO_MAX_BYTES, PHOTO_TYPES, PHOTO_URL_PREFIX, type PhotoType } from "@db/constants/limits";
import { profiles } from "@db/schema/profiles";
import { sniffImageType } from "@db/validators/photo-bytes";
import { ApiError } from "../../lib/errors";

// The rule itself is shared with the photo picker, which checks a file as soon as it is chosen.
export { sniffImageType };

export { PHOTO_URL_PREFIX };

const EXTENSIONS: Record<PhotoType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
// Uploads are JPEG, PNG or WebP; .svg keys are the demo world's avatars, which only the seed writes
// (db/seed/avatars.ts): an upload is never taken as SVG, since checkPhoto sniffs the three others.
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|svg)$/;

export const photoTooLarge = () => new ApiError(413, "PAYLOAD_TOO_LARGE", "profiles.photos.tooLarge");
const photoMissing = () => new ApiError(400, "PHOTO_MISSING", "profiles.photos.missing");
const unsupportedType = () => new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "profiles.photos.unsupportedType");
const typeMismatch = () => new ApiError(415, "PHOTO_TYPE_MISMATCH", "profiles.photos.typeMismatch");

const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type);

/**
 * The checked photo: its bytes and sniffed type, or the 4xx that says what is wrong with it. The
 * bytes decide the type; a declared image type that disagrees with them (PNG bytes sent as
 * image/jpeg, a file renamed .jpg) is refused too, since the file is not what it claims to be. A
 * generic declaration (application/octet-stream, none) leaves the bytes alone to decide.
 */
export function checkPhoto(bytes: Uint8Array, declaredType?: string | null): { bytes: Uint8Array; type: PhotoType } {
  if (bytes.byteLength === 0) throw photoMissing();
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw photoTooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw unsupportedType();
  const declared = declaredType?.split(";")[0].trim().toLowerCase() ?? "";
  if (isPhotoType(declared) && declared !== type) throw typeMismatch();
  return { bytes, type };
}

export const newPhotoKey = (type: PhotoType) => `${crypto.randomUUID()}.${EXTENSIONS[type]}`;

/** A key we could have written; anything else is not looked up at all. */
export const isPhotoKey = (key: string) => KEY_PATTERN.test(key);

/** The key inside a photo_url of ours, or null (no photo, or an address from elsewhere). */
export function photoKeyOf(photoUrl: string | null): string | null {
  if (!photoUrl?.startsWith(PHOTO_URL_PREFIX)) return null;
  const key = photoUrl.slice(PHOTO_URL_PREFIX.length);
  return isPhotoKey(key) ? key : null;
}

type ProfileRow = typeof profiles.$inferSelect;

/**
 * Stores the photo, points the profile at it, then deletes the one it replaces. The object is
 * written before the row: a failure in between leaves an unused object, never a broken photo.
 */
export async function replacePhoto(
  db: Db,
  bucket: R2Bucket,
  profile: ProfileRow,
  photo: { bytes: Uint8Array; type: PhotoType },
): Promise<ProfileRow> {
  const key = newPhotoKey(photo.type);
  await bucket.put(key, photo.bytes, { httpMetadata: { contentType: photo.type } });
  const [updated] = await db
    .update(profiles)
    .set({ photoUrl: `${PHOTO_URL_PREFIX}${key}` })
    .where(eq(profiles.id, profile.id))
    .returning();
  await deleteObject(bucket, photoKeyOf(profile.photoUrl));
  return updated;
}

/** Back to the default avatar. */
export async function removePhoto(db: Db, bucket: R2Bucket, profile: ProfileRow): Promise<ProfileRow> {
  const [updated] = await db.update(profiles).set({ photoUrl: null }).where(eq(profiles.id, profile.id)).returning();
  await deleteObject(bucket, photoKeyOf(profile.photoUrl));
  return updated;
}

async function deleteObject(bucket: R2Bucket, key: string | null): Promise<void> {
  if (key) await bucket.delete(key);
}
