// The dashboard's figures (core-flows §2 /dashboard), on real data: one batch, one round trip to
// the database per request, whatever the role.
import { and, count, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings } from "@db/schema/bookings";
import { unreadCountQuery } from "./messages";
import type { profiles } from "@db/schema/profiles";
import type { Dashboard } from "@db/validators/dashboard";
import { favouriteCountQuery } from "./favourites";
import { parisMonthOf } from "./paris-month";

type Profile = typeof profiles.$inferSelect;

/** Booked sittings still to come: they start later and nobody has cancelled or completed them. */
const UPCOMING_STATUSES = ["pending", "confirmed"] as const;

export async function dashboardFigures(db: Db, input: { profile: Profile; now: Date }): Promise<Dashboard> {
  const { profile, now } = input;
  if (profile.userType === "parent") return parentFigures(db, profile.id, now);
  if (profile.userType === "babysitter") return babysitterFigures(db, profile, now);
  return { role: "admin" };
}

const upcomingOf = (party: typeof bookings.parentId | typeof bookings.babysitterId, id: string, now: Date) =>
  and(eq(party, id), gt(bookings.startTime, now.toISOString()), inArray(bookings.status, UPCOMING_STATUSES));

async function parentFigures(db: Db, parentId: string, now: Date): Promise<Dashboard> {
  const [total, upcoming, unread, favourites] = await db.batch([
    db.select({ n: count() }).from(bookings).where(eq(bookings.parentId, parentId)),
    db
      .select({ n: count() })
      .from(bookings)
      .where(upcomingOf(bookings.parentId, parentId, now)),
    unreadCountQuery(db, parentId),
    favouriteCountQuery(db, parentId),
  ]);
  return {
    role: "parent",
    total_bookings: total[0].n,
    upcoming_bookings: upcoming[0].n,
    unread_messages: unread[0].n,
    favourite_sitters: favourites[0].n,
  };
}

async function babysitterFigures(db: Db, profile: Profile, now: Date): Promise<Dashboard> {
  const month = parisMonthOf(now);
  const completed = and(eq(bookings.babysitterId, profile.id), eq(bookings.status, "completed"));
  const [done, upcoming, revenue] = await db.batch([
    db.select({ n: count() }).from(bookings).where(completed),
    db
      .select({ n: count() })
      .from(bookings)
      .where(upcomingOf(bookings.babysitterId, profile.id, now)),
    db
      .select({ cents: sql<number>`coalesce(sum(${bookings.totalAmountCents}), 0)`.mapWith(Number) })
      .from(bookings)
      .where(and(completed, gte(bookings.startTime, month.start), lt(bookings.startTime, month.end))),
  ]);
  return {
    role: "babysitter",
    sessions_done: done[0].n,
    upcoming_bookings: upcoming[0].n,
    revenue_this_month_cents: revenue[0].cents,
    month: month.month,
    average_rating: profile.rating,
    total_reviews: profile.totalReviews,
  };
}
