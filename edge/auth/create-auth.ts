// better-auth, made per request from the Worker's env (one factory for the runtime and the CLI).
// Accounts live in the same libSQL database; a registration creates the user, its credential and
// its profile rows in ONE transaction (see the user.create.after hook).
import { betterAuth } from "better-auth";
import { bearer, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import type { Db } from "@db/client";
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  IPV6_SUBNET_BITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TTL_MINUTES,
  SESSION_REFRESH_SECONDS,
  SESSION_SECONDS,
} from "@db/constants/limits";
import { account, rateLimit, session, twoFactor, user, verification } from "@db/schema/auth";
import type { UserType } from "@db/schema/enums";
import type { Env } from "../env";
import {
  createProfileForUser,
  oauthProfileMetadata,
  type DbOrTx,
  type RegistrationMetadata,
} from "../services/account/registration";
import {
  sendExistingAccountEmail,
  sendResetLinkEmail,
  sendVerificationLinkEmail,
  type ResetLinkEmail,
} from "../delivery/auth-emails";
import { logAuthEvent } from "./auth-log";
import { sha256Hex } from "./device";
import { clientIpHeader, publicOrigin, trustedOrigins } from "../lib/config";
import { passwordHashing } from "../lib/password-hashing";
import type { Lang } from "../lib/i18n";
import { isClosedUser } from "../services/account/account";
import { isLiveUser } from "../services/account-state";
import { afterPasswordReset } from "../services/account/password-reset";
import { afterSignIn } from "../services/account/sign-ins";
import { notifyUser } from "../services/notifications/notify";
import { closeAccountSockets, closeSessionSockets, handOverSessionSockets } from "../delivery/inbox-sessions";

export type AuthOptions = {
  lang: Lang;
  /** Runs work after the answer has left (ctx.waitUntil): emails never slow an answer down. */
  background: (work: Promise<unknown>) => void;
  /** Set only by the registration route: the profile to create with the new user. */
  registration?: RegistrationMetadata;
  /** Which email carries a reset link: the reset asked for (default), or the notice of a blocked account. */
  resetEmail?: ResetLinkEmail;
  /** Where the request comes from (Cloudflare's request.cf), saved on the sessions it creates. */
  location?: SessionLocation;
  /**
   * Set only by the password change: the caller's session, which better-auth deletes with every
   * other and replaces by a fresh one. Its realtime sockets move to the fresh session instead of closing.
   */
  replacedSessionId?: string;
  /** The calling browser's device id (auth/device.ts), read when a session is created. */
  deviceId?: () => string;
};

/** The page the verification email links to; it confirms the token through POST /api/auth/verify-email. */
export const VERIFY_EMAIL_PAGE_PATH = "/verify-email";

export type SessionLocation = { city: string | null; country: string | null };

export function oauthProviders(env: Env) {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    facebook: Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET),
  };
}

/**
 * The Drizzle adapter opens its transactions with `db.transaction(cb)`; we remember the transaction
 * so our own hook writes through it too, inside the same BEGIN...COMMIT.
 */
function trackTransactions(db: Db) {
  let current: DbOrTx | null = null;
  const tracked = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction") return Reflect.get(target, property, receiver);
      return (run: (tx: unknown) => Promise<unknown>, config?: unknown) =>
        target.transaction(async (tx) => {
          const outer = current;
          current = tx;
          try {
            return await run(tx);
          } finally {
            current = outer;
          }
        }, config as never);
    },
  });
  return { tracked, currentTransaction: () => current };
}

