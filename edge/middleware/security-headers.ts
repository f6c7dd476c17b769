// Every response leaves with the security headers: the API's JSON, and the web app's pages and
// files (wrangler.toml runs the Worker first for every path, so static assets pass through here).
import { createMiddleware } from "hono/factory";
import { isProduction } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { securityHeaders } from "../lib/security-headers";

const SWITCHING_PROTOCOLS = 101;

export const withSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === SWITCHING_PROTOCOLS) return; // a WebSocket upgrade has no headers to add to
  // Responses from the assets binding have immutable headers: copy before setting.
  c.res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(securityHeaders({ production: isProduction(c.env) }))) c.res.headers.set(name, value);
});
