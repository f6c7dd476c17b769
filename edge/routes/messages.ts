// /api/messages: the unread badge and the catch-up a tab uses when it has no socket (a proxy that
// blocks WebSockets): the same answer the socket's `sync` gives (services/messaging/messages.ts).
import { unreadSchema, updatesQuerySchema, updatesSchema } from "@db/validators/messages";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { messagesSince, unreadSummary } from "../services/messaging/messages";

const TAGS = ["messages"];

const unread = signedInRoute({
  method: "get",
  path: "/unread",
  tags: TAGS,
  summary: "How many messages the caller has not read, and the newest message id (where a realtime client starts).",
  responses: { 200: jsonResponse("Unread count", unreadSchema), 404: errorResponse("The account has no profile") },
});

const updates = signedInRoute({
  method: "get",
  path: "/updates",
  tags: TAGS,
  summary: "Messages of the caller's conversations after an id, oldest first, in batches (polling fallback).",
  request: { query: updatesQuerySchema },
  responses: {
    200: jsonResponse("Messages after `after`", updatesSchema),
    400: errorResponse("Invalid id"),
    404: errorResponse("The account has no profile"),
  },
});

export const messageRoutes = createApi()
  .openapi(unread, async (c) => {
    const me = await callerProfile(c);
    return c.json(await unreadSummary(c.var.db, me.id), 200);
  })
  .openapi(updates, async (c) => {
    const me = await callerProfile(c);
    return c.json(await messagesSince(c.var.db, me.id, c.req.valid("query").after), 200);
  });
