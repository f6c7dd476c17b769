// Every API answer leaves with the security headers. (Pages and files get the same ones from the
// `_headers` file the web build writes; see edge/lib/security-headers.ts.)
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/context";
import { securityHeaders } from "../lib/security-headers";

const SWITCHING_PROTOCOLS = 101;

export const withSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === SWITCHING_PROTOCOLS) return; // a WebSocket upgrade has no headers to add to
  for (const [name, value] of Object.entries(securityHeaders())) c.res.headers.set(name, value);
});
