// better-auth's own tables (user, session, account, verification, rateLimit).
// The object keys are the model names better-auth's Drizzle adapter looks up;
// SQL names are snake_case like the rest of the schema.
import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";

const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
};

export const user = sqliteTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  image: text("image"),
  /** better-auth's twoFactor plugin: sign-in asks for an authenticator code once this is on. */
  twoFactorEnabled: integer("two_factor_enabled", { mode: "boolean" }).notNull().default(false),
  /**
   * Settings → Confidentialité → delete: set at once (sign-in refused, sessions ended); the personal
   * data is anonymised ACCOUNT_DELETION_GRACE_DAYS later by the cron (anonymizedAt then).
   */
  deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  anonymizedAt: integer("anonymized_at", { mode: "timestamp_ms" }),
  /**
   * The admin console's suspension: set with its reason (shown to the user when she tries to sign
   * in), every session ended at once; cleared by unsuspending. Like a deletion, a suspended account
   * is gone from every read, write, search and notice (services/account-state.ts).
   */
  suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
  suspensionReason: text("suspension_reason"),
  ...timestamps,
});

export const session = sqliteTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Where the sign-in came from, when Cloudflare knew it (request.cf); null otherwise. */
    city: text("city"),
    country: text("country"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = sqliteTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = sqliteTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * better-auth's twoFactor plugin: the TOTP secret and the backup codes (both encrypted with the
 * auth secret by the plugin), one row per user; `verified` stays false until a first code is checked.
 */
export const twoFactor = sqliteTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: integer("verified", { mode: "boolean" }).default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/**
 * Settings → Confidentialité: the caller's cookie choices. Essential cookies are always on (no
 * column); without a row, analytics is on and marketing off.
 */
export const cookieChoices = sqliteTable("cookie_choices", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  analytics: integer("analytics", { mode: "boolean" }).notNull().default(true),
  marketing: integer("marketing", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** better-auth's request rate limiter (storage: "database": memory does not survive on Workers). */
export const rateLimit = sqliteTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: integer("last_request").notNull(),
});

/**
 * Browsers a user has signed in from, so a sign-in from one of them raises no 'Nouvelle connexion'
 * notice. The key is a random id kept in a long-lived, http-only cookie of that browser, stored
 * here as its SHA-256 (a stolen database row cannot be replayed as a cookie).
 */
export const knownDevice = sqliteTable(
  "known_device",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: integer("first_seen_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
