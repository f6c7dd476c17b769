// The public babysitter profile (/babysitter/{id}): who may see it (profile_visibility), what it
// shows (never email, address, postal code or coordinates), her real figures and latest reviews,
// and the phone for a parent she has a confirmed booking with.
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { REVIEWS_SHOWN_ON_PROFILE } from "@db/constants/limits";
import { bookings } from "@db/schema/bookings";
import type { SubscriptionPlan } from "@db/schema/enums";
import { agencies, agencyMembers } from "@db/schema/agencies";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { PublicReview, PublicSitterProfile, SitterStats } from "@db/validators/public-profile";
import { ApiError } from "../../lib/errors";
import { liveProfile } from "../account-state";
import { toBabysitterProfileDto } from "./babysitter-profile";

/** Who is looking: nobody signed in, or a profile. */
export type Viewer = { id: string; userType: string } | null;

const profileNotFound = () => new ApiError(404, "NOT_FOUND", "profiles.notFound");

/** Answered bookings the response time is measured on: her most recent ones. */
const RESPONSE_SAMPLE = 100;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Her real figures: completed sittings, families who came back (two or more completed sittings),
 * and the median time she takes to answer a request.
 *
 * The answer time is `responded_at` (set when she accepts or declines) minus `created_at`, over her
 * most recent answered requests; a request a parent cancelled before she answered has none.
 */
export async function sitterStats(db: Db, babysitterId: string): Promise<SitterStats> {
  const completedPerFamily = await db
    .select({ sittings: sql<number>`count(*)` })
    .from(bookings)
    .where(and(eq(bookings.babysitterId, babysitterId), eq(bookings.status, "completed")))
    .groupBy(bookings.parentId);
  const answered = await db
    .select({ createdAt: bookings.createdAt, answeredAt: bookings.respondedAt })
    .from(bookings)
    .where(and(eq(bookings.babysitterId, babysitterId), isNotNull(bookings.respondedAt)))
    .orderBy(desc(bookings.createdAt))
    .limit(RESPONSE_SAMPLE);
  const minutes = answered.map((b) =>
    Math.max(0, (Date.parse(b.answeredAt ?? b.createdAt) - Date.parse(b.createdAt)) / 60_000),
  );
  const responseTime = median(minutes);
  return {
    completed_sittings: completedPerFamily.reduce((sum, family) => sum + Number(family.sittings), 0),
    repeat_families: completedPerFamily.filter((family) => Number(family.sittings) >= 2).length,
    response_time_minutes: responseTime === null ? null : Math.round(responseTime),
  };
}

/**
 * Her latest reviews, newest first, with the reviewer's first name, initial and photo, each marked
 * when `viewerId` wrote it.
 */
export async function latestReviews(db: Db, babysitterId: string, viewerId?: string): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photoUrl: profiles.photoUrl,
      reviewerId: reviews.reviewerId,
    })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.reviewerId))
    .where(and(eq(reviews.reviewedId, babysitterId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN_ON_PROFILE);
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt,
    reviewer: { first_name: row.firstName, last_initial: row.lastName.trim().charAt(0), photo_url: row.photoUrl },
    by_viewer: viewerId !== undefined && row.reviewerId === viewerId,
  }));
}

/** The statuses of the bookings between a babysitter and a parent (empty when they have none). */
async function sharedBookingStatuses(db: Db, babysitterId: string, parentId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.babysitterId, babysitterId), eq(bookings.parentId, parentId)));
  return new Set(rows.map((row) => row.status));
}

/**
 * public: everyone; members: anyone signed in; hidden: the babysitter herself and the parents who
 * have a booking with her (any status). Everyone else gets the same 404 as for a missing profile.
 */
export function maySee(visibility: string, viewer: Viewer, isOwner: boolean, hasSharedBooking: boolean): boolean {
  if (visibility === "public") return true;
  if (visibility === "members") return viewer !== null;
  return isOwner || hasSharedBooking;
}

/** A paid plan whose period is over counts as discovery (no badge). */
export function planInForce(plan: SubscriptionPlan, expires: string | null, now = Date.now()): SubscriptionPlan {
  return plan !== "discovery" && expires !== null && Date.parse(expires) < now ? "discovery" : plan;
}

/** The agency whose roster holds the sitter, if any: its id and company name only. */
async function agencyOfSitter(db: Db, sitterId: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.sitterId, sitterId))
    .limit(1);
  return row ?? null;
}

/** The babysitter behind the id; none when her account is gone (account-state.ts): the same 404. */
async function findSitter(db: Db, id: string) {
  const [row] = await db
    .select({ profile: profiles, details: babysitterProfiles })
    .from(profiles)
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(and(eq(profiles.id, id), eq(profiles.userType, "babysitter"), liveProfile()))
    .limit(1);
  return row ?? null;
}

export async function getPublicSitterProfile(db: Db, id: string, viewer: Viewer): Promise<PublicSitterProfile> {
  const sitter = await findSitter(db, id);
  if (!sitter) throw profileNotFound();
  const { profile, details } = sitter;
  const isOwner = viewer?.id === profile.id;
  const statuses =
    viewer?.userType === "parent" ? await sharedBookingStatuses(db, profile.id, viewer.id) : new Set<string>();
  if (!maySee(profile.profileVisibility, viewer, isOwner, statuses.size > 0)) throw profileNotFound();
  const [stats, latest, agency] = await Promise.all([
    sitterStats(db, profile.id),
    latestReviews(db, profile.id, viewer?.id),
    agencyOfSitter(db, profile.id),
  ]);
  return {
    id: profile.id,
    first_name: profile.firstName,
    last_name: profile.lastName,
    photo_url: profile.photoUrl,
    city: profile.city,
    bio: profile.bio,
    is_verified: profile.isVerified,
    rating: profile.rating,
    total_reviews: profile.totalReviews,
    // The sitter's own tab and her public page show her details through the same mapping.
    ...toBabysitterProfileDto(details),
    plan: planInForce(details.subscriptionPlan, details.subscriptionExpires),
    agency,
    stats,
    reviews: latest,
    phone: statuses.has("confirmed") ? profile.phone : null,
    viewer: { is_owner: isOwner },
  };
}
