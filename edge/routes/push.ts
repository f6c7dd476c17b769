// /api/push: web push for the push card (money-and-operations §2, §4 "Push"): the VAPID public key
// the browser subscribes with (public), and the caller's own subscription: read (for the app's
// refresh), stored ('Activer', refresh) and cleared (push off on this device). No id in the path:
// each account only ever touches its own.
import { createRoute, z } from "@hono/zod-openapi";
import {
  pushSubscriptionBodySchema,
  pushSubscriptionEndpointQuerySchema,
  pushSubscriptionStateSchema,
  vapidPublicKeySchema,
} from "@db/validators/push";
import { vapidPublicKey } from "../delivery/push";
import { ApiError } from "../lib/errors";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import {
  clearPushSubscription,
  pushSubscriptionOf,
  storePushSubscription,
} from "../services/notifications/push-subscriptions";
import { consume } from "../services/limits/rate-limit";

const TAGS = ["push"];

const getVapidKey = createRoute({
  method: "get",
  path: "/vapid-public-key",
  tags: TAGS,
  summary: "The VAPID public key (applicationServerKey) browsers subscribe with.",
  responses: {
    200: jsonResponse("The key", vapidPublicKeySchema),
    503: errorResponse("Push is not configured on this server (no VAPID keys)"),
  },
});

const getSubscription = signedInRoute({
  method: "get",
  path: "/subscription",
  tags: TAGS,
  summary: "The caller's stored subscription's endpoint and date (nulls when none), for the app's refresh.",
  responses: {
    200: jsonResponse("The stored subscription", pushSubscriptionStateSchema),
    404: errorResponse("The account has no profile"),
  },
});

const putSubscription = signedInRoute({
  method: "put",
  path: "/subscription",
  tags: TAGS,
  summary:
    "Stores the browser's PushSubscription for the caller (push becomes enabled). Only the browsers' push services are accepted.",
  request: { body: jsonBody(pushSubscriptionBodySchema) },
  responses: {
    200: jsonResponse("Stored", pushSubscriptionStateSchema),
    400: errorResponse("A malformed subscription, or an endpoint that is not a known push service"),
    404: errorResponse("The account has no profile"),
    429: errorResponse("Too many subscriptions stored: wait the minutes the message says"),
  },
});

const deleteSubscription = signedInRoute({
  method: "delete",
  path: "/subscription",
  tags: TAGS,
  summary:
    "Forgets the caller's subscription when it is this browser's (`endpoint`): turning push off on one device never silences the device that holds the account's subscription.",
  request: { query: pushSubscriptionEndpointQuerySchema },
  responses: {
    200: jsonResponse("Cleared (or nothing of this browser's was stored)", z.object({ ok: z.literal(true) })),
    400: errorResponse("A malformed endpoint"),
    404: errorResponse("The account has no profile"),
  },
});

export const pushRoutes = createApi()
  .openapi(getVapidKey, (c) => {
    const key = vapidPublicKey(c.env);
    if (!key) throw new ApiError(503, "PUSH_NOT_CONFIGURED", "delivery.errors.pushNotConfigured");
    return c.json({ public_key: key }, 200);
  })
  .openapi(getSubscription, async (c) => {
    const profile = await callerProfile(c);
    return c.json(await pushSubscriptionOf(c.var.db, profile.userId), 200);
  })
  .openapi(putSubscription, async (c) => {
    const profile = await callerProfile(c);
    await consume(c.var.db, [{ name: "pushSubscriptionPerUser", subject: profile.id }]);
    return c.json(await storePushSubscription(c.env, c.var.db, profile.userId, c.req.valid("json")), 200);
  })
  .openapi(deleteSubscription, async (c) => {
    const profile = await callerProfile(c);
    await clearPushSubscription(c.var.db, profile.userId, c.req.valid("query").endpoint);
    return c.json({ ok: true as const }, 200);
  });
