// Reviews, both ways: the parent reviews the babysitter and the babysitter the parent, once each
// per completed booking. The reviewed profile's rating and total_reviews are recomputed from the
// reviews table in the same transaction as the insert, so they never drift. Nobody reviews an
// account that is gone (account-state.ts): 410, nothing written.
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookingChildren, bookings } from "@db/schema/bookings";
import { children, profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { ReviewContext, ReviewCreateBody, ReviewDto } from "@db/validators/review";
import { isDatabaseRefusal, REVIEW_ALREADY_WRITTEN } from "../../lib/db-errors";
import { ApiError } from "../../lib/errors";
import { accountGone, isLiveProfile } from "../account-state";
import { partyColumns } from "../profiles/profiles";

/** Not completed, not found and not yours look alike: 'Réservation non trouvée ou non terminée'. */
const notReviewable = () => new ApiError(404, "NOT_REVIEWABLE", "review.errors.notReviewable");
const alreadyReviewed = () => new ApiError(409, "ALREADY_REVIEWED", "review.errors.alreadyReviewed");

/** The completed booking `me` took part in, and who the other party is (whose account is live). */
async function reviewableBooking(db: Db, me: string, bookingId: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      parentId: bookings.parentId,
      babysitterId: bookings.babysitterId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, "completed"),
        or(eq(bookings.parentId, me), eq(bookings.babysitterId, me)),
      ),
    )
    .limit(1);
  if (!booking) throw notReviewable();
  const reviewedId = booking.parentId === me ? booking.babysitterId : booking.parentId;
  if (!(await isLiveProfile(db, reviewedId))) throw accountGone();
  return { ...booking, reviewedId };
}

/** GET /api/reviews/booking/{bookingId}: the other party, the sitting and the children kept. */
export async function reviewContext(db: Db, me: string, bookingId: string): Promise<ReviewContext> {
  const booking = await reviewableBooking(db, me, bookingId);
  const [[reviewed], kids, mine] = await db.batch([
    db.select(partyColumns).from(profiles).where(eq(profiles.id, booking.reviewedId)),
    db
      .select({ name: children.name, age: children.age })
      .from(bookingChildren)
      .innerJoin(children, eq(children.id, bookingChildren.childId))
      .where(eq(bookingChildren.bookingId, booking.id))
      .orderBy(desc(children.age), asc(children.name)),
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.bookingId, booking.id), eq(reviews.reviewerId, me))),
  ]);
  return {
    booking: { id: booking.id, start_time: booking.startTime, end_time: booking.endTime },
    reviewed,
    children: kids,
    already_reviewed: mine.length > 0,
  };
}

/** The reviewed profile's average (2 decimals, 0 without reviews) and count, from the reviews table. */
/** A profile's rating and count, from its reviews that moderation has not hidden. */
export const recomputeRating = (db: Db, profileId: string) =>
  db
    .update(profiles)
    .set({
      rating: sql`coalesce((SELECT round(avg(r.rating), 2) FROM ${reviews} r WHERE r.reviewed_id = ${profileId} AND r.hidden_at IS NULL), 0)`,
      totalReviews: sql`(SELECT count(*) FROM ${reviews} r WHERE r.reviewed_id = ${profileId} AND r.hidden_at IS NULL)`,
    })
    .where(eq(profiles.id, profileId))
    .returning({ id: profiles.id, rating: profiles.rating, total_reviews: profiles.totalReviews });

/**
 * POST /api/reviews. A second review by the same reviewer (even racing the first) hits
 * reviews_booking_reviewer_unique and gets 409; the rating update of that batch is rolled back with it.
 */
export async function createReview(db: Db, me: string, body: ReviewCreateBody) {
  const booking = await reviewableBooking(db, me, body.booking_id);
  try {
    const [[review], [reviewed]] = await db.batch([
      db
        .insert(reviews)
        .values({
          bookingId: booking.id,
          reviewerId: me,
          reviewedId: booking.reviewedId,
          rating: body.rating,
          comment: body.comment,
        })
        .returning(),
      recomputeRating(db, booking.reviewedId),
    ]);
    return { review: toReviewDto(review), reviewed };
  } catch (error) {
    if (isDatabaseRefusal(error, REVIEW_ALREADY_WRITTEN)) throw alreadyReviewed();
    throw error;
  }
}

const toReviewDto = (review: typeof reviews.$inferSelect): ReviewDto => ({
  id: review.id,
  booking_id: review.bookingId,
  reviewer_id: review.reviewerId,
  reviewed_id: review.reviewedId,
  rating: review.rating,
  comment: review.comment,
  created_at: review.createdAt,
});
