// Urgent requests: a family sends one request (slot, children, address) to up to URGENT_WAVE_SIZE
// babysitters at once (favourites first, then the best matches free at that time), or to an
// agency's roster. The first to accept gets the booking: one batch claims the open request and
// writes the confirmed booking, so of simultaneous accepts exactly one lands; the others read that
// it is taken. The cron widens a request nobody took after URGENT_WIDEN_AFTER_MINUTES (a larger
// radius, more sitters) and expires it at its start.
import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { agencies, agencyMembers } from "@db/schema/agencies";
import { bookings } from "@db/schema/bookings";
import { babysitterProfiles, children, profiles } from "@db/schema/profiles";
import { urgentRequestChildren, urgentRequestRecipients, urgentRequests } from "@db/schema/urgent-requests";
import { URGENT_RADIUS_KM, URGENT_WIDENED_RADIUS_KM, URGENT_WIDEN_AFTER_MINUTES } from "@db/constants/urgent-requests";
import { MINUTE_MS } from "@db/constants/limits";
import { bookingTotalCents } from "@db/validators/booking";
import type { IncomingUrgentRequestDto, UrgentRequestBody, UrgentRequestDto } from "@db/validators/urgent-requests";
import { parisDateOf, parisTimeOf } from "@db/time/paris-time";
import type { CallerProfile } from "../../lib/caller-profile";
import { ApiError } from "../../lib/errors";
import { BOOKING_OVERLAP, isDatabaseRefusal } from "../../lib/db-errors";
import { auditInsertWhenChanged, profileActor, type AuditOrigin } from "../audit/audit";
import { mayAccept, mayAcceptCondition, planRequired } from "../billing/subscriptions";
import { assertVerifiedWhileRequired, resolveSlot, slotTaken } from "../bookings/bookings";
import { consume } from "../limits/rate-limit";
import type { Notice } from "../notifications/notify";
import { shortName, slotParams } from "../notifications/notices";
import { managersOf } from "../agencies/agencies";
import { pickRecipients, type Wave } from "./recipients";

const requestNotFound = () => new ApiError(404, "URGENT_REQUEST_NOT_FOUND", "urgentRequests.errors.notFound");
const alreadyTaken = () => new ApiError(409, "URGENT_REQUEST_TAKEN", "urgentRequests.errors.taken");
const requestClosed = () => new ApiError(409, "URGENT_REQUEST_CLOSED", "urgentRequests.errors.closed");
const childNotYours = () =>
  new ApiError(400, "VALIDATION", "booking.validation.childNotYours", {}, { field: "children_ids" });
const agencyNotFound = () =>
  new ApiError(400, "VALIDATION", "urgentRequests.errors.agencyUnknown", {}, { field: "agency_id" });

const iso = (ms: number) => new Date(ms).toISOString();
type Row = typeof urgentRequests.$inferSelect;

// ---- Sending ----

export type Sent = { request: UrgentRequestDto; notices: Notice[] };

/**
 * POST /api/urgent-requests. Counted per parent (each request writes to up to 20 sitters). The
 * request, its children and its first wave's recipients are one batch; a first wave that finds
 * nobody widens at once.
 */
