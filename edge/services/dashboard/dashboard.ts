// The dashboard (core-flows §2 /dashboard), on real data: the figures of the caller's role and what
// to do next (issue 19). Every query is scoped to the caller's own profile id, taken from the
// session, never from the request: nobody else's bookings can appear here.
// - a parent: her next sittings with their status, and the completed ones still to review;
// - a babysitter: the requests waiting for her answer, and where her Discovery trial stands (the
//   rule of subscriptions.ts: accepted bookings since the trial started, against the included ones).
import { and, asc, count, desc, eq, gt, gte, inArray, lt, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { DASHBOARD_LIST_SIZE } from "@db/constants/limits";
import { bookings } from "@db/schema/bookings";
import { profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { Dashboard, DashboardBooking } from "@db/validators/dashboard";
import { liveProfile } from "../account-state";
import { favouriteCountQuery } from "../profiles/favourites";
import { unreadCountQuery } from "../messaging/messages";
import { parisMonthOf } from "./paris-month";
import { currentSubscription, toSubscriptionDto } from "../billing/subscriptions";

type Profile = typeof profiles.$inferSelect;
type Party = typeof bookings.parentId | typeof bookings.babysitterId;

const DAY_MS = 86_400_000;

/** Booked sittings still to come: they start later and nobody has cancelled or completed them. */
const UPCOMING_STATUSES = ["pending", "confirmed"] as const;

export async function dashboardFigures(db: Db, input: { profile: Profile; now: Date }): Promise<Dashboard> {
  const { profile, now } = input;
  if (profile.userType === "parent") return parentFigures(db, profile.id, now);
  if (profile.userType === "babysitter") return babysitterFigures(db, profile, now);
  return { role: "admin" };
}

const upcomingOf = (party: Party, id: string, now: Date) =>
  and(eq(party, id), gt(bookings.startTime, now.toISOString()), inArray(bookings.status, UPCOMING_STATUSES));

/** A dashboard list: the bookings `where` selects, with the profile on the `partner` side of each. */
const bookingList = (db: Db, partner: Party, where: SQL | undefined, order: SQL) =>
  db
    .select({
      id: bookings.id,
      status: bookings.status,
      start_time: bookings.startTime,
      end_time: bookings.endTime,
      partner_id: profiles.id,
      first_name: profiles.firstName,
      last_name: profiles.lastName,
      photo_url: profiles.photoUrl,
    })
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, partner))
    .where(where)
    .orderBy(order, asc(bookings.id))
    .limit(DASHBOARD_LIST_SIZE);

type ListRow = Awaited<ReturnType<typeof bookingList>>[number];

const toDashboardBooking = ({
  partner_id,
  first_name,
  last_name,
  photo_url,
  ...booking
}: ListRow): DashboardBooking => ({
  ...booking,
  partner: { id: partner_id, first_name, last_name, photo_url },
});

async function parentFigures(db: Db, parentId: string, now: Date): Promise<Dashboard> {
  const notReviewedByHer = notExists(
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.bookingId, bookings.id), eq(reviews.reviewerId, parentId))),
  );
  const [total, upcoming, unread, favourites, next, toReview] = await db.batch([
    db.select({ n: count() }).from(bookings).where(eq(bookings.parentId, parentId)),
    db
      .select({ n: count() })
      .from(bookings)
      .where(upcomingOf(bookings.parentId, parentId, now)),
    unreadCountQuery(db, parentId),
    favouriteCountQuery(db, parentId),
    bookingList(db, bookings.babysitterId, upcomingOf(bookings.parentId, parentId, now), asc(bookings.startTime)),
    // Reviewing an account that is gone is refused (reviews.ts): such sittings are not offered.
    bookingList(
      db,
      bookings.babysitterId,
      and(eq(bookings.parentId, parentId), eq(bookings.status, "completed"), notReviewedByHer, liveProfile()),
      desc(bookings.endTime),
    ),
  ]);
  return {
    role: "parent",
    total_bookings: total[0].n,
    upcoming_bookings: upcoming[0].n,
    unread_messages: unread[0].n,
    favourite_sitters: favourites[0].n,
    next_bookings: next.map(toDashboardBooking),
    reviews_to_leave: toReview.map(toDashboardBooking),
  };
}

async function babysitterFigures(db: Db, profile: Profile, now: Date): Promise<Dashboard> {
  const month = parisMonthOf(now);
  const completed = and(eq(bookings.babysitterId, profile.id), eq(bookings.status, "completed"));
  const waiting = and(
    eq(bookings.babysitterId, profile.id),
    eq(bookings.status, "pending"),
    gt(bookings.startTime, now.toISOString()),
  );
  const [[done, upcoming, revenue, requests, requestCount], trial] = await Promise.all([
    db.batch([
      db.select({ n: count() }).from(bookings).where(completed),
      db
        .select({ n: count() })
        .from(bookings)
        .where(upcomingOf(bookings.babysitterId, profile.id, now)),
      db
        .select({ cents: sql<number>`coalesce(sum(${bookings.totalAmountCents}), 0)`.mapWith(Number) })
        .from(bookings)
        .where(and(completed, gte(bookings.startTime, month.start), lt(bookings.startTime, month.end))),
      bookingList(db, bookings.parentId, waiting, asc(bookings.startTime)),
      db.select({ n: count() }).from(bookings).where(waiting),
    ]),
    trialOf(db, profile.id, now),
  ]);
  return {
    role: "babysitter",
    sessions_done: done[0].n,
    upcoming_bookings: upcoming[0].n,
    revenue_this_month_cents: revenue[0].cents,
    month: month.month,
    average_rating: profile.rating,
    total_reviews: profile.totalReviews,
    pending_requests: requests.map(toDashboardBooking),
    pending_requests_total: requestCount[0].n,
    trial,
  };
}

/** The Discovery trial in force (the subscription settings shows, when it is the trial), or null. */
async function trialOf(db: Db, profileId: string, now: Date) {
  const row = await currentSubscription(db, profileId, now.getTime());
  if (!row || row.plan !== "discovery" || row.status !== "trialing") return null;
  const { bookings_used, bookings_included } = await toSubscriptionDto(db, row);
  return {
    bookings_used: bookings_used ?? 0,
    bookings_included: bookings_included ?? 0,
    days_left: Math.max(0, Math.ceil((Date.parse(row.currentPeriodEnd) - now.getTime()) / DAY_MS)),
    ends_at: row.currentPeriodEnd,
  };
}
