// The Worker's bindings and variables (wrangler.toml [vars], secrets, or `wrangler dev --var`).
export type Env = {
  ASSETS: Fetcher;
  APP_ENV?: string;
  /** libSQL server: Turso / sqld in production, scripts/libsql-server.ts locally. */
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Signs session cookies and tokens; at least 32 random characters in production. */
  BETTER_AUTH_SECRET: string;
  /** Public origin of the app; defaults to the request's origin (local dev on any port). */
  BETTER_AUTH_URL?: string;
  /** Extra origins allowed to call the API with credentials, comma-separated (the desktop app's is built in). */
  TRUSTED_ORIGINS?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  FACEBOOK_CLIENT_ID?: string;
  FACEBOOK_CLIENT_SECRET?: string;
  /** Resend (email). Without a key, emails are simulated and kept in the outbox table. */
  RESEND_API_KEY?: string;
  /** Resend's API base, overridable so tests can point it at a local double. */
  RESEND_API_URL?: string;
  EMAIL_FROM?: string;
};
