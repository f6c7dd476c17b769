// The roster's bookings as an agency reads them (never a message; the children's first names and
// ages only once a sitting is confirmed), its answers to requests on a sitter's behalf, the
// calendar of bookings and availability, and the agency's figures by month.
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { agencyMembers } from "@db/schema/agencies";
import { bookingChildren, bookings } from "@db/schema/bookings";
import { babysitterProfiles, children, profiles } from "@db/schema/profiles";
import type { AgencyBookingAction, AgencyBookingDto } from "@db/validators/agencies";
import type { AGENCY_BOOKING_FILTERS } from "@db/validators/agencies";
import { MINUTE_MS } from "@db/constants/limits";
import { parisDateOf, parisToUtcIso } from "@db/time/paris-time";
import type { CallerProfile } from "../../lib/caller-profile";
import { auditInsertByProfile, type AuditOrigin } from "../audit/audit";
import { bookingNotFound, changeBookingStatus, type StatusChange } from "../bookings/bookings";
import type { Notice } from "../notifications/notify";
import { shortName, slotParams } from "../notifications/notices";

type Filter = (typeof AGENCY_BOOKING_FILTERS)[number];
const PAGE_LIMIT = 200;

const sitter = alias(profiles, "sitter");
const family = alias(profiles, "family");

/** The roster's bookings matching `where` (already confined to the agency's roster). */
async function agencyBookings(db: Db, agencyId: string, where: SQL | undefined, order: SQL[], nowMs: number) {
  const rows = await db
    .select({
      booking: bookings,
      sitter: { id: sitter.id, firstName: sitter.firstName, lastName: sitter.lastName },
      family: { id: family.id, firstName: family.firstName, lastName: family.lastName, city: family.city },
    })
    .from(bookings)
    .innerJoin(
      agencyMembers,
      and(eq(agencyMembers.sitterId, bookings.babysitterId), eq(agencyMembers.agencyId, agencyId)),
    )
    .innerJoin(sitter, eq(sitter.id, bookings.babysitterId))
    .innerJoin(family, eq(family.id, bookings.parentId))
    .where(where)
    .orderBy(...order)
    .limit(PAGE_LIMIT);
  const confirmedIds = rows
    .filter((row) => ["confirmed", "completed"].includes(row.booking.status))
    .map((row) => row.booking.id);
  const kids = confirmedIds.length
    ? await db
        .select({ bookingId: bookingChildren.bookingId, name: children.name, age: children.age })
        .from(bookingChildren)
        .innerJoin(children, eq(children.id, bookingChildren.childId))
        .where(inArray(bookingChildren.bookingId, confirmedIds))
        .orderBy(asc(children.name))
    : [];
  const nowIso = new Date(nowMs).toISOString();
  return rows.map((row): AgencyBookingDto => ({
    id: row.booking.id,
    status: row.booking.status,
    cancel_reason: row.booking.cancelReason,
    start_time: row.booking.startTime,
    end_time: row.booking.endTime,
    total_amount_cents: row.booking.totalAmountCents,
    created_at: row.booking.createdAt,
    sitter: { id: row.sitter.id, first_name: row.sitter.firstName, last_name: row.sitter.lastName },
    // The family's initial, as members see each other before a sitting is confirmed.
    family: {
      id: row.family.id,
      first_name: row.family.firstName,
      last_name: row.booking.status === "pending" ? `${row.family.lastName.slice(0, 1)}.` : row.family.lastName,
      city: row.family.city,
    },
    children: kids
      .filter((kid) => kid.bookingId === row.booking.id)
      .map((kid) => ({ first_name: kid.name, age: kid.age })),
    actions: row.booking.status === "pending" && row.booking.startTime > nowIso ? ["accept", "decline"] : [],
  }));
}

const FILTERS: Record<Filter, (nowIso: string) => { where?: SQL; order: SQL[] }> = {
  requests: (nowIso) => ({
    where: and(eq(bookings.status, "pending"), gt(bookings.startTime, nowIso)),
    order: [asc(bookings.startTime)],
  }),
  upcoming: (nowIso) => ({
    where: and(inArray(bookings.status, ["pending", "confirmed"]), gt(bookings.endTime, nowIso)),
    order: [asc(bookings.startTime)],
  }),
  past: (nowIso) => ({ where: lte(bookings.endTime, nowIso), order: [desc(bookings.startTime)] }),
  all: () => ({ order: [desc(bookings.startTime)] }),
};

/** GET /api/agency/bookings?filter=: the roster's requests (default), upcoming, past or all bookings. */
export function listAgencyBookings(db: Db, agencyId: string, filter: Filter, nowMs: number) {
  const { where, order } = FILTERS[filter](new Date(nowMs).toISOString());
  return agencyBookings(db, agencyId, where, order, nowMs);
}

export async function agencyBooking(db: Db, agencyId: string, bookingId: string, nowMs: number) {
  const [booking] = await agencyBookings(db, agencyId, eq(bookings.id, bookingId), [], nowMs);
  if (!booking) throw bookingNotFound();
  return booking;
}

/**
 * POST /api/agency/bookings/{id}/answer: accepts or declines a roster sitter's request for her, by
 * the same rules and the same race-safe change as her own answer (her plan, her verification, the
 * slot still free; the first of concurrent answers applies). Audited under the manager's name; the
 * family hears it as the sitter's answer, the sitter is told the agency answered for her.
 */
