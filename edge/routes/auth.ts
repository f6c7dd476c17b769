// /api/auth. Only the endpoints the product uses are reachable (an allow-list: anything else under
// /api/auth is a 404, so better-auth's update-user, change-email, list-sessions... are not
// exposed). Registration and password sign-in are ours (the product's validation rules, profile
// creation, the login throttle). The others are better-auth's own handler behind our validation:
// each body is parsed with our strict schemas and only the parsed values are passed on.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ZodType } from "zod";
import {
  oauthCallbackParamSchema,
  passwordResetBodySchema,
  registerBodySchema,
  resetCallbackQuerySchema,
  resetLinkParamSchema,
  resetLinkQuerySchema,
  resetPasswordBodySchema,
  sendVerificationBodySchema,
  signInBodySchema,
  signOutBodySchema,
  socialSignInBodySchema,
  verifyEmailBodySchema,
} from "@db/validators/auth";
import {
  backupCodeBodySchema,
  backupCodesSchema,
  changePasswordBodySchema,
  totpBodySchema,
  twoFactorPasswordBodySchema,
  twoFactorSetupSchema,
} from "@db/validators/account";
import { LOGIN_THROTTLE, MINUTE_MS, PASSWORD_RESET_TTL_MINUTES } from "@db/constants/limits";
import { profileDtoSchema } from "@db/validators/profile";
import { deviceCookie } from "../auth/device";
import { authFor, callerOrigin, clientAddress } from "../auth/for-request";
import { inBackground } from "../lib/background";
import { DESKTOP_ORIGIN } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { createApi, errorResponse, jsonBody, jsonResponse, redirectResponse, SESSION_SECURITY } from "../lib/openapi";
import { OPTIONAL_SESSION_SECURITY, signedInRoute } from "../middleware/session";
import { passwordSignIn } from "../services/account/password-sign-in";
import { recordTwoFactorChange } from "../services/account/security-audit";
import { afterPasswordReset, resetLinkState, RESET_LINK_STATES } from "../services/account/password-reset";
import { findProfileByUserId, toProfileDto } from "../services/profiles/profiles";
import { consume, rateLimited } from "../services/limits/rate-limit";

/** better-auth's error codes that have a text of ours. */
const AUTH_ERROR_KEYS: Record<string, { status: 400 | 401 | 403 | 404 | 422; key: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, key: "errors.invalidCredentials" },
  INVALID_TOKEN: { status: 400, key: "errors.invalidToken" },
  PASSWORD_TOO_SHORT: { status: 400, key: "validation.passwordMin" },
  PASSWORD_TOO_LONG: { status: 400, key: "validation.passwordTooLong" },
  INVALID_EMAIL: { status: 400, key: "validation.emailInvalid" },
  PROVIDER_NOT_FOUND: { status: 404, key: "errors.oauthNotConfigured" },
  INVALID_PASSWORD: { status: 400, key: "account.wrongPassword" },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, key: "account.noPassword" },
  INVALID_CODE: { status: 400, key: "account.invalidCode" },
  INVALID_BACKUP_CODE: { status: 400, key: "account.invalidCode" },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, key: "account.twoFactorExpired" },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { status: 401, key: "account.twoFactorExpired" },
  TOTP_ALREADY_ENABLED: { status: 400, key: "account.twoFactorAlreadyOn" },
  TOTP_NOT_ENABLED: { status: 400, key: "account.twoFactorOff" },
  TWO_FACTOR_NOT_ENABLED: { status: 400, key: "account.twoFactorOff" },
};

async function authErrorCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code;
}

/** A better-auth error answer, as our ApiError (our shape, the user's language). */
async function toAuthError(response: Response): Promise<ApiError> {
  const code = (await authErrorCode(response)) ?? `HTTP_${response.status}`;
  const known = AUTH_ERROR_KEYS[code];
  if (known)
    return new ApiError(known.status, code, known.key, code === "PROVIDER_NOT_FOUND" ? { provider: "OAuth" } : {});
  if (response.status === 429) return rateLimited(Number(response.headers.get("x-retry-after") ?? 60) * 1000);
  if (response.status >= 500) return new ApiError(500, "INTERNAL", "errors.internal");
  return new ApiError(response.status as 400, code, "errors.invalidInput");
}

