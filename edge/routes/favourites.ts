// /api/favourites: a parent's favourite sitters (core-flows §2 /favorites; persisted). Parents only:
// the spec has parents favourite sitters, so babysitters and admins get a 403 that says so.
import type { Context } from "hono";
import {
  favouriteChangeSchema,
  favouriteIdsSchema,
  favouriteParamsSchema,
  favouritesListSchema,
  favouritesQuerySchema,
} from "@db/validators/favourites";
import type { AppEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { addFavourite, favouriteIds, listFavourites, removeFavourite } from "../services/profiles/favourites";

const TAGS = ["favourites"];
const notAParent = errorResponse("The caller is not a parent");
const noProfile = errorResponse("The account has no profile");

/** The caller, who must be a parent (favourites are a parent's list of sitters). */
async function callerParent(c: Context<AppEnv>) {
  const profile = await callerProfile(c);
  if (profile.userType !== "parent") throw new ApiError(403, "PARENTS_ONLY", "favourites.parentsOnly");
  return profile;
}

const list = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The caller's favourite sitters as cards, newest first; `q` filters on name or city.",
  request: { query: favouritesQuerySchema },
  responses: {
    200: jsonResponse("Favourite sitters", favouritesListSchema),
    400: errorResponse("Invalid filter"),
    403: notAParent,
    404: noProfile,
  },
});

const ids = signedInRoute({
  method: "get",
  path: "/ids",
  tags: TAGS,
  summary: "The ids of the caller's favourite sitters (for the heart toggles of other pages).",
  responses: { 200: jsonResponse("Favourite ids", favouriteIdsSchema), 403: notAParent, 404: noProfile },
});

const add = signedInRoute({
  method: "put",
  path: "/{babysitterId}",
  tags: TAGS,
  summary: "Adds a babysitter to the caller's favourites (idempotent).",
  request: { params: favouriteParamsSchema },
  responses: {
    200: jsonResponse("The sitter is a favourite", favouriteChangeSchema),
    400: errorResponse("Invalid id"),
    403: notAParent,
    404: errorResponse("No visible babysitter has this id"),
    409: errorResponse("The caller has reached the favourites limit"),
  },
});

const remove = signedInRoute({
  method: "delete",
  path: "/{babysitterId}",
  tags: TAGS,
  summary: "Removes a babysitter from the caller's favourites (idempotent).",
  request: { params: favouriteParamsSchema },
  responses: {
    200: jsonResponse("The sitter is not a favourite", favouriteChangeSchema),
    400: errorResponse("Invalid id"),
    403: notAParent,
    404: noProfile,
  },
});

export const favouritesRoutes = createApi()
  .openapi(list, async (c) => {
    const parent = await callerParent(c);
    const { q } = c.req.valid("query");
    return c.json(await listFavourites(c.var.db, { parentId: parent.id, q }), 200);
  })
  .openapi(ids, async (c) => {
    const parent = await callerParent(c);
    return c.json({ ids: await favouriteIds(c.var.db, parent.id) }, 200);
  })
  .openapi(add, async (c) => {
    const parent = await callerParent(c);
    const { babysitterId } = c.req.valid("param");
    await addFavourite(c.var.db, { parentId: parent.id, babysitterId });
    return c.json({ babysitter_id: babysitterId, favourite: true }, 200);
  })
  .openapi(remove, async (c) => {
    const parent = await callerParent(c);
    const { babysitterId } = c.req.valid("param");
    await removeFavourite(c.var.db, { parentId: parent.id, babysitterId });
    return c.json({ babysitter_id: babysitterId, favourite: false }, 200);
  });