export async function answerForSitter(
  db: Db,
  agency: { id: string; name: string },
  manager: CallerProfile,
  bookingId: string,
  action: AgencyBookingAction,
  nowMs: number,
  origin: AuditOrigin,
): Promise<{ change: StatusChange; sitterId: string; notices: Notice[] }> {
  const before = await agencyBooking(db, agency.id, bookingId, nowMs);
  const sitterId = before.sitter.id;
  const change = await changeBookingStatus(db, sitterId, bookingId, { action }, nowMs, origin);
  if (!change.changed) return { change, sitterId, notices: [] };
  await auditInsertByProfile(db, manager.id, origin, {
    action: action === "accept" ? "agency.booking_accept" : "agency.booking_decline",
    resource: `booking:${bookingId}`,
    metadata: { agency_id: agency.id, sitter_id: sitterId },
  });
  const notice: Notice = {
    event: action === "accept" ? "agencyAcceptedForSitter" : "agencyDeclinedForSitter",
    occurrence: bookingId,
    recipientId: sitterId,
    params: {
      agency: agency.name,
      otherName: shortName({ firstName: before.family.first_name, lastName: before.family.last_name }),
      ...slotParams(before.start_time, before.end_time),
    },
    link: `/bookings/${bookingId}`,
  };
  return { change, sitterId, notices: [notice] };
}

/** GET /api/agency/calendar: the roster's bookings overlapping [from, to) (Paris days) and their weekly hours. */
export async function agencyCalendar(db: Db, agencyId: string, from: string, to: string, nowMs: number) {
  const fromIso = parisToUtcIso(from, "00:00")!;
  const toIso = parisToUtcIso(to, "00:00")!;
  const [rows, availability] = await Promise.all([
    agencyBookings(
      db,
      agencyId,
      and(
        inArray(bookings.status, ["pending", "confirmed", "completed"]),
        lt(bookings.startTime, toIso),
        gt(bookings.endTime, fromIso),
      ),
      [asc(bookings.startTime)],
      nowMs,
    ),
    db
      .select({
        sitterId: profiles.id,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        weekly: babysitterProfiles.availableHours,
      })
      .from(agencyMembers)
      .innerJoin(profiles, eq(profiles.id, agencyMembers.sitterId))
      .leftJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
      .where(eq(agencyMembers.agencyId, agencyId))
      .orderBy(asc(profiles.lastName), asc(profiles.firstName)),
  ]);
  return {
    bookings: rows,
    availability: availability.map((row) => ({
      sitter_id: row.sitterId,
      first_name: row.firstName,
      last_name: row.lastName,
      weekly: (row.weekly ?? {}) as Record<string, [string, string][]>,
    })),
  };
}

/** The months the figures cover: this one and the 11 before it (Europe/Paris). */
export const FIGURES_MONTHS = 12;

/**
 * GET /api/agency/figures: per month (Paris), the roster's confirmed or completed sittings, their
 * hours, the families who booked them and what they booked (the sittings' amounts). Counted for the
 * sitters on the roster now.
 */
export async function agencyFigures(db: Db, agencyId: string, nowMs: number) {
  const thisMonth = parisDateOf(nowMs).slice(0, 7);
  const firstMonth = monthsBefore(thisMonth, FIGURES_MONTHS - 1);
  const fromIso = parisToUtcIso(`${firstMonth}-01`, "00:00")!;
  const toIso = parisToUtcIso(`${monthsBefore(thisMonth, -1)}-01`, "00:00")!;
  const rows = await db
    .select({
      start: bookings.startTime,
      end: bookings.endTime,
      parentId: bookings.parentId,
      amount: bookings.totalAmountCents,
    })
    .from(bookings)
    .innerJoin(
      agencyMembers,
      and(eq(agencyMembers.sitterId, bookings.babysitterId), eq(agencyMembers.agencyId, agencyId)),
    )
    .where(
      and(
        inArray(bookings.status, ["confirmed", "completed"]),
        gte(bookings.startTime, fromIso),
        lt(bookings.startTime, toIso),
      ),
    );
  const months = new Map(
    Array.from({ length: FIGURES_MONTHS }, (_, i) => monthsBefore(thisMonth, FIGURES_MONTHS - 1 - i)).map((m) => [
      m,
      { month: m, minutes: 0, bookings: 0, families: new Set<string>(), revenue_cents: 0 },
    ]),
  );
  for (const row of rows) {
    const entry = months.get(parisDateOf(Date.parse(row.start)).slice(0, 7));
    if (!entry) continue;
    entry.minutes += Math.round((Date.parse(row.end) - Date.parse(row.start)) / MINUTE_MS);
    entry.bookings += 1;
    entry.families.add(row.parentId);
    entry.revenue_cents += row.amount;
  }
  return { months: [...months.values()].map((entry) => ({ ...entry, families: entry.families.size })) };
}

/** "2026-11" minus n months ("2025-12" for n = 11); a negative n goes forward. */
function monthsBefore(month: string, n: number): string {
  const [year, mon] = month.split("-").map(Number);
  const index = year * 12 + (mon - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}
