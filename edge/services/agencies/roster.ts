// An agency's roster: its babysitters with what the agency watches (verification, rating, plan,
// confirmed hours still to come), and taking one off it (she is told).
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { agencyMembers } from "@db/schema/agencies";
import { bookings } from "@db/schema/bookings";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import type { RosterSitter } from "@db/validators/agencies";
import { ApiError } from "../../lib/errors";
import { auditInsertWhenChanged, profileActor, type AuditOrigin } from "../audit/audit";
import type { CallerProfile } from "../../lib/caller-profile";
import type { Notice } from "../notifications/notify";

export const notOnRoster = () => new ApiError(404, "SITTER_NOT_ON_ROSTER", "agencies.errors.notOnRoster");

export async function listRoster(db: Db, agencyId: string, nowMs: number): Promise<RosterSitter[]> {
  const nowIso = new Date(nowMs).toISOString();
  const upcoming = db
    .select({
      sitterId: bookings.babysitterId,
      minutes:
        sql<number>`sum((julianday(${bookings.endTime}) - julianday(max(${bookings.startTime}, ${nowIso}))) * 1440)`.as(
          "minutes",
        ),
    })
    .from(bookings)
    .innerJoin(agencyMembers, eq(agencyMembers.sitterId, bookings.babysitterId))
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(bookings.status, "confirmed"), gt(bookings.endTime, nowIso)))
    .groupBy(bookings.babysitterId)
    .as("upcoming");
  const rows = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photoUrl: profiles.photoUrl,
      city: profiles.city,
      isVerified: profiles.isVerified,
      rating: profiles.rating,
      totalReviews: profiles.totalReviews,
      plan: babysitterProfiles.subscriptionPlan,
      minutes: upcoming.minutes,
      joinedAt: agencyMembers.joinedAt,
    })
    .from(agencyMembers)
    .innerJoin(profiles, eq(profiles.id, agencyMembers.sitterId))
    .leftJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .leftJoin(upcoming, eq(upcoming.sitterId, profiles.id))
    .where(eq(agencyMembers.agencyId, agencyId))
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(profiles.id));
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    photo_url: row.photoUrl,
    city: row.city,
    is_verified: row.isVerified,
    rating: row.rating,
    total_reviews: row.totalReviews,
    plan: row.plan,
    upcoming_minutes: Math.round(Number(row.minutes ?? 0)),
    joined_at: row.joinedAt,
  }));
}

/** Whether `sitterId` is on `agencyId`'s roster: every act on a sitter's behalf starts here (404 otherwise). */
export async function assertOnRoster(db: Db, agencyId: string, sitterId: string): Promise<void> {
  const [row] = await db
    .select({ id: agencyMembers.sitterId })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.sitterId, sitterId)));
  if (!row) throw notOnRoster();
}

/**
 * DELETE /api/agency/roster/{sitterId}: the agency takes a babysitter off its roster (audited; her
 * bookings stay hers). A sitter of another agency or of none is 404, and so is a repeat.
 */
export async function removeFromRoster(
  db: Db,
  agency: { id: string; name: string },
  manager: CallerProfile,
  sitterId: string,
  origin: AuditOrigin,
): Promise<Notice> {
  const [removed] = await db.batch([
    db
      .delete(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, agency.id), eq(agencyMembers.sitterId, sitterId)))
      .returning({ id: agencyMembers.sitterId }),
    auditInsertWhenChanged(db, profileActor(manager), origin, {
      action: "agency.member_remove",
      resource: `agency:${agency.id}`,
      metadata: { sitter_id: sitterId },
    }),
  ]);
  if (removed.length === 0) throw notOnRoster();
  return {
    event: "agencyRemovedSitter",
    occurrence: `${agency.id}:${sitterId}:${Date.now()}`,
    recipientId: sitterId,
    params: { agency: agency.name },
    link: "/my-agency",
  };
}
