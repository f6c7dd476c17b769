// An agency's invitations to babysitters (by email), and a babysitter's answer. One pending
// invitation per agency and address (a repeat answers the same invitation and emails nobody again);
// accepting puts her on the roster in the same batch that settles the invitation, so of 20
// simultaneous answers one applies, and a sitter already on a roster is refused (one agency at most).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { agencies, agencyInvitations, agencyMembers } from "@db/schema/agencies";
import { profiles } from "@db/schema/profiles";
import type { AgencyInvitationDto, Membership } from "@db/validators/agencies";
import { ApiError } from "../../lib/errors";
import type { CallerProfile } from "../../lib/caller-profile";
import { ALREADY_ON_A_ROSTER, INVITATION_PENDING, isDatabaseRefusal } from "../../lib/db-errors";
import { auditInsertWhenChanged, profileActor, type AuditOrigin } from "../audit/audit";
import { consume } from "../limits/rate-limit";
import type { Notice } from "../notifications/notify";
import { managersOf } from "./agencies";

export const invitationNotFound = () => new ApiError(404, "INVITATION_NOT_FOUND", "agencies.errors.invitationNotFound");
const alreadyOnRoster = () =>
  new ApiError(409, "ALREADY_ON_ROSTER", "agencies.errors.alreadyOnRoster", {}, { field: "email" });
const alreadyInAgency = () => new ApiError(409, "ALREADY_IN_AGENCY", "agencies.errors.alreadyInAgency");
const invitationAnswered = () => new ApiError(409, "INVITATION_ANSWERED", "agencies.errors.invitationAnswered");

type Agency = { id: string; name: string };

const toDto = (
  row: typeof agencyInvitations.$inferSelect,
  sitter: AgencyInvitationDto["sitter"],
): AgencyInvitationDto => ({
  id: row.id,
  email: row.email,
  status: row.status,
  created_at: row.createdAt,
  responded_at: row.respondedAt,
  sitter,
});

/** The babysitter account holding `email`, if any. */
async function sitterByEmail(db: Db, email: string) {
  const [sitter] = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(and(eq(profiles.email, email), eq(profiles.userType, "babysitter")))
    .limit(1);
  return sitter;
}

/** What an invitation sends: her notice when she has a babysitter account, else the sign-up email. */
export type InvitationDelivery = { notice: Notice } | { email: { to: string; agency: string; invitationId: string } };

/**
 * POST /api/agency/invitations. Counted per agency (a stranger's inbox is not a mailing list). An
 * address already on the roster gets 409; an address already invited answers that invitation
 * (`delivery` null: nobody is written to twice).
 */
export async function inviteSitter(
  db: Db,
  agency: Agency,
  manager: CallerProfile,
  rawEmail: string,
): Promise<{ invitation: AgencyInvitationDto; delivery: InvitationDelivery | null }> {
  const email = rawEmail.trim().toLowerCase();
  await consume(db, [{ name: "agencyInvitationPerAgency", subject: agency.id }]);
  const sitter = await sitterByEmail(db, email);
  if (sitter && (await rosterAgencyOf(db, sitter.id)) === agency.id) throw alreadyOnRoster();
  let created: typeof agencyInvitations.$inferSelect | undefined;
  try {
    [created] = await db
      .insert(agencyInvitations)
      .values({ agencyId: agency.id, email, invitedBy: manager.id })
      .returning();
  } catch (error) {
    if (!isDatabaseRefusal(error, INVITATION_PENDING)) throw error;
  }
  if (!created) {
    const [pending] = await db
      .select()
      .from(agencyInvitations)
      .where(
        and(
          eq(agencyInvitations.agencyId, agency.id),
          eq(agencyInvitations.email, email),
          eq(agencyInvitations.status, "pending"),
        ),
      )
      .limit(1);
    if (!pending) throw invitationAnswered(); // answered between the insert and this read
    return { invitation: toDto(pending, null), delivery: null };
  }
  const delivery: InvitationDelivery = sitter
    ? { notice: invitationNotice(created.id, sitter.id, agency.name) }
    : { email: { to: email, agency: agency.name, invitationId: created.id } };
  return { invitation: toDto(created, null), delivery };
}

