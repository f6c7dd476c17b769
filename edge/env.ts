// The Worker's bindings and variables (wrangler.toml [vars], secrets, or `wrangler dev --var`).
import type { InboxRpc } from "./realtime/inbox-rpc";

export type Env = {
  ASSETS: Fetcher;
  /**
   * Profile photos (R2, wrangler.toml [[r2_buckets]]). `wrangler dev` simulates the bucket on disk,
   * under its --persist-to folder (scripts/stack.ts puts it beside the database file).
   */
  PHOTOS: R2Bucket;
  /**
   * Identity documents (R2, wrangler.toml): a private bucket no route serves as such; files go out
   * only through signed, short-lived links (services/verification/file-links.ts).
   */
  DOCUMENTS: R2Bucket;
  /** One UserInbox Durable Object per profile: that user's open sockets (wrangler.toml). */
  USER_INBOX: DurableObjectNamespace<InboxRpc>;
  /** Per-address limits on public reads (wrangler.toml [[ratelimits]], edge/services/limits/read-limits.ts). */
  SEARCH_RATE_LIMITER: RateLimit;
  CITY_SUGGESTIONS_RATE_LIMITER: RateLimit;
  APP_ENV?: string;
  /** "fast": cheaper password hashes for the local test stacks only (edge/lib/password-hashing.ts). */
  TEST_PASSWORD_HASHING?: string;
  /** libSQL server: Turso / sqld in production, scripts/libsql-server.ts locally. */
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Signs session cookies and tokens; at least 32 random characters in production. */
  BETTER_AUTH_SECRET: string;
  /**
   * The app's public origin (https://veilleuse.fr): links in emails, OAuth callbacks, trusted
   * origins, CORS and OpenAPI. Required: without it the Worker answers 503 (edge/lib/config.ts).
   * `npm start` sets it to the local URL.
   */
  PUBLIC_ORIGIN?: string;
  /** Header holding the client's address, set by the proxy in front of the Worker (default cf-connecting-ip). */
  CLIENT_IP_HEADER?: string;
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
  /** Twilio (SMS, edge/delivery/sms.ts). Without them, SMS are simulated and kept in the outbox. */
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** The sending number (+33…) or a Messaging Service id (MG…). */
  TWILIO_FROM?: string;
  /** Twilio's API base, overridable so tests can point it at a local double. */
  TWILIO_API_URL?: string;
  /**
   * Web push (edge/delivery/push.ts), VAPID keys in the format `web-push generate-vapid-keys` prints:
   * the public key is the uncompressed P-256 point (65 bytes), the private key the scalar d (32
   * bytes), both base64url. Without them pushes are simulated and kept in the outbox, and
   * GET /api/push/vapid-public-key answers 503. `npm start` generates a pair into .data/.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** The push services' contact for us (RFC 8292 `sub`): a mailto: or https: URL. */
  VAPID_SUBJECT?: string;
  /**
   * Extra push service origins the Worker may POST to, comma-separated, besides the browsers' own
   * (https only): the tests' local double (http). Never needed in production.
   */
  PUSH_SERVICE_ORIGINS?: string;
  /**
   * Stripe Billing (edge/lib/billing-config.ts). With STRIPE_SECRET_KEY set, the others are required;
   * without it the demo provider bills nothing (outside production) and the UI says so.
   */
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** The Connect endpoint's signing secret (events on the babysitters' accounts: payouts, account
   * updates), when it is a second endpoint; optional. */
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  /** Stripe price ids of the monthly plans (their amounts must be the plans module's: 19 and 39 EUR). */
  STRIPE_PRICE_STANDARD?: string;
  STRIPE_PRICE_PREMIUM?: string;
  /** Stripe's API origin, overridable so tests can point the SDK at a local double. */
  STRIPE_API_BASE?: string;
};

/** Production unless APP_ENV says otherwise (wrangler.toml sets it; a missing value is production). */
export const isProduction = (env: Env) => (env.APP_ENV ?? "production") === "production";
