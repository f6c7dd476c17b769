// The auth instance for the current request (memoised on the context: one per request), and who
// is calling from where.
import type { Context } from "hono";
import { isValidIP, normalizeIP } from "@better-auth/core/utils/ip";
import { IPV6_SUBNET_BITS } from "@db/constants/limits";
import { clientIpHeader } from "../lib/config";
import { inBackground } from "../lib/background";
import type { AppEnv } from "../lib/context";
import { createAuth, type Auth, type AuthOptions, type SessionLocation } from "./create-auth";
import { deviceIdOf } from "./device";

const cache = new WeakMap<Request, Auth>();

export function authFor(
  c: Context<AppEnv>,
  extra: Partial<Pick<AuthOptions, "registration" | "resetEmail" | "replacedSessionId" | "lang">> = {},
): Auth {
  const options: AuthOptions = {
    lang: c.var.lang,
    background: inBackground(c),
    location: requestLocation(c.req.raw),
    deviceId: () => deviceIdOf(c),
    ...extra,
  };
  if (extra.registration || extra.resetEmail || extra.replacedSessionId || extra.lang)
    return createAuth(c.env, c.var.db, options);
  let auth = cache.get(c.req.raw);
  if (!auth) {
    auth = createAuth(c.env, c.var.db, options);
    cache.set(c.req.raw, auth);
  }
  return auth;
}

/** Cloudflare's idea of where the client is (request.cf, absent under plain wrangler dev and tests). */
function requestLocation(request: Request): SessionLocation {
  const cf = (request as { cf?: { city?: unknown; country?: unknown } }).cf;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 80) : null);
  return { city: text(cf?.city), country: text(cf?.country) };
}

/**
 * The client's address, from the one header the proxy in front of the Worker sets (Cloudflare's
 * CF-Connecting-IP unless CLIENT_IP_HEADER says otherwise). X-Forwarded-For is never read: any
 * client can write it. IPv6 addresses count per /IPV6_SUBNET_BITS.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const raw = c.req.header(clientIpHeader(c.env))?.trim() ?? "";
  return isValidIP(raw) ? normalizeIP(raw, { ipv6Subnet: IPV6_SUBNET_BITS }) : "unknown";
}

/** Where the request comes from, as the audit log records it: the client's address and its browser. */
export function callerOrigin(c: Context<AppEnv>): { ipAddress: string | null; userAgent: string | null } {
  const address = clientAddress(c);
  return { ipAddress: address === "unknown" ? null : address, userAgent: c.req.header("user-agent") ?? null };
}