const invitationNotice = (invitationId: string, sitterId: string, agency: string): Notice => ({
  event: "agencyInvitation",
  occurrence: invitationId,
  recipientId: sitterId,
  params: { agency },
  link: "/my-agency",
});

/** The agency's invitations, newest first; the sitter is named once she has accepted. */
export async function listInvitations(db: Db, agencyId: string): Promise<AgencyInvitationDto[]> {
  const rows = await db
    .select({
      invitation: agencyInvitations,
      sitter: { id: profiles.id, first_name: profiles.firstName, last_name: profiles.lastName },
    })
    .from(agencyInvitations)
    .leftJoin(
      profiles,
      and(
        eq(profiles.email, agencyInvitations.email),
        eq(profiles.userType, "babysitter"),
        eq(agencyInvitations.status, "accepted"),
      ),
    )
    .where(eq(agencyInvitations.agencyId, agencyId))
    .orderBy(desc(agencyInvitations.createdAt))
    .limit(500);
  return rows.map((row) => toDto(row.invitation, row.sitter?.id ? row.sitter : null));
}

/** DELETE /api/agency/invitations/{id}: withdraws a pending invitation of this agency (404 for another's). */
export async function cancelInvitation(db: Db, agencyId: string, invitationId: string): Promise<AgencyInvitationDto> {
  const [row] = await db
    .select()
    .from(agencyInvitations)
    .where(and(eq(agencyInvitations.id, invitationId), eq(agencyInvitations.agencyId, agencyId)))
    .limit(1);
  if (!row) throw invitationNotFound();
  if (row.status === "cancelled") return toDto(row, null);
  if (row.status !== "pending") throw invitationAnswered();
  const [changed] = await db
    .update(agencyInvitations)
    .set({ status: "cancelled", respondedAt: new Date().toISOString() })
    .where(and(eq(agencyInvitations.id, invitationId), eq(agencyInvitations.status, "pending")))
    .returning();
  if (!changed) throw invitationAnswered();
  return toDto(changed, null);
}

// ---- The babysitter's side ----

/** The agency whose roster holds `sitterId`, if any. */
export async function rosterAgencyOf(db: Db, sitterId: string): Promise<string | null> {
  const [row] = await db
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(eq(agencyMembers.sitterId, sitterId));
  return row?.agencyId ?? null;
}

/** GET /api/agency-membership: her agency, and the invitations to her address still waiting. */
export async function membershipOf(db: Db, sitter: CallerProfile): Promise<Membership> {
  const [current, waiting] = await Promise.all([
    db
      .select({ id: agencies.id, name: agencies.name, joinedAt: agencyMembers.joinedAt })
      .from(agencyMembers)
      .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
      .where(eq(agencyMembers.sitterId, sitter.id)),
    db
      .select({
        id: agencyInvitations.id,
        createdAt: agencyInvitations.createdAt,
        agencyId: agencies.id,
        agencyName: agencies.name,
      })
      .from(agencyInvitations)
      .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
      .where(and(eq(agencyInvitations.email, sitter.email.toLowerCase()), eq(agencyInvitations.status, "pending")))
      .orderBy(desc(agencyInvitations.createdAt)),
  ]);
  const agency = current[0];
  return {
    agency: agency ? { id: agency.id, name: agency.name, joined_at: agency.joinedAt } : null,
    invitations: waiting.map((row) => ({
      id: row.id,
      created_at: row.createdAt,
      agency: { id: row.agencyId, name: row.agencyName },
    })),
  };
}

export type InvitationAnswer = { membership: Membership; changed: boolean; agencyId: string };

