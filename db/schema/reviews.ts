// Reviews, both ways, on completed bookings (core-flows §4): one per booking per reviewer.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, check, unique } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { bookings } from "./bookings";
import { createdAt, uuidPk } from "./columns";

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
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_comment_check", sql`length(${t.comment}) >= 20`),
    check("reviews_parties_check", sql`${t.reviewerId} <> ${t.reviewedId}`),
    unique("reviews_booking_reviewer_unique").on(t.bookingId, t.reviewerId),
    index("reviews_reviewed_created_idx").on(t.reviewedId, t.createdAt),
  ],
);
