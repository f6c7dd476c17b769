// Who is calling: a session cookie (browser) or `Authorization: Bearer <token>` (desktop, API clients).
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { authFor } from "../auth/for-request";
import type { AppEnv } from "../lib/context";
import { unauthorized } from "../lib/errors";
import { errorResponse, SESSION_SECURITY } from "../lib/openapi";

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await authFor(c).api.getSession({ headers: c.req.raw.headers });
  if (!result) throw unauthorized();
  c.set("user", { id: result.user.id, email: result.user.email, name: result.user.name });
  await next();
});

/**
 * A route only a signed-in caller may use: the session check, the security requirement in the
 * document and the 401 answer come together, so none can be forgotten.
 */
export const signedInRoute = <const R extends Omit<RouteConfig, "middleware" | "security">>(route: R) =>
  createRoute({
    ...route,
    middleware: [requireSession],
    security: SESSION_SECURITY,
    responses: { ...route.responses, 401: errorResponse("Not signed in") },
  });
