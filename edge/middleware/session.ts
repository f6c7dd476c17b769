// Who is calling: a session cookie (browser) or `Authorization: Bearer <token>` (desktop, API clients).
import { createMiddleware } from "hono/factory";
import { authFor } from "../auth/for-request";
import type { AppEnv } from "../lib/context";
import { unauthorized } from "../lib/errors";

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await authFor(c).api.getSession({ headers: c.req.raw.headers });
  if (!result) throw unauthorized();
  c.set("user", { id: result.user.id, email: result.user.email, name: result.user.name });
  await next();
});
