// GET /api/search: public babysitter search. Signed-out visitors find public profiles; a signed-in
// caller (cookie or bearer token, read if present, never required) also finds members-only ones.
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { searchQuerySchema, searchResultSchema } from "@db/validators/search";
import { authFor, clientAddress } from "../auth/for-request";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonResponse, SESSION_SECURITY } from "../lib/openapi";
import { countRequest, ensureWithinLimits, type Limit } from "../services/rate-limit";
import { prepareSearch, runSearch } from "../services/search";

/** Whether the request carries a valid session; no credentials means no session lookup at all. */
async function isSignedIn(c: Context<AppEnv>): Promise<boolean> {
  if (!c.req.header("cookie") && !c.req.header("authorization")) return false;
  return (await authFor(c).api.getSession({ headers: c.req.raw.headers })) !== null;
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

// Two database round trips on the critical path: the limit check, the session, the geocoding and the
// AI configuration side by side, then the search beside the count of this request.
export const searchRoutes = createApi().openapi(search, async (c) => {
  const query = c.req.valid("query");
  const limits: Limit[] = [{ name: "searchPerAddress", subject: clientAddress(c) }];
  const [, signedIn, prepared] = await Promise.all([
    ensureWithinLimits(c.var.db, limits),
    isSignedIn(c),
    prepareSearch(c.var.db, query),
  ]);
  const [, result] = await Promise.all([
    countRequest(c.var.db, limits),
    runSearch(c.var.db, query, prepared, { signedIn }),
  ]);
  return c.json(result, 200);
});