export async function sendUrgentRequest(
  db: Db,
  parent: CallerProfile,
  body: UrgentRequestBody,
  nowMs: number,
): Promise<Sent> {
  const { startMs, endMs } = resolveSlot(body, nowMs);
  await consume(db, [{ name: "urgentRequestPerParent", subject: parent.id }]);
  const [own, agency] = await Promise.all([
    db
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.parentId, parent.id), inArray(children.id, body.children_ids))),
    body.agency_id ? agencyWithRoster(db, body.agency_id) : Promise.resolve(null),
  ]);
  if (own.length !== body.children_ids.length) throw childNotYours();
  if (body.agency_id && !agency) throw agencyNotFound();
  const id = crypto.randomUUID();
  const wave: Wave = {
    parentId: parent.id,
    agencyId: agency?.id ?? null,
    startIso: iso(startMs),
    endIso: iso(endMs),
    slot: body,
    origin:
      parent.latitude !== null && parent.longitude !== null
        ? { latitude: parent.latitude, longitude: parent.longitude }
        : null,
    radiusKm: URGENT_RADIUS_KM,
    exclude: [],
  };
  let recipients = await pickRecipients(db, wave);
  let widened = false;
  if (recipients.length === 0 && !agency) {
    recipients = await pickRecipients(db, { ...wave, radiusKm: URGENT_WIDENED_RADIUS_KM });
    widened = true;
  }
  await db.batch([
    db.insert(urgentRequests).values({
      id,
      parentId: parent.id,
      agencyId: agency?.id ?? null,
      startTime: wave.startIso,
      endTime: wave.endIso,
      address: body.address,
      specialInstructions: body.special_instructions || null,
      radiusKm: widened ? URGENT_WIDENED_RADIUS_KM : URGENT_RADIUS_KM,
      widenedAt: widened ? iso(nowMs) : null,
    }),
    db.insert(urgentRequestChildren).values(body.children_ids.map((childId) => ({ requestId: id, childId }))),
    ...(recipients.length > 0
      ? [
          db
            .insert(urgentRequestRecipients)
            .values(recipients.map((sitterId) => ({ requestId: id, sitterId, wave: 1 }))),
        ]
      : []),
  ]);
  const request = await parentView(db, parent.id, id);
  const notices = recipients.map((sitterId) => requestNotice(request, sitterId, parent));
  if (agency) notices.push(...(await agencyNotices(db, agency.id, request, parent)));
  return { request, notices };
}

async function agencyWithRoster(db: Db, agencyId: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(
      and(
        eq(agencies.id, agencyId),
        sql`EXISTS (SELECT 1 FROM ${agencyMembers} WHERE ${agencyMembers.agencyId} = ${agencies.id})`,
      ),
    );
  return row ?? null;
}

/** GET /api/urgent-requests/agencies: the agencies a family may send to (those with a team), by name. */
export async function agenciesWithRoster(db: Db) {
  const rows = await db
    .select({ id: agencies.id, name: agencies.name, rosterSize: sql<number>`count(${agencyMembers.sitterId})` })
    .from(agencies)
    .innerJoin(agencyMembers, eq(agencyMembers.agencyId, agencies.id))
    .groupBy(agencies.id)
    .orderBy(agencies.name);
  return rows.map((row) => ({ id: row.id, name: row.name, roster_size: Number(row.rosterSize) }));
}

function requestNotice(
  request: { id: string; start_time: string; end_time: string },
  sitterId: string,
  parent: CallerProfile,
): Notice {
  return {
    event: "urgentRequest",
    occurrence: request.id,
    recipientId: sitterId,
    params: {
      otherName: shortName(parent),
      city: parent.city ?? "",
      ...slotParams(request.start_time, request.end_time),
    },
    link: "/urgent",
  };
}

async function agencyNotices(
  db: Db,
  agencyId: string,
  request: UrgentRequestDto,
  parent: CallerProfile,
): Promise<Notice[]> {
  return (await managersOf(db, agencyId)).map((recipientId) => ({
    event: "urgentRequestToAgency",
    occurrence: request.id,
    recipientId,
    params: { otherName: shortName(parent), ...slotParams(request.start_time, request.end_time) },
    link: "/agency/requests",
  }));
}

// ---- The family's view ----

async function childrenOf(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({ requestId: urgentRequestChildren.requestId, first_name: children.name, age: children.age })
    .from(urgentRequestChildren)
    .innerJoin(children, eq(children.id, urgentRequestChildren.childId))
    .where(inArray(urgentRequestChildren.requestId, requestIds))
    .orderBy(desc(children.age));
}

