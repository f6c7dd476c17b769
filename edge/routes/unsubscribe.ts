// /api/unsubscribe?token=…: the one-click unsubscribe of non-essential mail (issue 10). No session:
// the signed token is the credential (edge/delivery/unsubscribe.ts). GET says what the link turns
// off and never changes anything (mail scanners open links); POST turns it off. POST is also the
// List-Unsubscribe header's target: mail providers send RFC 8058's form body
// `List-Unsubscribe=One-Click`, our page an empty one; the body is never read, the token says it all.
import { createRoute } from "@hono/zod-openapi";
import { unsubscribedSchema, unsubscribeQuerySchema, unsubscribeTargetSchema } from "@db/validators/unsubscribe";
import { clientAddress } from "../auth/for-request";
import type { Context } from "hono";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { consume } from "../services/limits/rate-limit";
import { toUnsubscribeTarget, unsubscribe, unsubscribeTarget } from "../services/notifications/unsubscribe";

const TAGS = ["preferences"];
const invalid = errorResponse("'Lien de désabonnement invalide': a malformed or forged token, or a deleted account's");
const rateLimited = errorResponse("Too many requests from this address (`Retry-After` says when to retry)");

const show = createRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "What the link turns off and the masked address it is for. Changes nothing.",
  request: { query: unsubscribeQuerySchema },
  responses: {
    200: jsonResponse("The list and the masked address", unsubscribeTargetSchema),
    400: invalid,
    429: rateLimited,
  },
});

const apply = createRoute({
  method: "post",
  path: "/",
  tags: TAGS,
  summary:
    "Turns the link's list off (idempotent). Accepts RFC 8058's one-click form body `List-Unsubscribe=One-Click`, an empty or a JSON body.",
  request: { query: unsubscribeQuerySchema },
  responses: {
    200: jsonResponse("Unsubscribed", unsubscribedSchema),
    400: invalid,
    429: rateLimited,
  },
});

/** The limit first, so a refused address gets its 429 whatever token it sends. */
async function targetOf(c: Context<AppEnv>, token: string | undefined) {
  await consume(c.var.db, [{ name: "unsubscribePerAddress", subject: clientAddress(c) }]);
  return unsubscribeTarget(c.env, c.var.db, token);
}

export const unsubscribeRoutes = createApi()
  .openapi(show, async (c) => {
    const target = await targetOf(c, c.req.valid("query").token);
    c.header("cache-control", "no-store");
    return c.json(toUnsubscribeTarget(target), 200);
  })
  .openapi(apply, async (c) => {
    const target = await targetOf(c, c.req.valid("query").token);
    await unsubscribe(c.var.db, target.userId, target.list);
    return c.json({ list: target.list }, 200);
  });