/**
 * POST /api/agency-membership/invitations/{id}/accept|decline. Only an invitation to her own address
 * (404 otherwise). Accepting settles the invitation and puts her on the roster in one batch; she is
 * on one agency's roster at most (409 ALREADY_IN_AGENCY: she leaves hers first). A repeat of the same
 * answer is answered as done; the contrary answer gets 409.
 */
export async function answerInvitation(
  db: Db,
  sitter: CallerProfile,
  invitationId: string,
  answer: "accept" | "decline",
  origin: AuditOrigin,
): Promise<InvitationAnswer> {
  const [invitation] = await db
    .select()
    .from(agencyInvitations)
    .where(and(eq(agencyInvitations.id, invitationId), eq(agencyInvitations.email, sitter.email.toLowerCase())))
    .limit(1);
  if (!invitation || invitation.status === "cancelled") throw invitationNotFound();
  const target = answer === "accept" ? "accepted" : "declined";
  const done = async (changed: boolean) => ({
    membership: await membershipOf(db, sitter),
    changed,
    agencyId: invitation.agencyId,
  });
  if (invitation.status === target) return done(false);
  if (invitation.status !== "pending") throw invitationAnswered();
  const nowIso = new Date().toISOString();
  const settle = db
    .update(agencyInvitations)
    .set({ status: target, respondedAt: nowIso })
    .where(and(eq(agencyInvitations.id, invitationId), eq(agencyInvitations.status, "pending")))
    .returning({ id: agencyInvitations.id });
  if (answer === "decline") {
    const settled = await settle;
    if (settled.length > 0) return done(true);
  } else {
    try {
      const [settled] = await db.batch([
        settle,
        // Only when this request settled it (changes() of the UPDATE just before).
        db.run(
          sql`INSERT INTO agency_members (sitter_id, agency_id) SELECT ${sitter.id}, ${invitation.agencyId} WHERE changes() = 1`,
        ),
        auditInsertWhenChanged(db, profileActor(sitter), origin, {
          action: "agency.member_join",
          resource: `agency:${invitation.agencyId}`,
          metadata: { sitter_id: sitter.id },
        }),
      ]);
      if (settled.length > 0) return done(true);
    } catch (error) {
      if (isDatabaseRefusal(error, ALREADY_ON_A_ROSTER)) throw alreadyInAgency();
      throw error;
    }
  }
  // Another request answered first: the same answer is a repeat, the contrary one a conflict.
  const [now] = await db
    .select({ status: agencyInvitations.status })
    .from(agencyInvitations)
    .where(eq(agencyInvitations.id, invitationId));
  if (now?.status === target) return done(false);
  throw invitationAnswered();
}

/** The managers' notice of a babysitter's answer, or of her leaving. */
export async function noticesToManagers(
  db: Db,
  agencyId: string,
  event: "agencyInvitationAccepted" | "agencyInvitationDeclined" | "agencySitterLeft",
  sitter: { id: string; firstName: string; lastName: string },
  occurrence: string,
): Promise<Notice[]> {
  const managers = await managersOf(db, agencyId);
  return managers.map((recipientId) => ({
    event,
    occurrence,
    recipientId,
    params: { sitterName: `${sitter.firstName} ${sitter.lastName}` },
    link: "/agency/roster",
  }));
}

/** DELETE /api/agency-membership: she leaves her agency (idempotent: null when she had none). */
export async function leaveAgency(db: Db, sitter: CallerProfile, origin: AuditOrigin): Promise<string | null> {
  const [left] = await db.batch([
    db
      .delete(agencyMembers)
      .where(eq(agencyMembers.sitterId, sitter.id))
      .returning({ agencyId: agencyMembers.agencyId }),
    auditInsertWhenChanged(db, profileActor(sitter), origin, {
      action: "agency.member_leave",
      resource: `sitter:${sitter.id}`,
    }),
  ]);
  return left[0]?.agencyId ?? null;
}
