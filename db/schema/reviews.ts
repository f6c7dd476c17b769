// Reviews, both ways, on completed bookings: one per booking per reviewer.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, unique } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { bookings } from "./bookings";
import { createdAt, uuidPk } from "./columns";
import { atLeast, between, lengthOf } from "./checks";
import { REVIEW_COMMENT_MIN_LENGTH, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from "../constants/limits";

export const reviews = sqliteTable(
  "reviews",
  {
    id: uuidPk(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    reviewedId: text("reviewed_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    /** Hidden by moderation: out of every list and of the rating. */
    hiddenAt: text("hidden_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_check", between(t.rating, REVIEW_RATING_MIN, REVIEW_RATING_MAX)),
    check("reviews_comment_check", atLeast(lengthOf(t.comment), REVIEW_COMMENT_MIN_LENGTH)),
    check("reviews_parties_check", sql`${t.reviewerId} <> ${t.reviewedId}`),
    unique("reviews_booking_reviewer_unique").on(t.bookingId, t.reviewerId),
    index("reviews_reviewed_created_idx").on(t.reviewedId, t.createdAt),
    // The admin Geography's reviews of a period.
    index("reviews_created_idx").on(t.createdAt),
  ],
);
