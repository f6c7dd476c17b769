// /api/urgent-requests: a family's urgent request, sent to several babysitters at once (or to an
// agency's team), and a babysitter's answer to one that reached her. The first to accept gets the
// booking (services/urgent-requests/urgent-requests.ts); the cron widens and expires them.
import type { Context } from "hono";
import {
  incomingUrgentRequestAnswerSchema,
  incomingUrgentRequestListSchema,
  urgentAgenciesSchema,
  urgentRequestAnswerSchema,
  urgentRequestBodySchema,
  urgentRequestListSchema,
  urgentRequestParamsSchema,
} from "@db/validators/urgent-requests";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { requireVerifiedEmail } from "../auth/verified";
import { callerOrigin } from "../auth/for-request";
import { notifyInBackground } from "../services/notifications/notify";
import {
  acceptUrgentRequest,
  agenciesWithRoster,
  cancelUrgentRequest,
  declineUrgentRequest,
  listIncoming,
  listParentRequests,
  parentView,
  sendUrgentRequest,
} from "../services/urgent-requests/urgent-requests";

const TAGS = ["urgent requests"];
const wrongRole = errorResponse("Not the caller's role (parents send, babysitters answer)");
const params = { params: urgentRequestParamsSchema };

const send = signedInRoute({
  method: "post",
  path: "/",
  tags: TAGS,
  summary:
    "Sends an urgent request (slot, children, address) to up to 10 babysitters at once: favourites first, then " +
    "the best matches free at that time; or to an agency's team. Each is told (SMS and push where allowed).",
  request: { body: jsonBody(urgentRequestBodySchema) },
  responses: {
    201: jsonResponse("The request", urgentRequestAnswerSchema),
    400: errorResponse("Invalid input"),
    403: wrongRole,
    429: errorResponse("Too many urgent requests this hour"),
  },
});

const mine = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The family's urgent requests, newest first.",
  responses: { 200: jsonResponse("Requests", urgentRequestListSchema), 403: wrongRole },
});

const agencyChoices = signedInRoute({
  method: "get",
  path: "/agencies",
  tags: TAGS,
  summary: "The agencies a family may send an urgent request to (those with a team).",
  responses: { 200: jsonResponse("Agencies", urgentAgenciesSchema), 403: wrongRole },
});

const incoming = signedInRoute({
  method: "get",
  path: "/incoming",
  tags: TAGS,
  summary: "The urgent requests that reached the babysitter, newest first, with what she may still do.",
  responses: { 200: jsonResponse("Requests", incomingUrgentRequestListSchema), 403: wrongRole },
});

const one = signedInRoute({
  method: "get",
  path: "/{id}",
  tags: TAGS,
  summary: "One of the family's urgent requests.",
  request: params,
  responses: {
    200: jsonResponse("The request", urgentRequestAnswerSchema),
    400: errorResponse("Invalid id"),
    403: wrongRole,
    404: errorResponse("No such request of the caller's"),
  },
});

const cancel = signedInRoute({
  method: "post",
  path: "/{id}/cancel",
  tags: TAGS,
  summary: "Calls off an open urgent request (the babysitters reached are told).",
  request: params,
  responses: {
    200: jsonResponse("The request", urgentRequestAnswerSchema),
    400: errorResponse("Invalid id"),
    403: wrongRole,
    404: errorResponse("No such request of the caller's"),
    409: errorResponse("Already taken or closed"),
  },
});

const accept = signedInRoute({
  method: "post",
  path: "/{id}/accept",
  tags: TAGS,
  summary:
    "Takes the request: the first babysitter to accept gets a confirmed booking; the family and the others are told.",
  request: params,
  responses: {
    200: jsonResponse("The request, now hers", incomingUrgentRequestAnswerSchema),
    400: errorResponse("Invalid id"),
    403: errorResponse("Not a babysitter, email unconfirmed, a plan or a verification needed"),
    404: errorResponse("No such request sent to her"),
    409: errorResponse("Taken by another, closed, or she has a sitting at that time"),
  },
});

const decline = signedInRoute({
  method: "post",
  path: "/{id}/decline",
  tags: TAGS,
  summary: "Says no to a request (it leaves her list of open requests).",
  request: params,
  responses: {
    200: jsonResponse("The request", incomingUrgentRequestAnswerSchema),
    400: errorResponse("Invalid id"),
    403: wrongRole,
    404: errorResponse("No such request sent to her"),
  },
});

const idOf = (c: Context<AppEnv>) => (c.req.valid("param" as never) as { id: string }).id;

export const urgentRequestRoutes = createApi()
  .openapi(send, async (c) => {
    const parent = await callerProfile(c, "parent");
    await requireVerifiedEmail(c);
    const { request, notices } = await sendUrgentRequest(c.var.db, parent, c.req.valid("json"), Date.now());
    notifyInBackground(c, notices);
    return c.json({ request }, 201);
  })
  .openapi(mine, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json({ requests: await listParentRequests(c.var.db, parent.id) }, 200);
  })
  .openapi(agencyChoices, async (c) => {
    await callerProfile(c, "parent");
    return c.json({ agencies: await agenciesWithRoster(c.var.db) }, 200);
  })
  .openapi(incoming, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    return c.json({ requests: await listIncoming(c.var.db, sitter.id, Date.now()) }, 200);
  })
  .openapi(one, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json({ request: await parentView(c.var.db, parent.id, idOf(c)) }, 200);
  })
  .openapi(cancel, async (c) => {
    const parent = await callerProfile(c, "parent");
    const { request, notices } = await cancelUrgentRequest(c.var.db, parent, idOf(c), Date.now());
    notifyInBackground(c, notices);
    return c.json({ request }, 200);
  })
  .openapi(accept, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    await requireVerifiedEmail(c);
    const { request, notices } = await acceptUrgentRequest(c.var.db, sitter, idOf(c), Date.now(), callerOrigin(c));
    notifyInBackground(c, notices);
    return c.json({ request }, 200);
  })
  .openapi(decline, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    return c.json({ request: await declineUrgentRequest(c.var.db, sitter, idOf(c), Date.now()) }, 200);
  });
