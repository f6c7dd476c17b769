// Who is calling: a session cookie (browser) or `Authorization: Bearer <token>` (desktop, API clients).
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { UserType } from "@db/schema/enums";
import { authFor, callerOrigin } from "../auth/for-request";
import type { AppEnv } from "../lib/context";
import { forbidden, notFound, unauthorized } from "../lib/errors";
import { errorResponse, SESSION_SECURITY } from "../lib/openapi";
import type { CallerProfile } from "../lib/caller-profile";
import { findProfileByUserId } from "../services/profiles/profiles";
import type { AdminContext } from "../services/admin/users";

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await authFor(c).api.getSession({ headers: c.req.raw.headers });
  if (!result) throw unauthorized();
  c.set("user", { id: result.user.id, email: result.user.email, name: result.user.name });
  c.set("session", { id: result.session.id, expiresAt: result.session.expiresAt });
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

/** The caller is an admin (checked on every request, from the database: the role is never taken from the client). */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const profile = c.get("profile") ?? (await findProfileByUserId(c.var.db, c.var.user.id));
  if (profile?.userType !== "admin") throw forbidden();
  c.set("profile", profile);
  await next();
});

/** A route of the admin console: signed in (401 otherwise) and an admin (403 otherwise), before anything else runs. */
export const adminRoute = <const R extends Omit<RouteConfig, "middleware" | "security">>(route: R) =>
  createRoute({
    ...route,
    middleware: [requireSession, requireAdmin],
    security: SESSION_SECURITY,
    responses: {
      ...route.responses,
      401: errorResponse("Not signed in"),
      403: errorResponse("The caller is not an admin"),
    },
  });

/** Inside an `adminRoute`: the admin acting, as the audit log records her, and where from. */
export function adminActing(c: Context<AppEnv>): AdminContext {
  const profile = c.get("profile")!;
  return {
    actor: { userId: c.var.user.id, name: `${profile.firstName} ${profile.lastName}` },
    origin: callerOrigin(c),
  };
}

/**
 * The signed-in caller's profile (inside a `signedInRoute`), loaded once per request. With `roles`,
 * any other role gets 403: the role check every route needs, on the server.
 */
export async function callerProfile(c: Context<AppEnv>, ...roles: UserType[]): Promise<CallerProfile> {
  const profile = c.get("profile") ?? (await findProfileByUserId(c.var.db, c.var.user.id));
  if (!profile) throw notFound();
  c.set("profile", profile);
  if (roles.length > 0 && !roles.includes(profile.userType)) throw forbidden();
  return profile;
}

/**
 * The caller's profile on a public route that shows more to some: null for a visitor (no session,
 * or an expired one), never a 401.
 */
export async function viewerProfile(c: Context<AppEnv>): Promise<CallerProfile | null> {
  const result = await authFor(c).api.getSession({ headers: c.req.raw.headers });
  if (!result) return null;
  const profile = await findProfileByUserId(c.var.db, result.user.id);
  if (profile) c.set("profile", profile);
  return profile;
}

/** The document's word for "a session is optional here": anonymous, bearer token or cookie. */
export const OPTIONAL_SESSION_SECURITY: NonNullable<RouteConfig["security"]> = [{}, ...SESSION_SECURITY];