/** Carry better-auth's cookies and bearer token over to our own (typed) answer. */
function copyAuthHeaders(c: Context<AppEnv>, from: Response): void {
  for (const cookie of from.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
  const token = from.headers.get("set-auth-token");
  if (token) c.header("set-auth-token", token);
}

/** better-auth's handler on a request that carries only what our schema parsed. */
async function forward(c: Context<AppEnv>, body?: unknown, auth = authFor(c)): Promise<Response> {
  let request = c.req.raw;
  if (body !== undefined) {
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    headers.set("content-type", "application/json");
    request = new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
  }
  const response = await auth.handler(request);
  if (response.status >= 400) throw await toAuthError(response);
  return response;
}

/** better-auth's JSON answer, in the shape our route declares (its cookies carried over). */
async function forwardJson<Schema extends ZodType>(
  c: Context<AppEnv>,
  schema: Schema,
  body: unknown,
): Promise<z.output<Schema>> {
  const response = await forward(c, body);
  copyAuthHeaders(c, response);
  return schema.parse(await response.json());
}

/**
 * A page in a browser never receives a bearer token (`set-auth-token`): its session is the
 * HttpOnly cookie, which script cannot read. The desktop app (its own origin) and API clients
 * (no browser, so no Origin nor Sec-Fetch-Site header) do.
 */
const noTokenForBrowserPages = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const origin = c.req.header("origin");
  const fromBrowserPage = origin !== undefined || c.req.header("sec-fetch-site") !== undefined;
  if (!fromBrowserPage || origin === DESKTOP_ORIGIN || !c.res.headers.has("set-auth-token")) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.delete("set-auth-token");
});

/**
 * The session without its token (parsing strips every field not listed): the browser holds the
 * token in an HttpOnly cookie, and script needs no copy.
 */
const betterAuthSessionSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      emailVerified: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  })
  .nullable();

/**
 * With the profile, so the web app learns who is there in one request; signed out is an answer
 * (200 null), not an error the browser would log.
 */
const sessionSchema = z
  .object({ ...betterAuthSessionSchema.unwrap().shape, profile: profileDtoSchema.nullable() })
  .nullable();

const signedInSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
  profile: profileDtoSchema.nullable(),
});
/** The password was right but the account has two-factor on: no session yet, a code is asked. */
const twoFactorAskedSchema = z.object({ twoFactorRedirect: z.literal(true) });
const signedOutSchema = z.object({ success: z.boolean() });
const resetRequestedSchema = z.object({ status: z.boolean(), message: z.string() });
const passwordChangedSchema = z.object({ status: z.boolean() });
const providerRedirectSchema = z.object({ url: z.string(), redirect: z.boolean() });

const minutes = (ms: number) => ms / MINUTE_MS;

const invalidInput = errorResponse("Invalid input (`field` names it)");
const tooManyRequests = errorResponse("Too many requests from this address (`Retry-After` says when to retry)");

const signUp = createRoute({
  method: "post",
  path: "/sign-up/email",
  tags: ["auth"],
  summary: "Create a parent or babysitter account (and its profile, in one transaction).",
  request: { body: jsonBody(registerBodySchema) },
  responses: {
    200: jsonResponse(
      "Registered (also for an address already in use: no enumeration)",
      z.object({ ok: z.literal(true) }),
    ),
    400: invalidInput,
    429: tooManyRequests,
  },
});

const signIn = createRoute({
  method: "post",
  path: "/sign-in/email",
  tags: ["auth"],
  summary:
    "Sign in with email and password. Sets the session cookie; API clients (not browser pages) also get a bearer token in the `set-auth-token` header.",
  request: { body: jsonBody(signInBodySchema) },
  responses: {
    200: jsonResponse(
      "Signed in, or (two-factor on) `twoFactorRedirect`: the code goes to /two-factor/verify-totp or /two-factor/verify-backup-code",
      z.union([signedInSchema, twoFactorAskedSchema]),
    ),
    400: invalidInput,
    403: errorResponse("The right password for an account deleted from Settings → Confidentialité"),
    401: errorResponse(
      `Wrong email or password; \`warning\` when ${LOGIN_THROTTLE.warnWhenRemaining} or fewer attempts remain`,
    ),
    429: errorResponse(
      `Blocked after ${LOGIN_THROTTLE.maxAttempts} failures in ${minutes(LOGIN_THROTTLE.windowMs)} minutes, for ` +
        `${minutes(LOGIN_THROTTLE.blockMs)} minutes, or too many attempts from this address (\`Retry-After\`)`,
    ),
  },
});

