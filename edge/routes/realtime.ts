// /api/realtime: a tab's socket to its user's UserInbox. POST /ticket (session: cookie or bearer)
// hands out a single-use ticket naming the caller's session; GET /?ticket=… checks it, checks that
// session is still live, and forwards the upgrade to the inbox of the ticket's profile, which binds
// the socket to the session (it closes when the session ends). A page from a foreign origin is
// refused even with a ticket.
import { realtimeQuerySchema, realtimeTicketSchema } from "@db/validators/messages";
import { REALTIME_TICKET_TTL_SECONDS } from "@db/constants/limits";
import { createRoute } from "@hono/zod-openapi";
import { trustedOrigins } from "../lib/config";
import { ApiError, unauthorized } from "../lib/errors";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { inboxOf } from "../delivery/inbox";
import { issueTicket, verifyTicket } from "../realtime/ticket";
import { INBOX_HEADERS } from "../realtime/inbox-headers";
import { consume } from "../services/limits/rate-limit";
import { isSessionLive } from "../services/account/sessions";

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
    401: errorResponse("The ticket is invalid, expired or already used, or its session ended"),
    403: errorResponse("A page of a foreign origin"),
    426: errorResponse("Not a WebSocket upgrade"),
  },
});

export const realtimeRoutes = createApi()
  .openapi(ticket, async (c) => {
    const me = await callerProfile(c);
    await consume(c.var.db, [{ name: "realtimeTicketPerUser", subject: me.id }]);
    const value = await issueTicket(c.env.BETTER_AUTH_SECRET, {
      profileId: me.id,
      sessionId: c.var.session.id,
      sessionExpiresAt: c.var.session.expiresAt.getTime(),
    });
    return c.json({ ticket: value, expires_in: REALTIME_TICKET_TTL_SECONDS }, 200);
  })
  .openapi(connect, async (c) => {
    const origin = c.req.header("origin");
    if (origin && !trustedOrigins(c.env).includes(origin)) throw new ApiError(403, "FORBIDDEN", "errors.forbidden");
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
      throw new ApiError(426, "UPGRADE_REQUIRED", "messages.upgradeRequired");
    const claims = await verifyTicket(c.env.BETTER_AUTH_SECRET, c.req.valid("query").ticket);
    if (!claims || !(await isSessionLive(c.var.db, claims.sessionId))) throw unauthorized();
    const headers = new Headers(c.req.raw.headers);
    headers.set(INBOX_HEADERS.claims, JSON.stringify(claims));
    const answer = await inboxOf(c.env, claims.profileId).fetch(new Request(c.req.raw.url, { headers }));
    if (answer.status === 401) throw unauthorized(); // the ticket was already spent, or its session just ended
    return answer;
  });
