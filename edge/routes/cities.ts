// GET /api/cities?q=: French communes suggested while a place is typed (name or postal code).
import { createRoute } from "@hono/zod-openapi";
import { citySuggestionsQuerySchema, citySuggestionsSchema } from "@db/validators/search";
import { clientAddress } from "../auth/for-request";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { guardRead } from "../services/limits/read-limits";
import { suggestCities } from "../services/search/geocoding";

const suggest = createRoute({
  method: "get",
  path: "/",
  tags: ["search"],
  summary: "Communes whose name or postal code starts with `q`, most populous first.",
  request: { query: citySuggestionsQuerySchema },
  responses: {
    200: jsonResponse("Suggestions (at most 8)", citySuggestionsSchema),
    400: errorResponse("Invalid query"),
    429: errorResponse("Too many requests from this address (`Retry-After` says when to retry)"),
  },
});

// As for search: the lookup beside the address's count, which refuses it past the limit.
export const citiesRoutes = createApi().openapi(suggest, async (c) => {
  const { q } = c.req.valid("query");
  const [, suggestions] = await Promise.all([
    guardRead(c.env, "citySuggestionsPerAddress", clientAddress(c)),
    suggestCities(c.var.db, q),
  ]);
  return c.json({ suggestions }, 200);
});
