// /api/account: Settings → Sécurité (money-and-operations §2 Settings item 3): the caller's
// sessions, listed with a readable device and place, ended one by one or all but this one, and
// whether two-factor is on. (Changing the password and setting two-factor up are better-auth's,
// behind our allow-list: /api/auth/change-password, /api/auth/two-factor/*.)
// Only the caller's own rows: another user's session id is not found and nothing changes.
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { user } from "@db/schema/auth";
import {
  accountSessionsSchema,
  revokedSchema,
  sessionParamSchema,
  twoFactorStatusSchema,
} from "@db/validators/account";
import { authFor } from "../auth/for-request";
import type { AppEnv } from "../lib/context";
import { notFound, unauthorized } from "../lib/errors";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { signedInRoute } from "../middleware/session";
import { listSessions, revokeOtherSessions, revokeSession } from "../services/sessions";

const TAGS = ["account"];

/** The id of the session this request is signed in with. */
async function currentSessionId(c: Context<AppEnv>): Promise<string> {
  const result = await authFor(c).api.getSession({ headers: c.req.raw.headers });
  if (!result) throw unauthorized();
  return result.session.id;
}

const getSessions = signedInRoute({
  method: "get",
  path: "/sessions",
  tags: TAGS,
  summary: "The caller's live sessions (device, place when known, created and last seen), the current one first.",
  responses: { 200: jsonResponse("The sessions", accountSessionsSchema) },
});

const deleteSession = signedInRoute({
  method: "delete",
  path: "/sessions/{id}",
  tags: TAGS,
  summary: "Sign one of the caller's sessions out (the current one too: that signs this device out).",
  request: { params: sessionParamSchema },
  responses: {
    200: jsonResponse("Signed out", revokedSchema),
    400: errorResponse("Invalid id"),
    404: errorResponse("No such session of the caller's"),
  },
});

const revokeOthers = signedInRoute({
  method: "post",
  path: "/sessions/revoke-others",
  tags: TAGS,
  summary: "Sign every other session of the caller's out; this one stays.",
  responses: { 200: jsonResponse("How many sessions ended", revokedSchema) },
});

const getTwoFactor = signedInRoute({
  method: "get",
  path: "/two-factor",
  tags: TAGS,
  summary: "Whether the caller's sign-in asks for an authenticator code (set up and off: /api/auth/two-factor/*).",
  responses: { 200: jsonResponse("On or off", twoFactorStatusSchema) },
});

export const accountRoutes = createApi()
  .openapi(getTwoFactor, async (c) => {
    const [row] = await c.var.db
      .select({ enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, c.var.user.id));
    return c.json({ enabled: row?.enabled ?? false }, 200);
  })
  .openapi(getSessions, async (c) => {
    const sessions = await listSessions(c.var.db, c.var.user.id, await currentSessionId(c));
    return c.json({ sessions }, 200);
  })
  .openapi(revokeOthers, async (c) => {
    const revoked = await revokeOtherSessions(c.var.db, c.var.user.id, await currentSessionId(c));
    return c.json({ revoked }, 200);
  })
  .openapi(deleteSession, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await revokeSession(c.var.db, c.var.user.id, id))) throw notFound();
    return c.json({ revoked: 1 }, 200);
  });