async function parentViews(db: Db, parentId: string, ids?: string[]): Promise<UrgentRequestDto[]> {
  const rows = await db
    .select({
      request: urgentRequests,
      agency: { id: agencies.id, name: agencies.name },
      filler: { id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName },
      recipients: sql<number>`(SELECT count(*) FROM ${urgentRequestRecipients} r WHERE r.request_id = ${urgentRequests.id})`,
    })
    .from(urgentRequests)
    .leftJoin(agencies, eq(agencies.id, urgentRequests.agencyId))
    .leftJoin(profiles, eq(profiles.id, urgentRequests.filledBy))
    .where(and(eq(urgentRequests.parentId, parentId), ids ? inArray(urgentRequests.id, ids) : undefined))
    .orderBy(desc(urgentRequests.createdAt))
    .limit(50);
  const kids = await childrenOf(
    db,
    rows.map((row) => row.request.id),
  );
  return rows.map(({ request, agency, filler, recipients }) => ({
    id: request.id,
    status: request.status,
    start_time: request.startTime,
    end_time: request.endTime,
    address: request.address,
    special_instructions: request.specialInstructions,
    children: kids.filter((kid) => kid.requestId === request.id).map(({ first_name, age }) => ({ first_name, age })),
    agency: agency?.id ? agency : null,
    recipients: Number(recipients),
    widened: request.widenedAt !== null,
    radius_km: request.radiusKm,
    booking_id: request.bookingId,
    filled_by: filler?.id ? { id: filler.id, first_name: filler.firstName, last_name: filler.lastName } : null,
    created_at: request.createdAt,
  }));
}

/** One request of this family (404 for anyone else's). */
export async function parentView(db: Db, parentId: string, id: string): Promise<UrgentRequestDto> {
  const [view] = await parentViews(db, parentId, [id]);
  if (!view) throw requestNotFound();
  return view;
}

export const listParentRequests = (db: Db, parentId: string) => parentViews(db, parentId);

/** POST /api/urgent-requests/{id}/cancel: the family calls off an open request (the sitters reached are told). */
export async function cancelUrgentRequest(db: Db, parent: CallerProfile, id: string, nowMs: number): Promise<Sent> {
  const before = await parentView(db, parent.id, id);
  const closed = await db
    .update(urgentRequests)
    .set({ status: "cancelled", closedAt: iso(nowMs), updatedAt: iso(nowMs) })
    .where(and(eq(urgentRequests.id, id), eq(urgentRequests.status, "open")))
    .returning({ id: urgentRequests.id });
  const request = await parentView(db, parent.id, id);
  if (closed.length === 0) {
    if (request.status === "cancelled") return { request, notices: [] };
    throw request.status === "filled" ? alreadyTaken() : requestClosed();
  }
  const sitters = await recipientsOf(db, id);
  const notices = sitters.map((sitterId) => closedNotice("urgentRequestCancelled", before, sitterId, parent));
  return { request, notices };
}

const recipientsOf = async (db: Db, requestId: string, except?: string) =>
  (
    await db
      .select({ id: urgentRequestRecipients.sitterId })
      .from(urgentRequestRecipients)
      .where(and(eq(urgentRequestRecipients.requestId, requestId), isNull(urgentRequestRecipients.declinedAt)))
  )
    .map((row) => row.id)
    .filter((id) => id !== except);

function closedNotice(
  event: "urgentRequestTaken" | "urgentRequestCancelled",
  request: { id: string; start_time: string; end_time: string },
  sitterId: string,
  parent: { firstName: string; lastName: string },
): Notice {
  return {
    event,
    occurrence: request.id,
    recipientId: sitterId,
    params: { otherName: shortName(parent), ...slotParams(request.start_time, request.end_time) },
    link: "/urgent",
  };
}

// ---- A babysitter's side ----

