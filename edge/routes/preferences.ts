// /api/preferences: the caller's communication preferences (money-and-operations §2, §3): read with
// the spec's defaults when never saved, and saved whole ('Préférences sauvegardées'). Every role has
// them; each account only ever reads or writes its own (no id in the path).
import { jsonBody, createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { preferencesBodySchema, preferencesSchema } from "@db/validators/preferences";
import { callerProfile, signedInRoute } from "../middleware/session";
import { preferencesOf, savePreferences, toPreferencesDto } from "../services/preferences";

const TAGS = ["preferences"];

const getPreferences = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The caller's communication preferences (the spec's defaults when never saved).",
  responses: {
    200: jsonResponse("The preferences", preferencesSchema),
    404: errorResponse("The account has no profile"),
  },
});

const putPreferences = signedInRoute({
  method: "put",
  path: "/",
  tags: TAGS,
  summary: "Saves every preference at once.",
  request: { body: jsonBody(preferencesBodySchema) },
  responses: {
    200: jsonResponse("The saved preferences", preferencesSchema),
    400: errorResponse("A missing, unknown or non-boolean field"),
    404: errorResponse("The account has no profile"),
  },
});

export const preferencesRoutes = createApi()
  .openapi(getPreferences, async (c) => {
    const profile = await callerProfile(c);
    const preferences = await preferencesOf(c.var.db, profile.userId);
    return c.json(toPreferencesDto(preferences, Boolean(profile.phone)), 200);
  })
  .openapi(putPreferences, async (c) => {
    const profile = await callerProfile(c);
    const preferences = await savePreferences(c.var.db, profile.userId, c.req.valid("json"));
    return c.json(toPreferencesDto(preferences, Boolean(profile.phone)), 200);
  });
