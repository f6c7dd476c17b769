// An agency proposes to give a roster sitter's request to another sitter of its team, at her rate;
// the family agrees or refuses. Agreed, the request moves to the other sitter (still a request: she,
// or the agency for her, answers it) in one batch that holds only while the request is still
// pending, still the first sitter's, and the new sitter free (the bookings' overlap trigger).
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookingReassignments } from "@db/schema/agencies";
import { bookings } from "@db/schema/bookings";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import { bookingTotalCents } from "@db/validators/booking";
import type { ReassignmentDto } from "@db/validators/agencies";
import type { CallerProfile } from "../../lib/caller-profile";
import { ApiError } from "../../lib/errors";
import { BOOKING_OVERLAP, isDatabaseRefusal } from "../../lib/db-errors";
import { auditInsertByProfile, auditInsertWhenChanged, profileActor, type AuditOrigin } from "../audit/audit";
import { bookingNotFound, slotTaken } from "../bookings/bookings";
import type { Notice } from "../notifications/notify";
import { shortName, slotParams } from "../notifications/notices";
import { freeSitters } from "../bookings/free-sitters";
import { agencyBooking } from "./agency-bookings";
import { managersOf } from "./agencies";
import { assertOnRoster } from "./roster";

const notPending = () => new ApiError(409, "BOOKING_NOT_PENDING", "agencies.errors.notPending");
const sameSitter = () => new ApiError(400, "VALIDATION", "agencies.errors.sameSitter", {}, { field: "sitter_id" });
const noProposal = () => new ApiError(404, "REASSIGNMENT_NOT_FOUND", "agencies.errors.noProposal");
const answered = () => new ApiError(409, "REASSIGNMENT_ANSWERED", "agencies.errors.proposalAnswered");

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * POST /api/agency/bookings/{id}/reassign: a request of the roster's, still to answer, proposed to
 * another sitter of the team who is free then. A new proposal replaces the family's pending one.
 */
export async function proposeReassignment(
  db: Db,
  agency: { id: string; name: string },
  manager: CallerProfile,
  bookingId: string,
  toSitterId: string,
  nowMs: number,
  origin: AuditOrigin,
): Promise<Notice> {
  const booking = await agencyBooking(db, agency.id, bookingId, nowMs);
  if (!booking.actions.includes("accept")) throw notPending();
  if (booking.sitter.id === toSitterId) throw sameSitter();
  await assertOnRoster(db, agency.id, toSitterId);
  if (!(await freeSitters(db, [toSitterId], booking.start_time, booking.end_time)).has(toSitterId)) throw slotTaken();
  const [sitter] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, rate: babysitterProfiles.hourlyRateCents })
    .from(profiles)
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(eq(profiles.id, toSitterId));
  const total = bookingTotalCents(sitter.rate, Date.parse(booking.start_time), Date.parse(booking.end_time));
  const values = {
    agencyId: agency.id,
    fromSitterId: booking.sitter.id,
    toSitterId,
    hourlyRateCents: sitter.rate,
    totalAmountCents: total,
    status: "pending" as const,
    proposedBy: manager.id,
    createdAt: iso(nowMs),
    answeredAt: null,
  };
  await db.batch([
    db
      .insert(bookingReassignments)
      .values({ bookingId, ...values })
      .onConflictDoUpdate({ target: bookingReassignments.bookingId, set: values }),
    auditInsertByProfile(db, manager.id, origin, {
      action: "agency.booking_reassign",
      resource: `booking:${bookingId}`,
      metadata: { agency_id: agency.id, from: booking.sitter.id, to: toSitterId },
    }),
  ]);
  return {
    event: "bookingReassignProposed",
    occurrence: `${bookingId}:${toSitterId}:${nowMs}`,
    recipientId: booking.family.id,
    params: {
      agency: agency.name,
      sitterName: shortName(sitter),
      otherName: shortName({ firstName: booking.sitter.first_name, lastName: booking.sitter.last_name }),
      amount: { euros: total },
      ...slotParams(booking.start_time, booking.end_time),
    },
    link: `/bookings/${bookingId}`,
  };
}

/** The family's own booking (404 for anyone else's), as a reassignment needs it. */
async function familyBooking(db: Db, parentId: string, bookingId: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      babysitterId: bookings.babysitterId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.parentId, parentId)));
  if (!booking) throw bookingNotFound();
  return booking;
}

/** GET /api/bookings/{id}/reassignment: the agency's pending proposal to the family, or null. */
export async function reassignmentFor(db: Db, parentId: string, bookingId: string): Promise<ReassignmentDto | null> {
  const booking = await familyBooking(db, parentId, bookingId);
  const [row] = await db
    .select({
      proposal: bookingReassignments,
      sitter: {
        id: profiles.id,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        photoUrl: profiles.photoUrl,
        rating: profiles.rating,
        totalReviews: profiles.totalReviews,
        isVerified: profiles.isVerified,
      },
      agencyName: sql<string>`(SELECT name FROM agencies WHERE id = ${bookingReassignments.agencyId})`,
    })
    .from(bookingReassignments)
    .innerJoin(profiles, eq(profiles.id, bookingReassignments.toSitterId))
    .where(
      and(
        eq(bookingReassignments.bookingId, bookingId),
        eq(bookingReassignments.status, "pending"),
        eq(bookingReassignments.fromSitterId, booking.babysitterId),
      ),
    );
  if (!row) return null;
  return {
    agency: { id: row.proposal.agencyId, name: row.agencyName },
    sitter: {
      id: row.sitter.id,
      first_name: row.sitter.firstName,
      last_name: row.sitter.lastName,
      photo_url: row.sitter.photoUrl,
      rating: row.sitter.rating,
      total_reviews: row.sitter.totalReviews,
      is_verified: row.sitter.isVerified,
    },
    hourly_rate_cents: row.proposal.hourlyRateCents,
    total_amount_cents: row.proposal.totalAmountCents,
    proposed_at: row.proposal.createdAt,
  };
}

