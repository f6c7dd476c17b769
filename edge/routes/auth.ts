// /api/auth: registration and password sign-in are ours (spec validation, profile creation, the
// login throttle); everything else (sign-out, session, OAuth, password reset) is better-auth's own
// handler, with its errors rewritten to our shape and language.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { registerBodySchema, signInBodySchema } from "@db/validators/auth";
import { authFor, clientAddress } from "../auth/for-request";
import type { AppEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { translate } from "../lib/i18n";
import { validate } from "../middleware/validate";
import {
  accountKey,
  ACCOUNT_RULE,
  ADDRESS_RULE,
  addressKey,
  blockedFor,
  clearFailures,
  minutesLeft,
  recordFailure,
  WARN_WHEN_REMAINING_AT_MOST,
} from "../services/login-throttle";
import { findProfileByUserId, toProfileDto } from "../services/profiles";
import type { RouteDoc } from "../lib/openapi";

const loginBlocked = (ms: number) =>
  new ApiError(429, "LOGIN_BLOCKED", "errors.loginBlocked", { count: minutesLeft(ms) }, { retryAfterMinutes: minutesLeft(ms) });

/** Carry better-auth's cookies and bearer token over to our own (typed) answer. */
function copyAuthHeaders(c: Context<AppEnv>, from: Response): void {
  for (const cookie of from.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
  const token = from.headers.get("set-auth-token");
  if (token) c.header("set-auth-token", token);
}

async function authErrorCode(response: Response): Promise<string | undefined> {
  const body = (await response.clone().json().catch(() => null)) as { code?: string } | null;
  return body?.code;
}

/** better-auth's error codes that have a text of ours. */
const AUTH_ERROR_KEYS: Record<string, { status: 400 | 401 | 403 | 404 | 422; key: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, key: "errors.invalidCredentials" },
  INVALID_TOKEN: { status: 400, key: "errors.invalidToken" },
  PASSWORD_TOO_SHORT: { status: 400, key: "validation.passwordMin" },
  PASSWORD_TOO_LONG: { status: 400, key: "validation.passwordTooLong" },
  INVALID_EMAIL: { status: 400, key: "validation.emailInvalid" },
  PROVIDER_NOT_FOUND: { status: 404, key: "errors.oauthNotConfigured" },
};

/** A better-auth error answer, as our ApiError (our shape, the user's language). */
async function toAuthError(response: Response): Promise<ApiError> {
  const code = (await authErrorCode(response)) ?? `HTTP_${response.status}`;
  const known = AUTH_ERROR_KEYS[code];
  if (known) return new ApiError(known.status, code, known.key, code === "PROVIDER_NOT_FOUND" ? { provider: "OAuth" } : {});
  if (response.status === 429) return new ApiError(429, "TOO_MANY_REQUESTS", "errors.tooManyRequests");
  if (response.status >= 500) return new ApiError(500, "INTERNAL", "errors.internal");
  return new ApiError(response.status as 400, code, "errors.invalidInput");
}

export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up/email", validate("json", registerBodySchema), async (c) => {
    const { password, ...metadata } = c.req.valid("json");
    const response = await authFor(c, { registration: metadata }).api.signUpEmail({
      body: { name: `${metadata.first_name.trim()} ${metadata.last_name.trim()}`, email: metadata.email.toLowerCase(), password },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!response.ok) throw await toAuthError(response);
    return c.json({ ok: true as const }, 200);
  })
  .post("/sign-in/email", validate("json", signInBodySchema), async (c) => {
    const { email, password, rememberMe } = c.req.valid("json");
    const db = c.var.db;
    const keys = { account: accountKey(email), address: addressKey(clientAddress(c)) };
    const now = Date.now();
    const blocked = await blockedFor(db, [keys.account, keys.address], now);
    if (blocked > 0) throw loginBlocked(blocked);

    const response = await authFor(c).api.signInEmail({
      body: { email: email.toLowerCase(), password, rememberMe: rememberMe ?? true },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (response.ok) {
      await clearFailures(db, keys.account);
      const { user } = (await response.json()) as { user: { id: string; email: string } };
      const profile = await findProfileByUserId(db, user.id);
      copyAuthHeaders(c, response);
      return c.json({ user: { id: user.id, email: user.email }, profile: profile && toProfileDto(profile) }, 200);
    }
    if ((await authErrorCode(response)) !== "INVALID_EMAIL_OR_PASSWORD") throw await toAuthError(response);

    const [account, address] = await Promise.all([
      recordFailure(db, keys.account, ACCOUNT_RULE, now),
      recordFailure(db, keys.address, ADDRESS_RULE, now),
    ]);
    const blockedUntil = Math.max(account.blockedUntil ?? 0, address.blockedUntil ?? 0);
    if (blockedUntil > now) throw loginBlocked(blockedUntil - now);
    const warning =
      account.remaining <= WARN_WHEN_REMAINING_AT_MOST
        ? translate(c.var.lang, "errors.attemptsLeft", { count: account.remaining })
        : undefined;
    throw new ApiError(401, "INVALID_CREDENTIALS", "errors.invalidCredentials", {}, warning ? { warning } : {});
  })
  .on(["GET", "POST"], "/*", async (c) => {
    const response = await authFor(c).handler(c.req.raw);
    if (response.status >= 400) throw await toAuthError(response);
    return response;
  });

const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional(), warning: z.string().optional() }),
});

export const authDocs: RouteDoc[] = [
  {
    method: "post", path: "/api/auth/sign-up/email", tags: ["auth"],
    summary: "Create a parent or babysitter account (and its profile, in one transaction).",
    body: registerBodySchema, responses: { 200: { description: "Registered (also for an address already in use: no enumeration)", schema: z.object({ ok: z.literal(true) }) }, 400: { description: "Invalid input", schema: errorSchema } },
  },
  {
    method: "post", path: "/api/auth/sign-in/email", tags: ["auth"],
    summary: "Sign in with email and password. Sets the session cookie and returns a bearer token in the `set-auth-token` header.",
    body: signInBodySchema,
    responses: {
      200: { description: "Signed in" },
      401: { description: "Wrong email or password; `warning` when 2 or fewer attempts remain", schema: errorSchema },
      429: { description: "Blocked after 5 failures in 15 minutes, for 30 minutes", schema: errorSchema },
    },
  },
  { method: "post", path: "/api/auth/sign-out", tags: ["auth"], summary: "End the current session.", responses: { 200: { description: "Signed out" } } },
  { method: "get", path: "/api/auth/get-session", tags: ["auth"], summary: "The current session and user, or null.", auth: true, responses: { 200: { description: "Session or null" } } },
  {
    method: "post", path: "/api/auth/request-password-reset", tags: ["auth"],
    summary: "Email a password reset link valid for 1 hour (same answer whether or not the account exists).",
    body: z.object({ email: z.string(), redirectTo: z.string().optional() }), responses: { 200: { description: "Accepted" } },
  },
  {
    method: "post", path: "/api/auth/reset-password", tags: ["auth"], summary: "Set a new password with a reset token.",
    body: z.object({ newPassword: z.string(), token: z.string() }), responses: { 200: { description: "Password changed" }, 400: { description: "Invalid or expired token", schema: errorSchema } },
  },
  {
    method: "post", path: "/api/auth/sign-in/social", tags: ["auth"], summary: "Start Google or Facebook sign-in (when configured).",
    body: z.object({ provider: z.enum(["google", "facebook"]), callbackURL: z.string().optional() }), responses: { 200: { description: "{ url } to open" }, 404: { description: "Provider not configured", schema: errorSchema } },
  },
];