const getSession = createRoute({
  method: "get",
  path: "/get-session",
  tags: ["auth"],
  security: SESSION_SECURITY,
  summary: "The current session, user and profile (without the session token), or null when signed out.",
  responses: { 200: jsonResponse("Session or null", sessionSchema) },
});

const signOut = createRoute({
  method: "post",
  path: "/sign-out",
  tags: ["auth"],
  summary: "End the current session.",
  request: { body: jsonBody(signOutBodySchema) },
  responses: { 200: jsonResponse("Signed out", signedOutSchema), 400: invalidInput },
});

const requestPasswordReset = createRoute({
  method: "post",
  path: "/request-password-reset",
  tags: ["auth"],
  summary: `Email a password reset link valid for ${PASSWORD_RESET_TTL_MINUTES} minutes (same answer whether or not the account exists).`,
  request: { body: jsonBody(passwordResetBodySchema) },
  responses: { 200: jsonResponse("Accepted", resetRequestedSchema), 400: invalidInput, 429: tooManyRequests },
});

const followResetLink = createRoute({
  method: "get",
  path: "/reset-password/{token}",
  tags: ["auth"],
  summary: "The link in the reset email: redirects to the reset page with the token, or with `error=INVALID_TOKEN`.",
  request: { params: resetLinkParamSchema, query: resetCallbackQuerySchema },
  responses: { 302: redirectResponse("To callbackURL"), 400: invalidInput },
});

const resetPassword = createRoute({
  method: "post",
  path: "/reset-password",
  tags: ["auth"],
  summary:
    "Set a new password with a reset token. Ends every session, voids the other reset links, lifts the login block and emails the owner.",
  request: { body: jsonBody(resetPasswordBodySchema) },
  responses: {
    200: jsonResponse("Password changed", passwordChangedSchema),
    400: errorResponse("Invalid input, or an invalid or expired token"),
  },
});

const changePassword = signedInRoute({
  method: "post",
  path: "/change-password",
  tags: ["auth"],
  summary:
    "Settings → Sécurité: change the password (the current one required, the registration's rules for the new one). Every other session ends, this one gets a fresh cookie, pending reset links die and the owner is emailed.",
  request: { body: jsonBody(changePasswordBodySchema) },
  responses: {
    200: jsonResponse("Password changed", passwordChangedSchema),
    400: errorResponse(
      "Invalid input, 'Mot de passe actuel incorrect', or an account without a password (Google, Facebook)",
    ),
  },
});

const twoFactorEnable = signedInRoute({
  method: "post",
  path: "/two-factor/enable",
  tags: ["auth"],
  summary:
    "Settings → Sécurité: start two-factor set-up with the password. Answers the otpauth:// URI for the authenticator app and 10 backup codes, shown once; two-factor is on only after /two-factor/verify-totp accepts a first code.",
  request: { body: jsonBody(twoFactorPasswordBodySchema) },
  responses: {
    200: jsonResponse("The secret's URI and the backup codes", twoFactorSetupSchema),
    400: errorResponse("Invalid input, 'Mot de passe actuel incorrect', or two-factor already on"),
  },
});

const twoFactorDisable = signedInRoute({
  method: "post",
  path: "/two-factor/disable",
  tags: ["auth"],
  summary: "Settings → Sécurité: turn two-factor off, with the password.",
  request: { body: jsonBody(twoFactorPasswordBodySchema) },
  responses: {
    200: jsonResponse("Off", passwordChangedSchema),
    400: errorResponse("Invalid input, or 'Mot de passe actuel incorrect'"),
  },
});

const twoFactorBackupCodes = signedInRoute({
  method: "post",
  path: "/two-factor/generate-backup-codes",
  tags: ["auth"],
  summary:
    "Settings → Sécurité, two-factor on: 10 new backup codes for the caller's own account, with the password; shown once, and the old ones stop working.",
  request: { body: jsonBody(twoFactorPasswordBodySchema) },
  responses: {
    200: jsonResponse("The new backup codes", backupCodesSchema),
    400: errorResponse("Invalid input, 'Mot de passe actuel incorrect', or two-factor off"),
    429: tooManyRequests,
  },
});

