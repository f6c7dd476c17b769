// The Worker's configuration, read from its env (never from the request). The public origin is
// the one place links in emails, trusted origins, CORS and the OpenAPI `servers` URL come from: a
// forged Host header cannot change any of them.
import { APP_ORIGIN as DESKTOP_ORIGIN } from "@db/constants/origins";
import { stripeConfigProblem } from "./billing-config";
import { passwordHashingProblem } from "./password-hashing";
import { type Env, isProduction } from "../env";

export { DESKTOP_ORIGIN };

/** Header Cloudflare's edge sets to the client's address (and overwrites when a client sends it). */
const DEFAULT_CLIENT_IP_HEADER = "cf-connecting-ip";

const MIN_SECRET_LENGTH = 32;

export class ConfigError extends Error {}

/**
 * Each configuration's public origin, parsed once per isolate: every request reads it (the
 * configuration check, CORS, better-auth) and a URL parse costs more than the map lookup.
 */
const parsedOrigins = new Map<string, string>();

/** `https://veilleuse.fr`: an http(s) origin with no path, or a ConfigError. */
export function publicOrigin(env: Env): string {
  const key = `${isProduction(env)} ${env.PUBLIC_ORIGIN}`;
  const known = parsedOrigins.get(key);
  if (known !== undefined) return known;
  const origin = parsePublicOrigin(env);
  parsedOrigins.set(key, origin);
  return origin;
}

function parsePublicOrigin(env: Env): string {
  const raw = env.PUBLIC_ORIGIN?.trim();
  if (!raw)
    throw new ConfigError("PUBLIC_ORIGIN is not set: links in emails, CORS and OpenAPI need the app's public origin");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN is not a URL: ${raw}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/+$/, "")) {
    throw new ConfigError(`PUBLIC_ORIGIN must be an http(s) origin without a path: ${raw}`);
  }
  if (isProduction(env) && url.protocol !== "https:")
    throw new ConfigError("PUBLIC_ORIGIN must use https in production");
  return url.origin;
}

/** Origins allowed to call the API with credentials: the app, the desktop app, and TRUSTED_ORIGINS. */
export function trustedOrigins(env: Env): string[] {
  const extra = (env.TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  return [publicOrigin(env), DESKTOP_ORIGIN, ...extra];
}

/** The header that carries the client's address, set by the proxy in front of the Worker. */
export const clientIpHeader = (env: Env) => (env.CLIENT_IP_HEADER?.trim() || DEFAULT_CLIENT_IP_HEADER).toLowerCase();

/** What is wrong with the configuration, or null: the Worker answers 503 to everything until it is fixed. */
export function configProblem(env: Env): string | null {
  try {
    publicOrigin(env);
  } catch (error) {
    return (error as Error).message;
  }
  if (!env.LIBSQL_URL) return "LIBSQL_URL is not set";
  if (!env.BETTER_AUTH_SECRET || (isProduction(env) && env.BETTER_AUTH_SECRET.length < MIN_SECRET_LENGTH)) {
    return `BETTER_AUTH_SECRET must be set (at least ${MIN_SECRET_LENGTH} characters in production)`;
  }
  return passwordHashingProblem(env) ?? stripeConfigProblem(env);
}

/**
 * The configuration's verdict, once per env object: workerd hands every request of an isolate the
 * same env, which does not change while the isolate lives. Checked on each request, the URL parses
 * and the secrets' and Stripe keys' checks cost about 5 % of the Worker's JavaScript time on a
 * signed-in API call (a CPU profile of 300 calls of /api/me, 29 Nov 2026).
 */
const verdicts = new WeakMap<Env, string | null>();

export function configProblemOnce(env: Env): string | null {
  if (verdicts.has(env)) return verdicts.get(env) ?? null;
  const problem = configProblem(env);
  verdicts.set(env, problem);
  return problem;
}