async function incomingRows(db: Db, sitterId: string, ids?: string[]) {
  return db
    .select({
      request: urgentRequests,
      declinedAt: urgentRequestRecipients.declinedAt,
      family: { firstName: profiles.firstName, lastName: profiles.lastName, city: profiles.city },
      rate: babysitterProfiles.hourlyRateCents,
    })
    .from(urgentRequestRecipients)
    .innerJoin(urgentRequests, eq(urgentRequests.id, urgentRequestRecipients.requestId))
    .innerJoin(profiles, eq(profiles.id, urgentRequests.parentId))
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, urgentRequestRecipients.sitterId))
    .where(and(eq(urgentRequestRecipients.sitterId, sitterId), ids ? inArray(urgentRequests.id, ids) : undefined))
    .orderBy(desc(urgentRequests.createdAt))
    .limit(50);
}

async function incomingViews(
  db: Db,
  sitterId: string,
  nowMs: number,
  ids?: string[],
): Promise<IncomingUrgentRequestDto[]> {
  const rows = await incomingRows(db, sitterId, ids);
  const kids = await childrenOf(
    db,
    rows.map((row) => row.request.id),
  );
  const nowIso = iso(nowMs);
  return rows.map(({ request, declinedAt, family, rate }) => {
    const mine = request.status === "filled" && request.filledBy === sitterId;
    const state: IncomingUrgentRequestDto["state"] = mine
      ? "mine"
      : request.status === "filled"
        ? "taken"
        : request.status !== "open" || request.startTime <= nowIso
          ? "closed"
          : declinedAt
            ? "declined"
            : "open";
    return {
      id: request.id,
      state,
      start_time: request.startTime,
      end_time: request.endTime,
      family: { first_name: family.firstName, last_name: `${family.lastName.slice(0, 1)}.`, city: family.city },
      address: mine ? request.address : null,
      special_instructions: request.specialInstructions,
      children: kids.filter((kid) => kid.requestId === request.id).map(({ first_name, age }) => ({ first_name, age })),
      total_amount_cents: bookingTotalCents(rate, Date.parse(request.startTime), Date.parse(request.endTime)),
      booking_id: mine ? request.bookingId : null,
      created_at: request.createdAt,
    };
  });
}

export const listIncoming = (db: Db, sitterId: string, nowMs: number) => incomingViews(db, sitterId, nowMs);

async function incomingView(db: Db, sitterId: string, id: string, nowMs: number) {
  const [view] = await incomingViews(db, sitterId, nowMs, [id]);
  if (!view) throw requestNotFound();
  return view;
}

export type Accepted = { request: IncomingUrgentRequestDto; notices: Notice[] };

/**
 * POST /api/urgent-requests/{id}/accept, by a sitter it reached (404 for anyone else). One batch:
 * the UPDATE claims the request while it is open, not started, reached her and her plan allows one
 * more acceptance; the booking (confirmed, at her rate) and its children are written only when that
 * UPDATE changed the row (changes() = 1). A confirmed sitting of hers at that time makes the
 * booking's insert fail (the overlap trigger) and the whole batch with it: 409, the request stays
 * open for the others. The family, and every other sitter reached, are told.
 */