const twoFactorVerified = z.object({ status: z.literal(true) });

const twoFactorVerifyTotp = createRoute({
  method: "post",
  path: "/two-factor/verify-totp",
  tags: ["auth"],
  summary:
    "A code from the authenticator app: signed in, it finishes the set-up (two-factor on; this session renewed); after a sign-in that answered `twoFactorRedirect` (its short-lived cookie), it opens the session. 5 wrong codes end the attempt.",
  request: { body: jsonBody(totpBodySchema) },
  responses: {
    200: jsonResponse("Verified (the session cookie is set)", twoFactorVerified),
    400: errorResponse("Invalid input, or 'Code invalide'"),
    401: errorResponse("No sign-in waiting for a code, or it expired (sign in again)"),
    429: tooManyRequests,
  },
});

const twoFactorVerifyBackupCode = createRoute({
  method: "post",
  path: "/two-factor/verify-backup-code",
  tags: ["auth"],
  summary:
    "After a sign-in that answered `twoFactorRedirect`: one of the backup codes instead of the app's code (each works once).",
  request: { body: jsonBody(backupCodeBodySchema) },
  responses: {
    200: jsonResponse("Signed in (the session cookie is set)", twoFactorVerified),
    400: errorResponse("Invalid input, or 'Code invalide'"),
    401: errorResponse("No sign-in waiting for a code, or it expired (sign in again)"),
    429: tooManyRequests,
  },
});

const verifyEmail = createRoute({
  method: "post",
  path: "/verify-email",
  tags: ["auth"],
  summary:
    "The /verify-email page, with the token from the verification email: confirms the address (a link already used answers the same). Opens no session.",
  request: { body: jsonBody(verifyEmailBodySchema) },
  responses: {
    200: jsonResponse("The address is confirmed", z.object({ status: z.literal(true) })),
    400: errorResponse(
      "VERIFICATION_EXPIRED (ask for a new link: /send-verification-email), VERIFICATION_INVALID, or invalid input",
    ),
  },
});

const sendVerification = createRoute({
  method: "post",
  path: "/send-verification-email",
  tags: ["auth"],
  security: OPTIONAL_SESSION_SECURITY,
  summary:
    "Email a new verification link: signed in, to the caller's own address (`email` ignored); signed out, to `email` when it has an unconfirmed account (the same answer either way). Limited per address and per email.",
  request: { body: jsonBody(sendVerificationBodySchema) },
  responses: {
    200: jsonResponse(
      "Accepted (nothing to send when the address is already confirmed)",
      z.object({ status: z.literal(true) }),
    ),
    400: invalidInput,
    429: tooManyRequests,
  },
});

const checkResetLink = createRoute({
  method: "get",
  path: "/reset-link",
  tags: ["auth"],
  summary:
    "Whether a password reset link still works, without using it: the reset page asks when it opens, so an expired link is said at once.",
  request: { query: resetLinkQuerySchema },
  responses: {
    200: jsonResponse("valid, expired (ask for a new one) or invalid", z.object({ state: z.enum(RESET_LINK_STATES) })),
    400: invalidInput,
  },
});

const socialSignIn = createRoute({
  method: "post",
  path: "/sign-in/social",
  tags: ["auth"],
  summary: "Start Google or Facebook sign-in (when configured): the provider page to open.",
  request: { body: jsonBody(socialSignInBodySchema) },
  responses: {
    200: jsonResponse("The provider's sign-in page", providerRedirectSchema),
    400: invalidInput,
    404: errorResponse("Provider not configured"),
  },
});

/** The providers' return: Google answers with GET, form_post providers with POST. */
const providerCallback = (method: "get" | "post") =>
  createRoute({
    method,
    path: "/callback/{provider}",
    tags: ["auth"],
    summary: "The OAuth provider's return.",
    request: { params: oauthCallbackParamSchema },
    responses: {
      302: redirectResponse("Signed in: into the app; failed: to /login with the error"),
      400: invalidInput,
    },
  });

const authApi = createApi();
authApi.use(noTokenForBrowserPages);
// A browser without a device cookie gets one on the answer that signs it in (auth/device.ts).
authApi.use(deviceCookie);

