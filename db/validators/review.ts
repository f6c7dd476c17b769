// Reviews: a rating 1-5 and a comment of at least 20 characters, one per reviewer
// per booking. Row schemas from the Drizzle table (drizzle-zod), refined with their messages
// (i18n keys, db/i18n section "review"); the request body the API and the review form share.
import { z } from "zod";
import { createInsertSchema, createSelectSchema } from "drizzle-zod";
import { reviews } from "../schema/reviews";
import {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
} from "../constants/limits";
import { bookingPartySchema, bookingSelectSchema } from "./booking";
import { idField } from "./ids";

/** The star labels of the review page (5 Excellent ... 1 Décevant), by rating. */
export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;

/** Missing or off the 1-5 scale: the form's one message, 'Veuillez sélectionner une note'. */
const ratingField = z
  .number({ error: "review.validation.ratingRequired" })
  .int("review.validation.ratingRequired")
  .min(REVIEW_RATING_MIN, "review.validation.ratingRequired")
  .max(REVIEW_RATING_MAX, "review.validation.ratingRequired");

/** Trimmed first: spaces alone are no comment, and do not count towards the 20 characters. */
const commentField = z
  .string({ error: "review.validation.commentRequired" })
  .trim()
  .min(1, "review.validation.commentRequired")
  .min(REVIEW_COMMENT_MIN_LENGTH, "review.validation.commentMin")
  .max(REVIEW_COMMENT_MAX_LENGTH, "review.validation.commentTooLong");

export const reviewSelectSchema = createSelectSchema(reviews);
export const reviewInsertSchema = createInsertSchema(reviews, { rating: ratingField, comment: commentField });

/** POST /api/reviews body: the reviewer comes from the session, the reviewed from the booking. */
export const reviewCreateBodySchema = z.strictObject({
  booking_id: idField,
  rating: reviewInsertSchema.shape.rating,
  comment: reviewInsertSchema.shape.comment,
});
export type ReviewCreateBody = z.infer<typeof reviewCreateBodySchema>;

/** The review form (the booking is the page's). */
export const reviewFormSchema = reviewCreateBodySchema.omit({ booking_id: true });
export type ReviewForm = z.infer<typeof reviewFormSchema>;

const row = reviewSelectSchema.shape;
const bookingRow = bookingSelectSchema.shape;

export const reviewDtoSchema = z
  .object({
    id: row.id,
    booking_id: row.bookingId,
    reviewer_id: row.reviewerId,
    reviewed_id: row.reviewedId,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt,
  })
  .meta({ id: "Review" });
export type ReviewDto = z.infer<typeof reviewDtoSchema>;

/** POST /api/reviews answer: the review and the reviewed profile's new average and count. */
export const reviewCreatedSchema = z.object({
  review: reviewDtoSchema,
  reviewed: bookingPartySchema.pick({ id: true, rating: true, total_reviews: true }),
});

/** GET /api/reviews/booking/{bookingId}: what the review page shows. */
export const reviewContextSchema = z.object({
  booking: z.object({ id: bookingRow.id, start_time: bookingRow.startTime, end_time: bookingRow.endTime }),
  reviewed: bookingPartySchema.omit({ phone: true, address: true }),
  children: z.array(z.object({ name: z.string(), age: z.number().int() })),
  already_reviewed: z.boolean(),
});
export type ReviewContext = z.infer<typeof reviewContextSchema>;
