// better-auth, made per request from the Worker's env (one factory for the runtime and the CLI).
// Accounts live in the same libSQL database; a registration creates the user, its credential and
// its profile rows in ONE transaction (see the user.create.after hook).
import { betterAuth } from "better-auth";
import { bearer } from "better-auth/plugins";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import type { Db } from "@db/client";
import { PASSWORD_RESET_TTL_MINUTES } from "@db/constants/limits";
import { account, rateLimit, session, user, verification } from "@db/schema/auth";
import type { Env } from "../env";
import { createProfileForUser, oauthProfileMetadata, type DbOrTx, type RegistrationMetadata } from "../services/profiles";
import { sendPasswordResetEmail } from "../delivery/auth-emails";
import type { Lang } from "../lib/i18n";

/** The desktop app's pages are served from this origin (desktop/main.ts). */
export const DESKTOP_ORIGIN = "app://veilleuse";

export const SESSION_SECONDS = 30 * 24 * 3600;

export type AuthOptions = {
  baseURL: string;
  lang: Lang;
  /** Set only by the registration route: the profile to create with the new user. */
  registration?: RegistrationMetadata;
};

export function oauthProviders(env: Env) {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    facebook: Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET),
  };
}

export function trustedOrigins(env: Env, baseURL: string): string[] {
  const extra = (env.TRUSTED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean);
  return [baseURL, DESKTOP_ORIGIN, ...extra];
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
  return betterAuth({
    appName: "Veilleuse",
    baseURL: env.BETTER_AUTH_URL || options.baseURL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: trustedOrigins(env, env.BETTER_AUTH_URL || options.baseURL),
    database: drizzleAdapter(tracked, {
      provider: "sqlite",
      schema: { user, session, account, verification, rateLimit },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Registration leads to /login ('Inscription réussie ! Vérifiez votre email.'), and an existing
      // address gets the same neutral answer as a new one (no account enumeration).
      autoSignIn: false,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_MINUTES * 60,
      sendResetPassword: async ({ user: target, url }) => {
        await sendPasswordResetEmail(env, db, { to: target.email, name: target.name, url, lang: options.lang });
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
    session: { expiresIn: SESSION_SECONDS, updateAge: 24 * 3600 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      // Our login throttle (edge/services/login-throttle.ts) owns the spec's sign-in rule.
      customRules: { "/sign-in/email": { window: 60, max: 60 }, "/sign-up/email": { window: 60, max: 30 } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip", "x-forwarded-for"] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [bearer()],
    databaseHooks: {
      account: {
        create: {
          // Runs inside the sign-up transaction, right after the user row: a profile that cannot be
          // written rolls the user and its credential back (better-auth's *after* hooks run post-commit).
          before: async (newAccount) => {
            if (!options.registration || newAccount.providerId !== "credential") return;
            const tx = currentTransaction();
            if (!tx) throw new Error("Registration must run inside a transaction");
            await createProfileForUser(tx, newAccount.userId, options.registration);
          },
        },
      },
      user: {
        create: {
          // Google / Facebook sign-up: a parent profile from the provider's name; phone and city are
          // completed on /profile (a sitter registers through the wizard).
          after: async (created) => {
            if (options.registration) return;
            await createProfileForUser(db, created.id, oauthProfileMetadata(created.name, created.email));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