export const authRoutes = authApi
  .openapi(signUp, async (c) => {
    const { password, ...metadata } = c.req.valid("json");
    await consume(c.var.db, [{ name: "signUpPerAddress", subject: clientAddress(c) }]);
    const response = await authFor(c, { registration: metadata }).api.signUpEmail({
      body: {
        name: `${metadata.first_name.trim()} ${metadata.last_name.trim()}`,
        email: metadata.email.toLowerCase(),
        password,
      },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!response.ok) throw await toAuthError(response);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(signIn, async (c) => {
    const { email, password, rememberMe } = c.req.valid("json");
    const address = clientAddress(c);
    await consume(c.var.db, [{ name: "signInPerAddress", subject: address }]);
    type Answer = { user: { id: string; email: string; emailVerified: boolean } } | { twoFactorRedirect: true };
    const answer = await passwordSignIn<Answer>(
      c.var.db,
      { email, address, lang: c.var.lang, userAgent: c.req.header("user-agent") },
      async () => {
        const response = await authFor(c).api.signInEmail({
          body: { email: email.toLowerCase(), password, rememberMe: rememberMe ?? true },
          headers: c.req.raw.headers,
          asResponse: true,
        });
        if (!response.ok) return { ok: false, code: await authErrorCode(response), error: () => toAuthError(response) };
        copyAuthHeaders(c, response);
        return { ok: true, answer: (await response.json()) as Answer };
      },
      () => offerResetToBlockedOwner(c, email),
    );
    if ("twoFactorRedirect" in answer) return c.json({ twoFactorRedirect: true as const }, 200);
    const { user } = answer;
    const profile = await findProfileByUserId(c.var.db, user.id);
    const signedIn = { id: user.id, email: user.email, emailVerified: user.emailVerified };
    return c.json({ user: signedIn, profile: profile && toProfileDto(profile) }, 200);
  })
  .openapi(getSession, async (c) => {
    const response = await authFor(c).api.getSession({ headers: c.req.raw.headers, asResponse: true });
    if (!response.ok) throw await toAuthError(response);
    copyAuthHeaders(c, response);
    const session = betterAuthSessionSchema.parse(await response.json());
    if (!session) return c.json(null, 200);
    const profile = await findProfileByUserId(c.var.db, session.user.id);
    return c.json({ ...session, profile: profile && toProfileDto(profile) }, 200);
  })
  .openapi(signOut, async (c) => c.json(await forwardJson(c, signedOutSchema, {}), 200))
  .openapi(requestPasswordReset, async (c) => {
    const body = c.req.valid("json");
    await consume(c.var.db, [
      { name: "passwordResetPerAddress", subject: clientAddress(c) },
      { name: "passwordResetPerEmail", subject: body.email },
    ]);
    return c.json(await forwardJson(c, resetRequestedSchema, { ...body, email: body.email.toLowerCase() }), 200);
  })
  .openapi(followResetLink, async (c) => {
    // An expired link says so on the reset page (better-auth would only say 'invalid').
    const state = await resetLinkState(c.var.db, c.req.valid("param").token, Date.now());
    if (state !== "expired") return forward(c);
    return c.redirect(`${c.req.valid("query").callbackURL}?error=TOKEN_EXPIRED`, 302);
  })
  .openapi(resetPassword, async (c) => c.json(await forwardJson(c, passwordChangedSchema, c.req.valid("json")), 200))
  .openapi(changePassword, async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    // better-auth replaces this session by a fresh one: this device's sockets move to it, the others' close.
    const auth = authFor(c, { replacedSessionId: c.var.session.id });
    await forward(c, { currentPassword, newPassword, revokeOtherSessions: true }, auth).then((response) =>
      copyAuthHeaders(c, response),
    );
    const { id, email } = c.var.user;
    await afterPasswordReset(c.env, c.var.db, { userId: id, email }, inBackground(c), {
      via: "change",
      origin: callerOrigin(c),
    });
    return c.json({ status: true }, 200);
  })
  .openapi(twoFactorEnable, async (c) => {
    const { password } = c.req.valid("json");
    return c.json(await forwardJson(c, twoFactorSetupSchema, { password, method: "totp" }), 200);
  })
  .openapi(twoFactorDisable, async (c) => {
    const auth = authFor(c, { replacedSessionId: c.var.session.id }); // see twoFactorVerifyTotp
    await forward(c, c.req.valid("json"), auth).then((response) => copyAuthHeaders(c, response));
    await recordTwoFactorChange(c.var.db, c.var.user.id, callerOrigin(c), false);
    return c.json({ status: true }, 200);
  })
  .openapi(twoFactorBackupCodes, async (c) => {
    const { password } = c.req.valid("json");
    const { backupCodes } = await forwardJson(c, backupCodesSchema, { password });
    return c.json({ backupCodes }, 200);
  })
  .openapi(twoFactorVerifyTotp, async (c) => {
    // Setting two-factor up (signed in), better-auth replaces the caller's session by a fresh one,
    // as it does to switch it off: this device's sockets move to the fresh session instead of
    // closing. Closed, they sent the tab to ask for its session with the old cookie while the
    // answer carrying the new one was on its way, and that question's answer signed the tab out.
    // At sign-in (the two-factor cookie, no session yet) there is nothing to hand over.
    const current = await authFor(c).api.getSession({ headers: c.req.raw.headers });
    const auth = current ? authFor(c, { replacedSessionId: current.session.id }) : authFor(c);
    await forward(c, c.req.valid("json"), auth).then((response) => copyAuthHeaders(c, response));
    // Signed in, the first code accepted switched two-factor on.
    if (current) await recordTwoFactorChange(c.var.db, current.user.id, callerOrigin(c), true);
    return c.json({ status: true as const }, 200);
  })
  .openapi(twoFactorVerifyBackupCode, async (c) => {
    await forward(c, c.req.valid("json")).then((response) => copyAuthHeaders(c, response));
    return c.json({ status: true as const }, 200);
  })
  .openapi(verifyEmail, async (c) => {
    const { token } = c.req.valid("json");
    const response = await authFor(c).api.verifyEmail({ query: { token }, headers: new Headers(), asResponse: true });
    if (response.ok) return c.json({ status: true as const }, 200);
    if ((await authErrorCode(response)) === "TOKEN_EXPIRED")
      throw new ApiError(400, "VERIFICATION_EXPIRED", "account.verificationExpired");
    throw new ApiError(400, "VERIFICATION_INVALID", "account.verificationInvalid");
  })
  .openapi(sendVerification, async (c) => {
    const auth = authFor(c);
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    const email = (session?.user.email ?? c.req.valid("json").email)?.toLowerCase();
    if (!email) throw new ApiError(400, "VALIDATION", "validation.emailRequired", {}, { field: "email" });
    // Counted before anything is looked up or sent: 20 requests at once get the limit, no more.
    await consume(c.var.db, [
      { name: "verificationEmailPerAddress", subject: clientAddress(c) },
      { name: "verificationEmailPerEmail", subject: email },
    ]);
    if (session?.user.emailVerified) return c.json({ status: true as const }, 200);
    // Signed out, better-auth answers the same (after the same delay) whether or not the address
    // has an unconfirmed account: no enumeration.
    const headers = session ? c.req.raw.headers : new Headers();
    const response = await auth.api.sendVerificationEmail({ body: { email }, headers, asResponse: true });
    if (!response.ok) throw await toAuthError(response);
    return c.json({ status: true as const }, 200);
  })
  .openapi(checkResetLink, async (c) =>
    c.json({ state: await resetLinkState(c.var.db, c.req.valid("query").token, Date.now()) }, 200),
  )
  .openapi(socialSignIn, async (c) => c.json(await forwardJson(c, providerRedirectSchema, c.req.valid("json")), 200))
  .openapi(providerCallback("get"), (c) => forward(c))
  .openapi(providerCallback("post"), (c) => forward(c));

/**
 * The 5th failure in 15 minutes blocks the account for 30 minutes (anyone can trigger it):
 * its owner is emailed a reset link, which lifts the block. After the answer, so the 429 takes
 * the same time whether or not the account exists; unknown addresses get nothing.
 */
function offerResetToBlockedOwner(c: Context<AppEnv>, email: string): void {
  const auth = authFor(c, { resetEmail: "accountBlocked" });
  inBackground(c)(auth.api.requestPasswordReset({ body: { email: email.toLowerCase(), redirectTo: RESET_PAGE_PATH } }));
}

const RESET_PAGE_PATH = "/reset-password";
