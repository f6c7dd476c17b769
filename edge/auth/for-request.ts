// The auth instance for the current request (memoised on the context: one per request).
import type { Context } from "hono";
import type { AppEnv } from "../lib/context";
import { createAuth, type Auth, type AuthOptions } from "./create-auth";

const cache = new WeakMap<Request, Auth>();

export function authFor(c: Context<AppEnv>, extra: Pick<AuthOptions, "registration"> = {}): Auth {
  const options = { baseURL: new URL(c.req.url).origin, lang: c.var.lang, ...extra };
  if (extra.registration) return createAuth(c.env, c.var.db, options);
  let auth = cache.get(c.req.raw);
  if (!auth) {
    auth = createAuth(c.env, c.var.db, options);
    cache.set(c.req.raw, auth);
  }
  return auth;
}

/** The client's address as Cloudflare reports it (wrangler dev sets it too). */
export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";
}