export type ReassignmentAnswer = { changed: boolean; notices: Notice[] };

/**
 * POST /api/bookings/{id}/reassignment/accept|refuse, by the family. Agreeing moves the request
 * (sitter, rate, total) in one batch: the booking's UPDATE holds only while it is pending, not
 * started and still the first sitter's with this proposal pending; the proposal is settled only when
 * that UPDATE changed the row. Of 20 simultaneous answers one applies; a repeat is answered as done.
 */
export async function answerReassignment(
  db: Db,
  parent: CallerProfile,
  bookingId: string,
  answer: "accept" | "refuse",
  nowMs: number,
  origin: AuditOrigin,
): Promise<ReassignmentAnswer> {
  const booking = await familyBooking(db, parent.id, bookingId);
  const [proposal] = await db.select().from(bookingReassignments).where(eq(bookingReassignments.bookingId, bookingId));
  if (!proposal) throw noProposal();
  const target = answer === "accept" ? "accepted" : "refused";
  if (proposal.status === target) return { changed: false, notices: [] };
  if (proposal.status !== "pending" || proposal.fromSitterId !== booking.babysitterId) throw answered();
  const nowIso = iso(nowMs);
  const settle = db
    .update(bookingReassignments)
    .set({ status: target, answeredAt: nowIso })
    .where(and(eq(bookingReassignments.bookingId, bookingId), eq(bookingReassignments.status, "pending")))
    .returning({ id: bookingReassignments.bookingId });
  let changed: boolean;
  if (answer === "refuse") {
    changed = (await settle).length > 0;
  } else {
    try {
      const [moved] = await db.batch([
        db
          .update(bookings)
          .set({
            babysitterId: proposal.toSitterId,
            hourlyRateCents: proposal.hourlyRateCents,
            totalAmountCents: proposal.totalAmountCents,
          })
          .where(
            and(
              eq(bookings.id, bookingId),
              eq(bookings.status, "pending"),
              gt(bookings.startTime, nowIso),
              eq(bookings.babysitterId, proposal.fromSitterId),
              sql`EXISTS (SELECT 1 FROM ${bookingReassignments} r WHERE r.booking_id = ${bookingId}
                AND r.status = 'pending' AND r.to_sitter_id = ${proposal.toSitterId})`,
            ),
          )
          .returning({ id: bookings.id }),
        db.run(sql`UPDATE ${bookingReassignments} SET status = 'accepted', answered_at = ${nowIso}
          WHERE booking_id = ${bookingId} AND status = 'pending' AND changes() = 1`),
        auditInsertWhenChanged(db, profileActor(parent), origin, {
          action: "booking.reassign_accept",
          resource: `booking:${bookingId}`,
          metadata: { from: proposal.fromSitterId, to: proposal.toSitterId },
        }),
      ]);
      changed = moved.length > 0;
    } catch (error) {
      if (isDatabaseRefusal(error, BOOKING_OVERLAP)) throw slotTaken();
      throw error;
    }
  }
  if (!changed) {
    const [now] = await db.select().from(bookingReassignments).where(eq(bookingReassignments.bookingId, bookingId));
    if (now?.status === target) return { changed: false, notices: [] };
    if (answer === "accept" && now?.status === "pending") throw notPending();
    throw answered();
  }
  return { changed: true, notices: await answerNotices(db, proposal, answer, parent, booking) };
}

async function answerNotices(
  db: Db,
  proposal: typeof bookingReassignments.$inferSelect,
  answer: "accept" | "refuse",
  parent: CallerProfile,
  booking: { id: string; startTime: string; endTime: string },
): Promise<Notice[]> {
  const slot = slotParams(booking.startTime, booking.endTime);
  const base = {
    occurrence: `${booking.id}:${proposal.toSitterId}`,
    params: { otherName: shortName(parent), ...slot },
  };
  const managers = (await managersOf(db, proposal.agencyId)).map((recipientId): Notice => ({
    ...base,
    event: answer === "accept" ? "bookingReassignAccepted" : "bookingReassignRefused",
    recipientId,
    link: "/agency/requests",
  }));
  if (answer === "refuse") return managers;
  return [
    ...managers,
    { ...base, event: "bookingReassignedAway", recipientId: proposal.fromSitterId, link: "/bookings" },
    { ...base, event: "bookingRequested", recipientId: proposal.toSitterId, link: `/bookings/${booking.id}` },
  ];
}
