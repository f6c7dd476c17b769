// /api/profile: the signed-in user's own profile (the /profile page). 'Profil' for everyone,
// 'Profil baby-sitter' for babysitters only, and the profile photo (stored in R2).
import { z } from "@hono/zod-openapi";
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from "@db/constants/limits";
import {
  babysitterProfileBodySchema,
  babysitterProfileDtoSchema,
  profileDtoSchema,
  profileUpdateBodySchema,
} from "@db/validators/profile";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { readBodyUpTo } from "../lib/read-body";
import { callerProfile, signedInRoute } from "../middleware/session";
import { getBabysitterProfile, saveBabysitterProfile } from "../services/profiles/babysitter-profile";
import { updateOwnProfile } from "../services/profiles/own-profile";
import { screenBio } from "../services/moderation/flags";
import { checkPhoto, photoTooLarge, removePhoto, replacePhoto } from "../services/profiles/photos";
import { toProfileDto } from "../services/profiles/profiles";
import { consume } from "../services/limits/rate-limit";

/** The upload reads its own body, up to PHOTO_MAX_BYTES, instead of the API's 64 KB JSON limit (app.ts). */
export const PHOTO_UPLOAD_PATH = "/api/profile/photo";

const profileAnswer = z.object({ profile: profileDtoSchema });
const invalidInput = errorResponse("Invalid input (first problem, in the request's language)");

const getProfile = signedInRoute({
  method: "get",
  path: "/",
  tags: ["profile"],
  summary: "The signed-in user's own profile (the 'Profil' tab).",
  responses: {
    200: jsonResponse("Profile", profileAnswer),
    404: errorResponse("The account has no profile"),
  },
});

const updateProfile = signedInRoute({
  method: "patch",
  path: "/",
  tags: ["profile"],
  summary:
    "Update the 'Profil' tab: first name, last name, phone and city required; address, postal code and bio optional " +
    "(omitted: unchanged, empty: cleared). The email is read-only. A new city or postal code moves the profile's " +
    "position to that city's centre when the cities table knows it.",
  request: { body: jsonBody(profileUpdateBodySchema) },
  responses: {
    200: jsonResponse("The updated profile", profileAnswer),
    400: invalidInput,
    404: errorResponse("The account has no profile"),
  },
});

const getBabysitterTab = signedInRoute({
  method: "get",
  path: "/babysitter",
  tags: ["profile"],
  summary: "The babysitter's own details (the 'Profil baby-sitter' tab). Babysitters only.",
  responses: {
    200: jsonResponse("Babysitter details", z.object({ babysitter: babysitterProfileDtoSchema })),
    403: errorResponse("Not a babysitter"),
    404: errorResponse("The account has no profile"),
  },
});

const putBabysitterTab = signedInRoute({
  method: "put",
  path: "/babysitter",
  tags: ["profile"],
  summary:
    "Replace the babysitter's details: hourly rate in cents, experience, languages, specialties, age groups, " +
    "certifications, emergency availability, references, and the weekly availability (Europe/Paris local times, " +
    "ranges of a day never overlapping). Babysitters only; search shows the change at once.",
  request: { body: jsonBody(babysitterProfileBodySchema) },
  responses: {
    200: jsonResponse("The saved details", z.object({ babysitter: babysitterProfileDtoSchema })),
    400: invalidInput,
    403: errorResponse("Not a babysitter"),
    404: errorResponse("The account has no profile"),
  },
});

const binary = z.string().openapi({ format: "binary" });

const uploadPhoto = signedInRoute({
  method: "post",
  path: "/photo",
  tags: ["profile"],
  summary:
    `Set the profile photo. The body is the image file itself (not multipart), at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB; ` +
    "its type is read from its first bytes (JPEG, PNG or WebP), never from its name; an image Content-Type that " +
    "disagrees with the bytes is refused, application/octet-stream leaves the bytes to decide. " +
    "The previous photo is deleted. Limited per account.",
  request: {
    body: {
      required: true,
      description: "The image bytes.",
      content: Object.fromEntries(
        [...PHOTO_TYPES, "application/octet-stream"].map((type) => [type, { schema: binary }]),
      ),
    },
  },
  responses: {
    200: jsonResponse("The profile with its new photo_url (/api/photos/{key})", profileAnswer),
    400: errorResponse("Empty body"),
    404: errorResponse("The account has no profile"),
    413: errorResponse("Larger than the limit"),
    415: errorResponse("Not a JPEG, PNG or WebP image"),
    429: errorResponse("Too many uploads; retry later (Retry-After)"),
  },
});

const deletePhoto = signedInRoute({
  method: "delete",
  path: "/photo",
  tags: ["profile"],
  summary: "Remove the profile photo: the default avatar shows again.",
  responses: {
    200: jsonResponse("The profile without photo", profileAnswer),
    404: errorResponse("The account has no profile"),
  },
});

export const profileRoutes = createApi()
  .openapi(getProfile, async (c) => {
    const profile = await callerProfile(c);
    return c.json({ profile: toProfileDto(profile) }, 200);
  })
  .openapi(updateProfile, async (c) => {
    const profile = await callerProfile(c);
    const updated = await updateOwnProfile(c.var.db, profile, c.req.valid("json"));
    // A changed presentation goes past the automatic filter (queued for the team, never hidden by it).
    if (updated.bio && updated.bio !== profile.bio)
      await screenBio(c.env, c.var.db, { id: updated.id, bio: updated.bio });
    return c.json({ profile: toProfileDto(updated) }, 200);
  })
  .openapi(getBabysitterTab, async (c) => {
    const profile = await callerProfile(c, "babysitter");
    return c.json({ babysitter: await getBabysitterProfile(c.var.db, profile.id) }, 200);
  })
  .openapi(putBabysitterTab, async (c) => {
    const profile = await callerProfile(c, "babysitter");
    const saved = await saveBabysitterProfile(c.var.db, profile.id, c.req.valid("json"));
    return c.json({ babysitter: saved }, 200);
  })
  .openapi(uploadPhoto, async (c) => {
    const profile = await callerProfile(c);
    await consume(c.var.db, [{ name: "photoUploadPerUser", subject: profile.id }]);
    const bytes = await readBodyUpTo(c.req.raw, PHOTO_MAX_BYTES, photoTooLarge);
    const photo = checkPhoto(bytes, c.req.header("content-type"));
    const updated = await replacePhoto(c.var.db, c.env.PHOTOS, profile, photo);
    return c.json({ profile: toProfileDto(updated) }, 200);
  })
  .openapi(deletePhoto, async (c) => {
    const profile = await callerProfile(c);
    const updated = await removePhoto(c.var.db, c.env.PHOTOS, profile);
    return c.json({ profile: toProfileDto(updated) }, 200);
  });
