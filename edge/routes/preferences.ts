// /api/preferences: the caller's communication preferences: read with the defaults
// (DEFAULT_PREFERENCES, delivery/rules.ts) when never saved, and saved whole
// ('Préférences sauvegardées'). Every role has them; each account only ever reads or writes its
// own (no id in the path).
import { jsonBody, createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { preferencesBodySchema, preferencesSchema } from "@db/validators/preferences";
import { callerProfile, signedInRoute } from "../middleware/session";
import { z } from "@hono/zod-openapi";
import { sendTestMessage, TEST_CHANNELS } from "../services/notifications/test-messages";
import { preferencesOf, savePreferences, toPreferencesDto } from "../services/notifications/preferences";
import { consume } from "../services/limits/rate-limit";

const TAGS = ["preferences"];

const getPreferences = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The caller's communication preferences (the defaults when never saved).",
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

const testMessage = signedInRoute({
  method: "post",
  path: "/test/{channel}",
  tags: TAGS,
  summary:
    "Sends the caller a test email, SMS or push, whatever the switches say ('ok' false when the provider refused it). An SMS needs a phone, a push a stored subscription.",
  request: { params: z.object({ channel: z.enum(TEST_CHANNELS, { error: "validation.formatInvalid" }) }) },
  responses: {
    200: jsonResponse(
      "Sent (or simulated without provider keys), or refused by the provider",
      z.object({ ok: z.boolean() }),
    ),
    400: errorResponse(
      "'Aucun numéro de téléphone configuré', 'Notifications push non configurées', or an unknown channel",
    ),
    404: errorResponse("The account has no profile"),
    429: errorResponse("Too many tests: wait the minutes the message says"),
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
  })
  .openapi(testMessage, async (c) => {
    const profile = await callerProfile(c);
    await consume(c.var.db, [{ name: "deliveryTestPerUser", subject: profile.id }]);
    return c.json(await sendTestMessage(c.env, c.var.db, profile, c.req.valid("param").channel, c.var.lang), 200);
  });
