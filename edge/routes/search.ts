// GET /api/search: public babysitter search. Signed-out visitors find public profiles; a signed-in
// caller (cookie or bearer token, read if present, never required) also finds members-only ones.
// GET /api/search/listing: the signed-in babysitter's own standing in it (listed, or what is missing).
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { listingStatusSchema, searchQuerySchema, searchResultSchema } from "@db/validators/search";
import { authFor, clientAddress } from "../auth/for-request";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonResponse, SESSION_SECURITY } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { listingStatus } from "../services/search/listing";
import { guardRead } from "../services/limits/read-limits";
import { prepareSearch, runSearch } from "../services/search/search";
import {
  cachedSearch,
  SEARCH_CACHE_HEADER,
  searchCacheKey,
  searchCacheState,
  storeSearch,
} from "../services/search/search-cache";
import { recordSearch, searchEventOf } from "../services/search/search-events";
import { inBackground } from "../lib/background";

/** The signed-in caller's user id, or null; no credentials means no session lookup at all. */
async function signedInUserId(c: Context<AppEnv>): Promise<string | null> {
  if (!c.req.header("cookie") && !c.req.header("authorization")) return null;
  return (await authFor(c).api.getSession({ headers: c.req.raw.headers }))?.user.id ?? null;
}

const search = createRoute({
  method: "get",
  path: "/",
  tags: ["search"],
  // Optional: anonymous calls work; with a session, members-only profiles are found too.
  security: [{}, ...SESSION_SECURITY],
  summary:
    "Search babysitters: free text, location (browser position, French city or postal code, else Paris), radius and filters; ranked by match score.",
  request: { query: searchQuerySchema },
  responses: {
    200: jsonResponse("One page of results, with the total and the origin of the distances", searchResultSchema),
    400: errorResponse("Invalid query (`field` names it), or a location that is no French city nor postal code"),
    429: errorResponse("Too many searches from this address (`Retry-After` says when to retry)"),
  },
});

const listing = signedInRoute({
  method: "get",
  path: "/listing",
  tags: ["search"],
  summary:
    "The signed-in babysitter's listing: whether search finds her, and what her profile lacks (her own rate, a presentation, her availability).",
  responses: {
    200: jsonResponse("Listed or not, and the missing parts in checklist order", listingStatusSchema),
    403: errorResponse("Not a babysitter"),
    404: errorResponse("The account has no profile"),
  },
});

// The session (a signed-in parent's own favourites and bookings lift sitters in the relevance order:
// services/search/recommendations.ts), the geocoding (then the sitters per cell around its origin, which may narrow the
// radius: services/search/density.ts) and the AI configuration side by side, then the search.
// A signed-out visitor may be answered from the search cache (services/search/search-cache.ts).
// Its first page is recorded for the console's analytics once the answer is out (search-events.ts).
// The address's count (services/limits/read-limits.ts, no database write) runs beside the first;
// a request past the limit is refused before its results are read.
export const searchRoutes = createApi()
  .openapi(search, async (c) => {
    const query = c.req.valid("query");
    const [, userId, prepared, cache] = await Promise.all([
      guardRead(c.env, "searchPerAddress", clientAddress(c)),
      signedInUserId(c),
      prepareSearch(c.var.db, query),
      searchCacheState(c.var.db),
    ]);
    const signedIn = userId !== null;
    const key = signedIn ? null : searchCacheKey(query, prepared);
    const cached = key ? cachedSearch(key, cache) : undefined;
    const result = cached ?? (await runSearch(c.var.db, query, prepared, { signedIn, userId }));
    if (key && !cached) storeSearch(key, cache, result);
    c.header(SEARCH_CACHE_HEADER, cached ? "hit" : key ? "miss" : "bypass");
    const event = searchEventOf(query, prepared, result.total, signedIn);
    if (event) inBackground(c)(recordSearch(c.var.db, event, userId));
    return c.json(result, 200);
  })
  .openapi(listing, async (c) => {
    const profile = await callerProfile(c, "babysitter");
    return c.json(await listingStatus(c.var.db, profile.id), 200);
  });
