// /api/photos/{key}: the profile photos stored in R2, served by the Worker. Keys are random and
// never reused (a new photo gets a new key), so browsers and CDNs may keep them for a year.
import { createRoute, z } from "@hono/zod-openapi";
import { PHOTO_TYPES } from "@db/constants/limits";
import { ApiError } from "../lib/errors";
import { createApi, errorResponse } from "../lib/openapi";
import { isPhotoKey } from "../services/profiles/photos";

const IMMUTABLE = "public, max-age=31536000, immutable";
const photoNotFound = () => new ApiError(404, "NOT_FOUND", "profiles.photos.notFound");

const getPhoto = createRoute({
  method: "get",
  path: "/{key}",
  tags: ["profile"],
  summary:
    "A profile photo (JPEG, PNG or WebP; the demo world's avatars are SVG), cached for a year: its key changes whenever the photo does.",
  request: { params: z.object({ key: z.string().max(64) }) },
  responses: {
    200: {
      description: "The image, with its type",
      content: Object.fromEntries(
        [...PHOTO_TYPES, "image/svg+xml"].map((type) => [type, { schema: z.string().openapi({ format: "binary" }) }]),
      ),
    },
    404: errorResponse("No such photo"),
  },
});

export const photoRoutes = createApi().openapi(getPhoto, async (c) => {
  const { key } = c.req.valid("param");
  const object = isPhotoKey(key) ? await c.env.PHOTOS.get(key) : null;
  if (!object) throw photoNotFound();
  return c.body(object.body, 200, {
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "content-length": String(object.size),
    "cache-control": IMMUTABLE,
    etag: object.httpEtag,
  });
});
