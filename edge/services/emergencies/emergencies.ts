// Emergency alerts during a booking (issue 10; money-and-operations §3, §6, §9). Only the booking's
// two parties may raise one or list them (anyone else: the same 404 as an unknown booking, nothing
// written), only on a confirmed (or completed) booking from 2 hours before its start to 12 hours
// after its end (db/constants/emergencies.ts; otherwise 409), at most 5 in any hour per account. The
// alert itself leaves after the answer (services/emergencies/emergency-alerts.ts).
import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings, emergencyIncidents, profiles } from "@db/schema";
import {
  EMERGENCY_ALERT_LIMIT,
  EMERGENCY_PHONE,
  EMERGENCY_WINDOW_HOURS_AFTER_END,
  EMERGENCY_WINDOW_HOURS_BEFORE_START,
  emergencyAllowed,
} from "@db/constants/emergencies";
import type { EmergencyCreate, EmergencyIncident, EmergencyList } from "@db/validators/emergencies";
import { ApiError } from "../../lib/errors";
import { rateLimited } from "../limits/rate-limit";

export type IncidentRow = typeof emergencyIncidents.$inferSelect;

const bookingNotFound = () => new ApiError(404, "BOOKING_NOT_FOUND", "booking.errors.notFound");
const notAllowed = () =>
  new ApiError(409, "EMERGENCY_NOT_ALLOWED", "emergencies.errors.notAllowed", {
    before: EMERGENCY_WINDOW_HOURS_BEFORE_START,
    after: EMERGENCY_WINDOW_HOURS_AFTER_END,
    phone: EMERGENCY_PHONE,
  });

/** The booking, when `me` is one of its parties. */
async function partyBooking(db: Db, me: string, bookingId: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      parentId: bookings.parentId,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.parentId, me), eq(bookings.babysitterId, me))))
    .limit(1);
  return booking;
}

const windowOf = (booking: { status: string; startTime: string; endTime: string }) => ({
  status: booking.status,
  startMs: Date.parse(booking.startTime),
  endMs: Date.parse(booking.endTime),
});

/** The reporter's alerts in the last hour (the limit's count), as a subquery of the insert. */
const recentAlerts = (reporterId: string, sinceIso: string) =>
  sql`(SELECT count(*) FROM ${emergencyIncidents} WHERE ${emergencyIncidents.reporterId} = ${reporterId} AND ${emergencyIncidents.createdAt} > ${sinceIso})`;

/** The 429 of a reporter at the limit: the wait is until their oldest alert of the hour leaves it. */
async function alertLimitReached(db: Db, reporterId: string, sinceIso: string, nowMs: number): Promise<ApiError> {
  const [oldest] = await db
    .select({ createdAt: emergencyIncidents.createdAt })
    .from(emergencyIncidents)
    .where(and(eq(emergencyIncidents.reporterId, reporterId), gt(emergencyIncidents.createdAt, sinceIso)))
    .orderBy(asc(emergencyIncidents.createdAt))
    .limit(1);
  const freesAt = oldest ? Date.parse(oldest.createdAt) + EMERGENCY_ALERT_LIMIT.windowMs : nowMs;
  return rateLimited(Math.max(0, freesAt - nowMs));
}

/**
 * POST /api/emergencies: records the incident. The limit is a condition of the insert itself (one
 * statement: insert only while the reporter has fewer than 5 alerts in the last hour), so alerts
 * sent at the same instant cannot all pass a count read before any of them is stored. Refusals
 * (404, 409, 429) write nothing.
 */
export async function raiseEmergency(
  db: Db,
  reporterId: string,
  body: EmergencyCreate,
  nowMs: number,
): Promise<IncidentRow> {
  const booking = await partyBooking(db, reporterId, body.booking_id);
  if (!booking) throw bookingNotFound();
  if (!emergencyAllowed(windowOf(booking), nowMs)) throw notAllowed();
  const sinceIso = new Date(nowMs - EMERGENCY_ALERT_LIMIT.windowMs).toISOString();
  const [incident] = await db
    .insert(emergencyIncidents)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          bookingId: bookings.id,
          reporterId: sql<string>`${reporterId}`.as("reporter_id"),
          type: sql<EmergencyCreate["type"]>`${body.type}`.as("type"),
          location: sql<string>`${body.location}`.as("location"),
          description: sql<string | null>`${body.description ?? null}`.as("description"),
          createdAt: sql<string>`${new Date(nowMs).toISOString()}`.as("created_at"),
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.id, booking.id),
            sql`${recentAlerts(reporterId, sinceIso)} < ${EMERGENCY_ALERT_LIMIT.maxAlerts}`,
          ),
        ),
    )
    .returning();
  if (!incident) throw await alertLimitReached(db, reporterId, sinceIso, nowMs);
  return incident;
}

export const toIncidentDto = (row: IncidentRow, me: string): EmergencyIncident => ({
  id: row.id,
  booking_id: row.bookingId,
  type: row.type,
  location: row.location,
  description: row.description,
  created_at: row.createdAt,
  reported_by_me: row.reporterId === me,
});

/** The sitting's place: the parent's address, postal code and city, as far as the profile has them. */
const placeOf = (parent: { address: string | null; postalCode: string | null; city: string | null }) =>
  [parent.address, [parent.postalCode, parent.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || null;

/**
 * GET /api/emergencies?booking_id=…: a booking's incidents (its parties only), whether one may be
 * raised now, and the place to prefill, only then (the sitter learns the parent's address only while
 * an alert is possible on a booking she was confirmed for).
 */
export async function listEmergencies(db: Db, me: string, bookingId: string, nowMs: number): Promise<EmergencyList> {
  const booking = await partyBooking(db, me, bookingId);
  if (!booking) throw bookingNotFound();
  const canRaise = emergencyAllowed(windowOf(booking), nowMs);
  const [rows, parents] = await db.batch([
    db
      .select()
      .from(emergencyIncidents)
      .where(eq(emergencyIncidents.bookingId, booking.id))
      .orderBy(desc(emergencyIncidents.createdAt), desc(emergencyIncidents.id)),
    db
      .select({ address: profiles.address, postalCode: profiles.postalCode, city: profiles.city })
      .from(profiles)
      .where(eq(profiles.id, booking.parentId))
      .limit(1),
  ]);
  return {
    incidents: rows.map((row) => toIncidentDto(row, me)),
    can_raise: canRaise,
    default_location: canRaise && parents[0] ? placeOf(parents[0]) : null,
  };
}
