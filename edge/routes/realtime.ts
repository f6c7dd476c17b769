// /api/realtime: a tab's socket to its user's UserInbox. POST /ticket (session: cookie or bearer)
// hands out a single-use ticket; GET /?ticket=… checks it and forwards the upgrade to the inbox of
// the ticket's profile. A page from a foreign origin is refused even with a ticket.
import { realtimeQuerySchema, realtimeTicketSchema } from "@db/validators/messages";
import { REALTIME_TICKET_TTL_SECONDS } from "@db/constants/limits";
import { createRoute } from "@hono/zod-openapi";
import { trustedOrigins } from "../lib/config";
import { ApiError, unauthorized } from "../lib/errors";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { inboxOf } from "../realtime/inboxes";
import { issueTicket, verifyTicket } from "../realtime/ticket";
import { INBOX_HEADERS } from "../realtime/inbox-headers";
import { consume } from "../services/rate-limit";

const TAGS = ["messages"];

const ticket = signedInRoute({
  method: "post",
  path: "/ticket",
  tags: TAGS,
  summary: `A single-use ticket, valid ${REALTIME_TICKET_TTL_SECONDS} s, to open the realtime socket with.`,
  responses: {
    200: jsonResponse("The ticket", realtimeTicketSchema),
    404: errorResponse("The account has no profile"),
    429: errorResponse("Too many tickets: a reconnect loop"),
  },
});

const connect = createRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary:
    "Upgrades to the WebSocket of edge/realtime/protocol.ts: send `sync` with the last message id, then receive `message` and `read` frames.",
  request: { query: realtimeQuerySchema },
  responses: {
    101: { description: "Switching to the WebSocket protocol" },
    400: errorResponse("No ticket"),
    401: errorResponse("The ticket is invalid, expired or already used"),
    403: errorResponse("A page of a foreign origin"),
    426: errorResponse("Not a WebSocket upgrade"),
  },
});

export const realtimeRoutes = createApi()
  .openapi(ticket, async (c) => {
    const me = await callerProfile(c);
    await consume(c.var.db, [{ name: "realtimeTicketPerUser", subject: me.id }]);
    const value = await issueTicket(c.env.BETTER_AUTH_SECRET, me.id);
    return c.json({ ticket: value, expires_in: REALTIME_TICKET_TTL_SECONDS }, 200);
  })
  .openapi(connect, async (c) => {
    const origin = c.req.header("origin");
    if (origin && !trustedOrigins(c.env).includes(origin)) throw new ApiError(403, "FORBIDDEN", "errors.forbidden");
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
      throw new ApiError(426, "UPGRADE_REQUIRED", "messages.upgradeRequired");
    const claims = await verifyTicket(c.env.BETTER_AUTH_SECRET, c.req.valid("query").ticket);
    if (!claims) throw unauthorized();
    const headers = new Headers(c.req.raw.headers);
    headers.set(INBOX_HEADERS.profileId, claims.profileId);
    headers.set(INBOX_HEADERS.nonce, claims.nonce);
    headers.set(INBOX_HEADERS.expiresAt, String(claims.expiresAt));
    const answer = await inboxOf(c.env, claims.profileId).fetch(new Request(c.req.raw.url, { headers }));
    if (answer.status === 401) throw unauthorized(); // the ticket was already spent
    return answer;
  });
