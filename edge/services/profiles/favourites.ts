// A parent's favourite sitters (persisted; the prototype kept them in the browser). Only parents
// have favourites (the routes check the role); only babysitters can be one. A hidden sitter
// (profile_visibility) cannot be added, and drops out of the list, the ids and the count while
// hidden: the row stays, so the favourite comes back if the sitter shows their profile again. A
// sitter whose account is gone (account-state.ts) is out of all of them at once, like a hidden one.
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { FAVOURITES_MAX } from "@db/constants/limits";
import { favourites } from "@db/schema/favourites";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import type { FavouriteCard, FavouritesList } from "@db/validators/favourites";
import { ApiError } from "../../lib/errors";
import { matchesAllWords } from "@db/text/fold";
import { liveProfile } from "../account-state";

/** Profiles a parent may see as favourites: babysitters not hidden, whose account is live. */
const visibleSitter = and(eq(profiles.userType, "babysitter"), ne(profiles.profileVisibility, "hidden"), liveProfile());

const ofParent = (parentId: string) => eq(favourites.parentProfileId, parentId);

export const babysitterNotFound = () => new ApiError(404, "BABYSITTER_NOT_FOUND", "favourites.babysitterNotFound");
export const favouritesLimitReached = () => new ApiError(409, "FAVOURITES_LIMIT", "favourites.limitReached");

/**
 * The parent's favourite sitters as cards, newest first, with the text filter on name or city.
 * A parent has at most FAVOURITES_MAX of them: one query reads them all, and the filter folds
 * accents in code (SQLite's lower() knows neither accents nor ligatures).
 */
export async function listFavourites(db: Db, input: { parentId: string; q?: string }): Promise<FavouritesList> {
  const rows = await db
    .select({
      id: profiles.id,
      first_name: profiles.firstName,
      last_name: profiles.lastName,
      photo_url: profiles.photoUrl,
      rating: profiles.rating,
      total_reviews: profiles.totalReviews,
      hourly_rate_cents: babysitterProfiles.hourlyRateCents,
      city: profiles.city,
      bio: profiles.bio,
      experience_years: babysitterProfiles.experienceYears,
      is_verified: profiles.isVerified,
      languages: babysitterProfiles.languages,
      specialties: babysitterProfiles.specialties,
      favourited_at: favourites.createdAt,
    })
    .from(favourites)
    .innerJoin(profiles, eq(profiles.id, favourites.babysitterProfileId))
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(and(ofParent(input.parentId), visibleSitter))
    .orderBy(desc(favourites.createdAt), asc(profiles.id));
  const query = input.q ?? "";
  const cards = rows.filter((card) =>
    matchesAllWords(query, `${card.first_name} ${card.last_name} ${card.city ?? ""}`),
  );
  // languages and specialties are stored as validated enum codes (db/validators/profile.ts).
  return { favourites: cards as FavouriteCard[], total: rows.length };
}

/** Just the ids, newest first: what a heart toggle on any page needs. */
export async function favouriteIds(db: Db, parentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: favourites.babysitterProfileId })
    .from(favourites)
    .innerJoin(profiles, eq(profiles.id, favourites.babysitterProfileId))
    .where(and(ofParent(parentId), visibleSitter))
    .orderBy(desc(favourites.createdAt), asc(favourites.babysitterProfileId));
  return rows.map((row) => row.id);
}

/** How many favourites the dashboard shows: the ones the list shows. */
export const favouriteCountQuery = (db: Db, parentId: string) =>
  db
    .select({ n: count() })
    .from(favourites)
    .innerJoin(profiles, eq(profiles.id, favourites.babysitterProfileId))
    .where(and(ofParent(parentId), visibleSitter));

/**
 * Adds a favourite, idempotently. One INSERT ... SELECT checks the sitter (a visible babysitter)
 * and the limit and writes, so two requests at once can never pass the limit together; only when
 * it wrote nothing do we read why.
 */
export async function addFavourite(db: Db, input: { parentId: string; babysitterId: string }): Promise<void> {
  const { parentId, babysitterId } = input;
  const stored = db.select({ n: count() }).from(favourites).where(ofParent(parentId));
  const inserted = await db
    .insert(favourites)
    .select(
      db
        .select({
          parentProfileId: sql<string>`${parentId}`.as("parent_profile_id"),
          babysitterProfileId: profiles.id,
          createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`.as("created_at"),
        })
        .from(profiles)
        .where(and(eq(profiles.id, babysitterId), visibleSitter, sql`(${stored}) < ${FAVOURITES_MAX}`)),
    )
    .onConflictDoNothing()
    .returning({ id: favourites.babysitterProfileId });
  if (inserted.length > 0) return;

  const [sitter, existing] = await db.batch([
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, babysitterId), visibleSitter)),
    db
      .select({ id: favourites.babysitterProfileId })
      .from(favourites)
      .where(and(ofParent(parentId), eq(favourites.babysitterProfileId, babysitterId))),
  ]);
  if (sitter.length === 0) throw babysitterNotFound();
  if (existing.length > 0) return; // already a favourite: PUT is idempotent
  throw favouritesLimitReached();
}

/** Removes a favourite; removing one that is not there changes nothing and is no error. */
export async function removeFavourite(db: Db, input: { parentId: string; babysitterId: string }): Promise<void> {
  await db
    .delete(favourites)
    .where(and(ofParent(input.parentId), eq(favourites.babysitterProfileId, input.babysitterId)));
}