export function createAuth(env: Env, db: Db, options: AuthOptions) {
  const { tracked, currentTransaction } = trackTransactions(db);
  const providers = oauthProviders(env);
  const origin = publicOrigin(env);
  return betterAuth({
    appName: "Veilleuse",
    // From configuration only: a forged Host header never reaches a link or an allowed origin.
    baseURL: origin,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(tracked, {
      provider: "sqlite",
      schema: { user, session, account, verification, rateLimit, twoFactor },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: passwordHashing(env),
      // Registration leads to /login ('Inscription réussie ! Vérifiez votre email.'), and an existing
      // address gets the same neutral answer as a new one (no account enumeration, better-auth's
      // generic answer with autoSignIn off); its owner is told by email instead, with the ways in.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user: owner }) => {
        if (!(await isLiveUser(db, owner.id))) return;
        await sendExistingAccountEmail(env, db, { to: owner.email, name: owner.name, lang: options.lang });
      },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_MINUTES * 60,
      sendResetPassword: async ({ user: target, url }) => {
        // A deleted account gets no mail (account-state.ts); the request answers the same for it.
        if (!(await isLiveUser(db, target.id))) return;
        const email = { to: target.email, name: target.name, url, lang: options.lang };
        await sendResetLinkEmail(env, db, options.resetEmail ?? "passwordReset", email);
      },
      // After a reset: every session ends (here), every other reset link dies, the login block
      // lifts and the owner is told (afterPasswordReset).
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user: target }) => {
        // Every realtime socket of the account closes, and no ticket issued before now opens one
        // (the delete hook below closes each deleted session's sockets as well).
        await closeAccountSockets(env, db, target.id);
        await afterPasswordReset(env, db, { userId: target.id, email: target.email }, options.background);
      },
    },
    // Sign-up emails a link that confirms the address (valid EMAIL_VERIFICATION_TTL_HOURS); until then
    // the account may sign in and look, not write to anyone nor book (auth/verified.ts). The link
    // opens our page, which confirms the token; no session is opened by the link itself.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: EMAIL_VERIFICATION_TTL_HOURS * 3600,
      sendVerificationEmail: async ({ user: target, token }) => {
        if (!(await isLiveUser(db, target.id))) return;
        // An agency manager's address is proven by the link to choose her password (onPasswordReset).
        if (options.registration?.user_type === "agency") return;
        const url = `${origin}${VERIFY_EMAIL_PAGE_PATH}?token=${encodeURIComponent(token)}`;
        const email = { to: target.email, name: target.name, url, lang: options.lang };
        options.background(sendVerificationLinkEmail(env, db, email));
      },
    },
    socialProviders: {
      ...(providers.google && {
        google: { clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! },
      }),
      ...(providers.facebook && {
        facebook: { clientId: env.FACEBOOK_CLIENT_ID!, clientSecret: env.FACEBOOK_CLIENT_SECRET! },
      }),
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // Shown in Settings → Sécurité; written by the session hook below, never by a client.
      additionalFields: {
        city: { type: "string", required: false, input: false },
        country: { type: "string", required: false, input: false },
      },
    },
    // A general ceiling on better-auth's own endpoints (sign-out, session, OAuth). Sign-up, sign-in
    // and reset requests are limited by ours (edge/services/limits/rate-limit.ts: per address and per
    // email, with Retry-After), so better-auth's default rule for reset requests is off.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      customRules: { "/request-password-reset": false },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [clientIpHeader(env)], ipv6Subnet: IPV6_SUBNET_BITS },
      database: { generateId: () => crypto.randomUUID() },
      // Emails (reset links) go out after the answer: a known address answers as fast as an unknown one.
      backgroundTasks: { handler: options.background },
    },
    // Its lines on the console, but a closed account's refused session is not an error (auth-log.ts).
    logger: { log: logAuthEvent },
    // OAuth failures land on our sign-in page (with ?error=...), not on better-auth's own error page.
    onAPIError: { errorURL: `${origin}/login` },
    // Two-factor sign-in with an authenticator app (TOTP) and 10 single-use backup codes, both
    // stored encrypted with the auth secret. Set-up needs the password, and a first code before it
    // is on; sign-in then stops after the password (`twoFactorRedirect`) until a code is given.
    plugins: [bearer(), twoFactorPlugin({ issuer: "Veilleuse", skipVerificationOnEnable: false })],
    databaseHooks: {
      session: {
        create: {
          // A deleted account (Settings → Confidentialité) or a suspended one (the admin console)
          // gets no new session, whatever the way in.
          before: async (created) => {
            if (await isClosedUser(db, created.userId)) return false;
            return {
              data: { ...created, city: options.location?.city ?? null, country: options.location?.country ?? null },
            };
          },
          // The account's language, and the new-device notice (services/account/sign-ins.ts), after the answer.
          after: async (created) => {
            // Read now (it may mint the cookie this answer sets), hashed in the background.
            const deviceId = options.deviceId?.() ?? crypto.randomUUID();
            options.background(
              afterSignIn(env, db, {
                userId: created.userId,
                sessionId: created.id,
                userAgent: created.userAgent,
                ipAddress: created.ipAddress,
                lang: options.lang,
                city: options.location?.city ?? null,
                country: options.location?.country ?? null,
                at: created.createdAt,
                deviceHash: await sha256Hex(deviceId),
                renewal: Boolean(options.replacedSessionId),
              }),
            );
            if (options.replacedSessionId) {
              const fresh = { id: created.id, expiresAt: created.expiresAt.getTime() };
              await handOverSessionSockets(env, db, created.userId, options.replacedSessionId, fresh);
            }
          },
        },
        // Every way better-auth ends a session (sign-out, a password change or reset, an expired
        // session found) closes its realtime sockets before the answer; a session it replaces for
        // the same device (replacedSessionId) hands them over instead.
        delete: {
          after: async (deleted) => {
            if (deleted.id === options.replacedSessionId) return; // handed over on create, above
            await closeSessionSockets(env, db, deleted.userId, [deleted.id]);
          },
        },
      },
      account: {
        create: {
          // Runs inside the sign-up transaction, right after the user row: a profile that cannot be
          // written rolls the user and its credential back (better-auth's *after* hooks run post-commit).
          before: async (newAccount) => {
            if (!options.registration || newAccount.providerId !== "credential") return;
            const tx = currentTransaction();
            if (!tx) throw new Error("Registration must run inside a transaction");
            await createProfileForUser(tx, newAccount.userId, options.registration, options.lang);
          },
        },
      },
      user: {
        create: {
          // Google / Facebook sign-up: a parent profile from the provider's name; phone and city are
          // completed on /profile (a sitter registers through the wizard).
          // Then, for every way in, the welcome email (after the answer; the profile exists by now).
          after: async (created) => {
            if (!options.registration) {
              const metadata = oauthProfileMetadata(created.name, created.email);
              await createProfileForUser(db, created.id, metadata, options.lang);
            }
            const role = options.registration?.user_type ?? "parent";
            // An agency manager's first email is the link to choose her password (agency-managers.ts).
            if (role !== "agency") options.background(welcome(env, db, created.id, role));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The welcome email: what the account gives, by role (a parent: free for life, unlimited search,
 * bookings without commission, secure messaging, 24/7 support; a babysitter: a one-month free trial
 * with 5 bookings included).
 */
function welcome(env: Env, db: Db, userId: string, role: UserType) {
  return notifyUser(env, db, userId, {
    event: "welcome",
    occurrence: userId,
    params: { roleText: { text: `events.welcome.${role}` } },
    link: "/dashboard",
  });
}
