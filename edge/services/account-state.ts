// Whether an account is live: the one rule every read, write, search and notice applies (a deleted
// or suspended account is gone everywhere at once, not 30 days later when the cron anonymises it;
// SECURITY.md, Settings → Confidentialité). `user.deleted_at` and `user.suspended_at` are the only
// source of truth: nothing copies them elsewhere.
//
// Where it is used: search (search-sql.ts), the public profile (public-profile.ts), the SEO page and
// sitemap (seo.ts), favourites (favourites.ts; the dashboard counts through it), booking a sitter and
// accepting a request (bookings.ts), starting a conversation and sending a message (messages.ts),
// reviews (reviews.ts), every notice (services/notifications/notify.ts) and reset links (auth/create-auth.ts).
//
// The admin console's suspension (services/admin/users.ts) is part of GONE below, and nowhere else:
// every one of those paths treats a suspended account as it treats a deleted one.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { user } from "@db/schema/auth";
import { profiles } from "@db/schema/profiles";
import { ApiError } from "../lib/errors";

/** The `user` row `u` is not live. The single definition: every condition below is built on it. */
const GONE = sql.raw(`(u.deleted_at IS NOT NULL OR u.suspended_at IS NOT NULL)`);

/** SQL: the account with this user id (a column or an expression) is live. */
export const liveUser = (userId: SQLiteColumn | SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = ${userId} AND ${GONE})`;

/** SQL on a query over `profiles`: the profile's account is live. */
export const liveProfile = (table: typeof profiles = profiles) => liveUser(table.userId);

/**
 * SQL: the profile with this id (a column or an expression, e.g. `d.profile_id` of a raw query) has a
 * live account. A profile id that matches no profile counts as live: callers look the profile up anyway.
 */
export const liveProfileId = (profileId: SQLiteColumn | SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM profiles lp JOIN "user" u ON u.id = lp.user_id WHERE lp.id = ${profileId} AND ${GONE})`;

/** Single-id check: a profile that exists and whose account is live. */
export async function isLiveProfile(db: Db, profileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), liveProfile()))
    .limit(1);
  return Boolean(row);
}

/** Single-id check: an account that exists and is live. */
export async function isLiveUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), liveUser(user.id)))
    .limit(1);
  return Boolean(row);
}

/**
 * Acting towards an account that is gone (writing to her, reviewing her, confirming her request):
 * 410 'Ce compte n'est plus disponible.' (deleted or suspended: the other party is not told which). Where the caller never knew the account (booking a sitter found
 * nowhere any more), paths answer their own 404 instead, as for an unknown id.
 */
export const accountGone = () => new ApiError(410, "ACCOUNT_GONE", "account.gone");