export async function acceptUrgentRequest(
  db: Db,
  sitter: CallerProfile,
  id: string,
  nowMs: number,
  origin: AuditOrigin,
): Promise<Accepted> {
  const [row] = await db
    .select({ request: urgentRequests, rate: babysitterProfiles.hourlyRateCents })
    .from(urgentRequestRecipients)
    .innerJoin(urgentRequests, eq(urgentRequests.id, urgentRequestRecipients.requestId))
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, urgentRequestRecipients.sitterId))
    .where(and(eq(urgentRequestRecipients.requestId, id), eq(urgentRequestRecipients.sitterId, sitter.id)));
  if (!row) throw requestNotFound();
  const { request, rate } = row;
  if (request.status === "filled") {
    if (request.filledBy === sitter.id) return { request: await incomingView(db, sitter.id, id, nowMs), notices: [] };
    throw alreadyTaken();
  }
  if (request.status !== "open" || request.startTime <= iso(nowMs)) throw requestClosed();
  await assertVerifiedWhileRequired(db, sitter.id);
  const bookingId = crypto.randomUUID();
  const nowIso = iso(nowMs);
  const total = bookingTotalCents(rate, Date.parse(request.startTime), Date.parse(request.endTime));
  let claimed: { id: string }[];
  try {
    [claimed] = await db.batch([
      db
        .update(urgentRequests)
        .set({ status: "filled", filledBy: sitter.id, closedAt: nowIso, updatedAt: nowIso })
        .where(
          and(
            eq(urgentRequests.id, id),
            eq(urgentRequests.status, "open"),
            sql`${urgentRequests.startTime} > ${nowIso}`,
            mayAcceptCondition(sitter.id, nowIso),
          ),
        )
        .returning({ id: urgentRequests.id }),
      db.run(sql`INSERT INTO ${bookings}
          (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents,
           special_instructions, status, responded_at)
        SELECT ${bookingId}, ${request.parentId}, ${sitter.id}, ${request.startTime}, ${request.endTime}, ${rate},
          ${total}, ${request.specialInstructions}, 'confirmed', ${nowIso}
        WHERE changes() = 1`),
      auditInsertWhenChanged(db, profileActor(sitter), origin, {
        action: "urgent.accept",
        resource: `urgent_request:${id}`,
        metadata: { booking_id: bookingId },
      }),
      // After the audit entry (its changes() condition reads the booking insert just before it);
      // the request points to its booking once that exists (a foreign key).
      db
        .update(urgentRequests)
        .set({ bookingId })
        .where(
          and(eq(urgentRequests.id, id), sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.id} = ${bookingId})`),
        ),
      db.run(sql`INSERT INTO booking_children (booking_id, child_id)
        SELECT ${bookingId}, child_id FROM ${urgentRequestChildren}
        WHERE request_id = ${id} AND EXISTS (SELECT 1 FROM ${bookings} WHERE id = ${bookingId})`),
    ]);
  } catch (error) {
    if (isDatabaseRefusal(error, BOOKING_OVERLAP)) throw slotTaken();
    throw error;
  }
  if (claimed.length === 0) {
    const [now] = await db.select().from(urgentRequests).where(eq(urgentRequests.id, id));
    if (now?.status === "filled" && now.filledBy === sitter.id)
      return { request: await incomingView(db, sitter.id, id, nowMs), notices: [] };
    if (now?.status === "filled") throw alreadyTaken();
    if (now?.status === "open" && now.startTime > nowIso && !(await mayAccept(db, sitter.id, nowMs)))
      throw planRequired();
    throw requestClosed();
  }
  const [parent] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, request.parentId));
  const slot = { id, start_time: request.startTime, end_time: request.endTime };
  const others = await recipientsOf(db, id, sitter.id);
  const notices: Notice[] = [
    {
      event: "urgentRequestFilled",
      occurrence: id,
      recipientId: request.parentId,
      params: { otherName: shortName(sitter), ...slotParams(slot.start_time, slot.end_time) },
      link: `/bookings/${bookingId}`,
    },
    ...others.map((other) =>
      closedNotice("urgentRequestTaken", slot, other, parent ?? { firstName: "", lastName: "" }),
    ),
  ];
  return { request: await incomingView(db, sitter.id, id, nowMs), notices };
}

/** POST /api/urgent-requests/{id}/decline: she says no; she is not written to about it again. */
export async function declineUrgentRequest(db: Db, sitter: CallerProfile, id: string, nowMs: number) {
  await incomingView(db, sitter.id, id, nowMs); // 404 for a request that never reached her
  await db
    .update(urgentRequestRecipients)
    .set({ declinedAt: iso(nowMs) })
    .where(
      and(
        eq(urgentRequestRecipients.requestId, id),
        eq(urgentRequestRecipients.sitterId, sitter.id),
        isNull(urgentRequestRecipients.declinedAt),
      ),
    );
  return incomingView(db, sitter.id, id, nowMs);
}

// ---- The cron ----

/**
 * Every quarter hour: open requests nobody took within URGENT_WIDEN_AFTER_MINUTES get a second
 * wave (a larger radius, sitters not yet reached; an agency's request, the rest of its roster), and
 * the family is told; open requests whose start has come expire, and the family is told. Each
 * request is claimed by a conditional UPDATE, so two runs at once widen or expire it once.
 */
export async function sweepUrgentRequests(
  db: Db,
  nowMs = Date.now(),
): Promise<{ widened: number; expired: number; notices: Notice[] }> {
  const nowIso = iso(nowMs);
  const notices: Notice[] = [];
  const expired = await db
    .update(urgentRequests)
    .set({ status: "expired", closedAt: nowIso, updatedAt: nowIso })
    .where(and(eq(urgentRequests.status, "open"), lte(urgentRequests.startTime, nowIso)))
    .returning();
  for (const request of expired) notices.push(parentNotice("urgentRequestExpired", request, {}));

  const due = iso(nowMs - URGENT_WIDEN_AFTER_MINUTES * MINUTE_MS);
  const toWiden = await db
    .update(urgentRequests)
    .set({ widenedAt: nowIso, radiusKm: URGENT_WIDENED_RADIUS_KM, updatedAt: nowIso })
    .where(and(eq(urgentRequests.status, "open"), isNull(urgentRequests.widenedAt), lte(urgentRequests.createdAt, due)))
    .returning();
  for (const request of toWiden) notices.push(...(await widen(db, request)));
  return { widened: toWiden.length, expired: expired.length, notices };
}

function parentNotice(
  event: "urgentRequestExpired" | "urgentRequestWidened",
  request: Row,
  extra: Record<string, number>,
): Notice {
  return {
    event,
    occurrence: request.id,
    recipientId: request.parentId,
    params: { ...slotParams(request.startTime, request.endTime), ...extra },
    link: `/urgent/${request.id}`,
  };
}

async function widen(db: Db, request: Row): Promise<Notice[]> {
  const [parent] = await db.select().from(profiles).where(eq(profiles.id, request.parentId));
  if (!parent) return [];
  const reached = await db
    .select({ id: urgentRequestRecipients.sitterId })
    .from(urgentRequestRecipients)
    .where(eq(urgentRequestRecipients.requestId, request.id));
  const startMs = Date.parse(request.startTime);
  const endMs = Date.parse(request.endTime);
  const slot = {
    date: parisDateOf(startMs),
    start_time: parisTimeOf(startMs),
    end_time: parisTimeOf(endMs),
  };
  const more = await pickRecipients(db, {
    parentId: parent.id,
    agencyId: request.agencyId,
    startIso: request.startTime,
    endIso: request.endTime,
    slot,
    origin:
      parent.latitude !== null && parent.longitude !== null
        ? { latitude: parent.latitude, longitude: parent.longitude }
        : null,
    radiusKm: URGENT_WIDENED_RADIUS_KM,
    exclude: reached.map((row) => row.id),
  });
  if (more.length > 0) {
    await db
      .insert(urgentRequestRecipients)
      .values(more.map((sitterId) => ({ requestId: request.id, sitterId, wave: 2 })))
      .onConflictDoNothing();
  }
  const view = { id: request.id, start_time: request.startTime, end_time: request.endTime };
  return [
    parentNotice("urgentRequestWidened", request, { count: more.length, radius: URGENT_WIDENED_RADIUS_KM }),
    ...more.map((sitterId) => requestNotice(view, sitterId, parent)),
  ];
}
