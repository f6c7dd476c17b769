// Bookings: the booking form's data, creation (every rule checked again on the server), the
// role-scoped list, one booking for its two parties, and status changes. Plain functions of
// (db, input); `nowMs` is a parameter so the rules are testable at any time.
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookingChildren, bookings } from "@db/schema/bookings";
import { babysitterProfiles, children, profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { BookingAction, BookingFilter } from "@db/schema/enums";
import { BOOKING_MAX_DAYS_AHEAD, BOOKING_MAX_HOURS } from "@db/constants/limits";
import { CHECK_IN_OPENS_MINUTES, FAR_FROM_HOME_METRES } from "@db/constants/sitting";
import { LATE_CANCELLATION_FEE_PERCENT } from "@db/constants/payments";
import { HOUR_MS, addDays, parisToUtcMs, parisToday } from "@db/time/paris-time";
import {
  bookingTotalCents,
  slotEndDate,
  type BookingActionBody,
  type BookingCreateBody,
  type BookingDto,
  type BookingFormData,
  type BookingList,
  type BookingListQuery,
} from "@db/validators/booking";
import { BOOKING_OVERLAP, isDatabaseRefusal } from "../../lib/db-errors";
import { ApiError, forbidden } from "../../lib/errors";
import { accountGone, isLiveProfile, liveProfile } from "../account-state";
import { auditInsertByProfile, NO_ORIGIN, type AuditOrigin } from "../audit/audit";
import { partyColumns } from "../profiles/profiles";
import {
  availableActions,
  decideTransition,
  effectiveState,
  refusalError,
  type BookingRole,
  type BookingState,
  type Transition,
} from "./booking-status";
import { mayAccept, mayAcceptCondition, planRequired } from "../billing/subscriptions";
import { backgroundCheckRequired, sitterNotVerified, verificationRequired } from "../settings/background-check";
import { hoursView, mayDeclareHours } from "./sitting-hours-rules";
import { cancellationFeeCents, freeCancellationUntil } from "./booking-cancellation-rules";

const invalid = (field: string, key: string) => new ApiError(400, "VALIDATION", key, {}, { field });
const babysitterNotFound = () =>
  new ApiError(404, "BABYSITTER_NOT_FOUND", "booking.errors.babysitterNotFound", {}, { field: "babysitter_id" });
export const bookingNotFound = () => new ApiError(404, "BOOKING_NOT_FOUND", "booking.errors.notFound");

/**
 * The booking's row, for an action only one of its parties takes: anyone outside the booking gets
 * 404 (it might not exist), its other party 403.
 */
export async function bookingOfParty(db: Db, caller: { id: string }, bookingId: string, role: BookingRole) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || (booking.babysitterId !== caller.id && booking.parentId !== caller.id)) throw bookingNotFound();
  if ((role === "parent" ? booking.parentId : booking.babysitterId) !== caller.id) throw forbidden();
  return booking;
}
export const slotTaken = () => new ApiError(409, "SLOT_TAKEN", "booking.errors.slotTaken");
const lateFeeNotAccepted = () =>
  new ApiError(409, "LATE_FEE_NOT_ACCEPTED", "booking.errors.lateFeeNotAccepted", {
    percent: LATE_CANCELLATION_FEE_PERCENT,
  });

const iso = (ms: number) => new Date(ms).toISOString();

// ---- The booking form ----

/**
 * A babysitter this parent may book: a babysitter profile with its rates, visible to members, or
 * hidden but already sharing a booking with this parent (profiles.profile_visibility); never one
 * whose account is gone (account-state.ts), who is as unknown as a wrong id.
 */
const bookableSitter = (db: Db, parentId: string, sitterId: string) =>
  db
    .select({
      id: profiles.id,
      first_name: profiles.firstName,
      last_name: profiles.lastName,
      photo_url: profiles.photoUrl,
      city: profiles.city,
      is_verified: profiles.isVerified,
      rating: profiles.rating,
      total_reviews: profiles.totalReviews,
      hourly_rate_cents: babysitterProfiles.hourlyRateCents,
    })
    .from(profiles)
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(
      and(
        eq(profiles.id, sitterId),
        eq(profiles.userType, "babysitter"),
        liveProfile(),
        or(
          ne(profiles.profileVisibility, "hidden"),
          sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.parentId} = ${parentId} AND ${bookings.babysitterId} = ${profiles.id})`,
        ),
      ),
    )
    .limit(1);

const childrenOf = (db: Db, parentId: string) =>
  db
    .select({ id: children.id, name: children.name, age: children.age })
    .from(children)
    .where(eq(children.parentId, parentId))
    .orderBy(desc(children.age), asc(children.name));

/** GET /api/bookings/new/{babysitterId}: the sitter's summary and the parent's children, one round trip. */
export async function bookingFormData(db: Db, parentId: string, sitterId: string): Promise<BookingFormData> {
  const [[babysitter], kids] = await db.batch([bookableSitter(db, parentId, sitterId), childrenOf(db, parentId)]);
  if (!babysitter) throw babysitterNotFound();
  return { babysitter, children: kids };
}

// ---- Creation ----

/**
 * The slot's instants, checked against the clock: Paris date and times in, UTC out. An end at or
 * before the start is on the next day (evenings out); equal times and sittings longer than
 * BOOKING_MAX_HOURS of real time are refused.
 */
export function resolveSlot(body: Pick<BookingCreateBody, "date" | "start_time" | "end_time">, nowMs: number) {
  if (body.end_time === body.start_time) throw invalid("end_time", "booking.validation.sameTimes");
  const startMs = parisToUtcMs(body.date, body.start_time);
  if (startMs === null) throw invalid("start_time", "booking.validation.timeDoesNotExist");
  const endMs = parisToUtcMs(slotEndDate(body), body.end_time);
  if (endMs === null) throw invalid("end_time", "booking.validation.timeDoesNotExist");
  if (endMs <= startMs) throw invalid("end_time", "booking.validation.endBeforeStart");
  if (endMs - startMs > BOOKING_MAX_HOURS * HOUR_MS) throw invalid("end_time", "booking.validation.tooLong");
  const today = parisToday(nowMs);
  if (body.date < today) throw invalid("date", "booking.validation.dateInPast");
  if (body.date > addDays(today, BOOKING_MAX_DAYS_AHEAD)) throw invalid("date", "booking.validation.dateTooFar");
  if (startMs <= nowMs) throw invalid("start_time", "booking.validation.startInPast");
  return { startMs, endMs };
}

/**
 * Every rule of a request but the overlap (the database's, at insert): the slot against the clock,
 * a bookable babysitter (verified, while the security settings require a background check), children
 * of this parent. Shared by the creation and its preview.
 */
export async function checkRequest(db: Db, parentId: string, body: BookingCreateBody, nowMs: number) {
  const { startMs, endMs } = resolveSlot(body, nowMs);
  const [[[sitter], ownChildren], checkRequired] = await Promise.all([
    db.batch([
      bookableSitter(db, parentId, body.babysitter_id),
      db
        .select({ id: children.id })
        .from(children)
        .where(and(eq(children.parentId, parentId), inArray(children.id, body.children_ids))),
    ]),
    backgroundCheckRequired(db),
  ]);
  if (!sitter) throw babysitterNotFound();
  if (checkRequired && !sitter.is_verified) throw sitterNotVerified();
  if (ownChildren.length !== body.children_ids.length)
    throw invalid("children_ids", "booking.validation.childNotYours");
  return { sitter, startMs, endMs };
}

/** What a notice about a booking needs of it (its parties and times): the columns a claim returns. */
export const bookingPartiesAndTimes = {
  id: bookings.id,
  parentId: bookings.parentId,
  babysitterId: bookings.babysitterId,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
};

/**
 * POST /api/bookings. The overlap rule is the database's (BEFORE INSERT trigger): whichever of two
 * racing requests writes second gets 'booking_overlap', answered 409, and nothing of it is kept
 * (the booking and its children are one batch, one transaction).
 */
export async function createBooking(
  db: Db,
  parentId: string,
  body: BookingCreateBody,
  nowMs: number,
): Promise<BookingDto> {
  const { sitter, startMs, endMs } = await checkRequest(db, parentId, body, nowMs);
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(bookings).values({
        id,
        parentId,
        babysitterId: sitter.id,
        startTime: iso(startMs),
        endTime: iso(endMs),
        hourlyRateCents: sitter.hourly_rate_cents,
        totalAmountCents: bookingTotalCents(sitter.hourly_rate_cents, startMs, endMs),
        specialInstructions: body.special_instructions || null,
        status: "pending",
      }),
      db.insert(bookingChildren).values(body.children_ids.map((childId) => ({ bookingId: id, childId }))),
    ]);
  } catch (error) {
    if (isDatabaseRefusal(error, BOOKING_OVERLAP)) throw slotTaken();
    throw error;
  }
  return getBooking(db, parentId, id, nowMs);
}

// ---- Reading ----

/** The other party of each row, for whichever side `me` is on. */
const otherPartyId = (me: string) =>
  sql`CASE WHEN ${bookings.parentId} = ${me} THEN ${bookings.babysitterId} ELSE ${bookings.parentId} END`;

const partyOf = (me: string) => or(eq(bookings.parentId, me), eq(bookings.babysitterId, me))!;

function selectBookings(db: Db, me: string) {
  return db
    .select({
      booking: bookings,
      other: { ...partyColumns, phone: profiles.phone, street: profiles.address, postalCode: profiles.postalCode },
    })
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, otherPartyId(me)));
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>["execute"]>>[number];

/**
 * The children of these bookings, with their booking's id, the eldest first (then by name): the one
 * query of a booking's children, unrun so that callers can batch it with their own reads.
 */
export function childrenOfBookings(db: Db, bookingIds: string[]) {
  return db
    .select({
      bookingId: bookingChildren.bookingId,
      id: children.id,
      name: children.name,
      age: children.age,
      specialNeeds: children.specialNeeds,
      allergies: children.allergies,
    })
    .from(bookingChildren)
    .innerJoin(children, eq(children.id, bookingChildren.childId))
    .where(inArray(bookingChildren.bookingId, bookingIds))
    .orderBy(desc(children.age), asc(children.name));
}

/** The children of these bookings, and which of them `me` has reviewed: one round trip. */
async function bookingExtras(db: Db, me: string, ids: string[]) {
  if (ids.length === 0) return { kidsByBooking: new Map<string, ChildRow[]>(), reviewed: new Set<string>() };
  const [kids, mine] = await db.batch([
    childrenOfBookings(db, ids),
    db
      .select({ bookingId: reviews.bookingId })
      .from(reviews)
      .where(and(eq(reviews.reviewerId, me), inArray(reviews.bookingId, ids))),
  ]);
  const kidsByBooking = new Map<string, ChildRow[]>();
  for (const kid of kids) kidsByBooking.set(kid.bookingId, [...(kidsByBooking.get(kid.bookingId) ?? []), kid]);
  return { kidsByBooking, reviewed: new Set(mine.map((r) => r.bookingId)) };
}

/** The columns of a booking's state (status, who ended it and why). */
const stateOf = (row: Pick<BookingState, "status" | "cancelledBy" | "cancelReason">): BookingState => ({
  status: row.status,
  cancelledBy: row.cancelledBy,
  cancelReason: row.cancelReason,
});

type ChildRow = { id: string; name: string; age: number; specialNeeds: string | null; allergies: string | null };

/**
 * The other party as the caller may see them: the phone only while a confirmed sitting is still to
 * come (the Call button); the family's address only to the babysitter of a confirmed booking
 * (before, she knows the city; a pending, cancelled or completed booking does not show it).
 */
function partyView(
  { street, postalCode, ...other }: BookingRow["other"],
  { role, confirmed, confirmedAhead }: { role: BookingRole; confirmed: boolean; confirmedAhead: boolean },
): BookingDto["other_party"] {
  return {
    ...other,
    phone: confirmedAhead ? other.phone : null,
    address: role === "babysitter" && confirmed ? familyAddress(street, postalCode, other.city) : null,
  };
}

/** The sitting's taps as both parties see them, and whether the sitter may tap now (sitting.ts's rules). */
function sittingView(
  booking: BookingRow["booking"],
  at: { role: BookingRole; confirmed: boolean; startMs: number; endMs: number; nowMs: number },
) {
  const far = (distance: number | null) => distance !== null && distance > FAR_FROM_HOME_METRES;
  const sitter = at.role === "babysitter" && at.confirmed;
  const windowOpen = at.nowMs >= at.startMs - CHECK_IN_OPENS_MINUTES * 60_000 && at.nowMs <= at.endMs;
  return {
    checked_in_at: booking.checkedInAt,
    checked_out_at: booking.checkedOutAt,
    far_from_home: far(booking.checkInDistanceM) || far(booking.checkOutDistanceM),
    can_check_in: sitter && windowOpen && !booking.checkedInAt,
    can_check_out: sitter && Boolean(booking.checkedInAt) && !booking.checkedOutAt,
  };
}

/** What cancelling this confirmed sitting costs the parent now, and until when it is free. */
const cancellationTerms = (booking: BookingRow["booking"], startMs: number, nowMs: number) => ({
  free_until: iso(freeCancellationUntil(startMs)),
  fee_cents: cancellationFeeCents({ status: "confirmed", startMs, totalAmountCents: booking.totalAmountCents }, nowMs),
});

/** The real hours and what each party may do with them now (sitting-hours-rules.ts). */
function hoursFor(booking: BookingRow["booking"], role: BookingRole, nowMs: number) {
  const hours = hoursView(booking, nowMs);
  return {
    hours,
    can_declare_hours: role === "babysitter" && mayDeclareHours(booking, nowMs),
    can_answer_hours: role === "parent" && hours?.status === "proposed",
  };
}

/** "12 rue des Lilas, 69003 Lyon", or null when the parent gave no street (the city is on the card). */
function familyAddress(street: string | null, postalCode: string | null, city: string | null): string | null {
  if (!street?.trim()) return null;
  const town = [postalCode, city].filter(Boolean).join(" ");
  return town ? `${street.trim()}, ${town}` : street.trim();
}

/**
 * The API's view of a booking for one of its parties. What the sitter learns grows with the
 * booking: children's names and ages on a request; their special needs and allergies during the
 * sitting itself (arrival tap to departure tap); the other party's phone only while a confirmed
 * sitting is still to come.
 */
function toBookingDto(
  { booking, other }: BookingRow,
  kids: ChildRow[],
  reviewedByMe: boolean,
  me: string,
  nowMs: number,
): BookingDto {
  const role: BookingRole = booking.parentId === me ? "parent" : "babysitter";
  const startMs = Date.parse(booking.startTime);
  const endMs = Date.parse(booking.endTime);
  // An expired request reads as expired before the cron has written it (booking-status.ts).
  const state = effectiveState(stateOf(booking), startMs, nowMs);
  const confirmedAhead = state.status === "confirmed" && startMs > nowMs;
  // The child sheet (special needs, allergies) opens to the sitter for the sitting itself: from her
  // arrival tap to her departure tap (sitting.ts), never days before nor after.
  const sittingOpen = state.status === "confirmed" && booking.checkedInAt !== null && booking.checkedOutAt === null;
  const detailsShared = role === "parent" || sittingOpen;
  return {
    id: booking.id,
    status: state.status,
    cancelled_by: state.cancelledBy,
    cancel_reason: state.cancelReason,
    late_cancel_fee_cents: booking.lateCancelFeeCents,
    cancellation: role === "parent" && confirmedAhead ? cancellationTerms(booking, startMs, nowMs) : null,
    start_time: booking.startTime,
    end_time: booking.endTime,
    hourly_rate_cents: booking.hourlyRateCents,
    total_amount_cents: booking.totalAmountCents,
    special_instructions: booking.specialInstructions,
    created_at: booking.createdAt,
    responded_at: booking.respondedAt,
    role,
    other_party: partyView(other, { role, confirmed: state.status === "confirmed", confirmedAhead }),
    children: kids.map(({ id, name, age, specialNeeds, allergies }) =>
      detailsShared ? { id, name, age, special_needs: specialNeeds, allergies } : { id, name, age },
    ),
    actions: availableActions({ role, state, startMs, endMs, nowMs }),
    can_contact: confirmedAhead,
    can_review: state.status === "completed" && !reviewedByMe,
    ...sittingView(booking, { role, confirmed: state.status === "confirmed", startMs, endMs, nowMs }),
    ...hoursFor(booking, role, nowMs),
  };
}

async function toDtos(db: Db, me: string, rows: BookingRow[], nowMs: number): Promise<BookingDto[]> {
  const { kidsByBooking, reviewed } = await bookingExtras(
    db,
    me,
    rows.map((r) => r.booking.id),
  );
  return rows.map((row) =>
    toBookingDto(row, kidsByBooking.get(row.booking.id) ?? [], reviewed.has(row.booking.id), me, nowMs),
  );
}

/** One booking, for its parent or its babysitter only; anyone else gets 404 (it might not exist). */
export async function getBooking(db: Db, me: string, id: string, nowMs: number): Promise<BookingDto> {
  const rows = await selectBookings(db, me)
    .where(and(eq(bookings.id, id), partyOf(me)))
    .limit(1);
  if (rows.length === 0) throw bookingNotFound();
  const [dto] = await toDtos(db, me, rows, nowMs);
  return dto;
}

/** The list's tabs, decided on the server: À venir = start ahead, Passées = end passed. */
function filterCondition(filter: BookingFilter, nowIso: string): SQL | undefined {
  if (filter === "upcoming") return gt(bookings.startTime, nowIso);
  if (filter === "past") return lte(bookings.endTime, nowIso);
  return undefined;
}

/**
 * GET /api/bookings: a parent's bookings as parent, a babysitter's as babysitter. Soonest first
 * under À venir; otherwise the latest start first.
 */
export async function listBookings(
  db: Db,
  caller: { id: string; role: BookingRole },
  { filter, page, page_size }: BookingListQuery,
  nowMs: number,
): Promise<BookingList> {
  const mine = caller.role === "parent" ? eq(bookings.parentId, caller.id) : eq(bookings.babysitterId, caller.id);
  const where = and(mine, filterCondition(filter, iso(nowMs)));
  const order =
    filter === "upcoming" ? [asc(bookings.startTime), asc(bookings.id)] : [desc(bookings.startTime), asc(bookings.id)];
  const [rows, [{ total }]] = await db.batch([
    selectBookings(db, caller.id)
      .where(where)
      .orderBy(...order)
      .limit(page_size)
      .offset((page - 1) * page_size),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return { bookings: await toDtos(db, caller.id, rows, nowMs), page, page_size, total };
}

// ---- Status changes ----

/** A status change's answer: the booking as it now is, and whether this request changed it. */
export type StatusChange = { booking: BookingDto; changed: boolean };

/** What a status decision needs of a booking, for one of its parties (undefined for anyone else). */
async function bookingForDecision(db: Db, me: string, id: string) {
  const [booking] = await db
    .select({
      status: bookings.status,
      cancelledBy: bookings.cancelledBy,
      cancelReason: bookings.cancelReason,
      parentId: bookings.parentId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      totalAmountCents: bookings.totalAmountCents,
    })
    .from(bookings)
    .where(and(eq(bookings.id, id), partyOf(me)))
    .limit(1);
  if (!booking) return undefined;
  return {
    parentId: booking.parentId,
    totalAmountCents: booking.totalAmountCents,
    input: {
      role: (booking.parentId === me ? "parent" : "babysitter") as BookingRole,
      state: stateOf(booking),
      startMs: Date.parse(booking.startTime),
      endMs: Date.parse(booking.endTime),
    },
  };
}

type DecisionBooking = NonNullable<Awaited<ReturnType<typeof bookingForDecision>>>;

/**
 * Reads the booking as it is now and decides `action` on it: 404 for anyone but its two parties,
 * the refusal's error when the action is not possible, the answer when the booking already is where
 * the action leads (a repeat), else the booking and the change to make.
 */
async function decideOnBooking(
  db: Db,
  me: string,
  id: string,
  action: BookingAction,
  nowMs: number,
): Promise<{ answer: StatusChange } | { booking: DecisionBooking; change: Extract<Transition, { kind: "change" }> }> {
  const booking = await bookingForDecision(db, me, id);
  if (!booking) throw bookingNotFound();
  const decision = decideTransition({ ...booking.input, action, nowMs });
  if (!decision.ok) throw refusalError(decision, action);
  if (decision.kind === "repeat") return { answer: await statusAnswer(db, me, id, nowMs, false) };
  return { booking, change: decision };
}

/** A status change's answer: the booking as the caller now reads it, and whether this request changed it. */
async function statusAnswer(db: Db, me: string, id: string, nowMs: number, changed: boolean): Promise<StatusChange> {
  return { booking: await getBooking(db, me, id, nowMs), changed };
}

/**
 * PATCH /api/bookings/{id}/status. Only the booking's two parties may act (anyone else: 404). The
 * UPDATE names the status the decision was made on (and, for a request, that it has not started),
 * so of concurrent changes only one applies: that request alone has `changed` (and sends notices).
 * The others read the booking again: the same action finds it done and answers it as a repeat; a
 * contrary one gets 409 saying what happened.
 */
export async function changeBookingStatus(
  db: Db,
  me: string,
  id: string,
  { action, late_fee_cents: acceptedFee }: BookingActionBody,
  nowMs: number,
  origin: AuditOrigin = NO_ORIGIN,
): Promise<StatusChange> {
  const decided = await decideOnBooking(db, me, id, action, nowMs);
  if ("answer" in decided) return decided.answer;
  const { booking, change: decision } = decided;
  // A late cancellation goes through only with the fee the parent was shown: the server's own figure.
  const lateFee =
    action === "cancel" ? cancellationFeeCents({ ...booking, ...booking.input, status: decision.from }, nowMs) : 0;
  if (lateFee > 0 && acceptedFee !== lateFee) throw lateFeeNotAccepted();
  // Nothing is confirmed with an account that is gone (its deletion cancelled what was still to come;
  // cancelling and completing the past stay possible). A deletion racing this acceptance is settled
  // by the status condition below: whichever writes second finds the other's status.
  if (decision.to.status === "confirmed" && !(await isLiveProfile(db, booking.parentId))) throw accountGone();
  if (action === "accept") await assertVerifiedWhileRequired(db, me);

  // Accepting needs a plan: the trial's quota is checked by this very UPDATE (subscriptions.ts), so
  // two acceptances racing for the trial's last place cannot both pass.
  const quota = action === "accept" ? mayAcceptCondition(me, iso(nowMs)) : undefined;
  // A request is answered before it starts (after that it has expired: booking-expiry.ts), and a
  // sitting is cancelled before it starts.
  const beforeStart = decision.from === "pending" || decision.to.status === "cancelled";
  const notStarted = beforeStart ? gt(bookings.startTime, iso(nowMs)) : undefined;
  let changed: { id: string }[];
  try {
    changed = await db
      .update(bookings)
      .set({
        status: decision.to.status,
        cancelledBy: decision.to.cancelledBy,
        cancelReason: decision.to.cancelReason,
        ...(decision.answers && { respondedAt: iso(nowMs) }),
        ...(lateFee > 0 && { lateCancelFeeCents: lateFee }),
      })
      .where(and(eq(bookings.id, id), eq(bookings.status, decision.from), notStarted, quota))
      .returning({ id: bookings.id });
  } catch (error) {
    if (isDatabaseRefusal(error, BOOKING_OVERLAP)) throw slotTaken();
    throw error;
  }
  if (changed.length > 0) {
    if (lateFee > 0) {
      await auditInsertByProfile(db, me, origin, {
        action: "booking.cancel_late",
        resource: `booking:${id}`,
        metadata: { fee_cents: lateFee },
      });
    }
    return statusAnswer(db, me, id, nowMs, true);
  }
  // The UPDATE found the booking no longer as decided: decide again on what it is now.
  const now = await decideOnBooking(db, me, id, action, nowMs);
  if ("answer" in now) return now.answer;
  // Still pending, so the UPDATE's quota refused it: the trial is used up.
  if (action === "accept" && !(await mayAccept(db, me, nowMs))) throw planRequired();
  throw refusalError({ refusal: "state", state: now.booking.input.state }, action);
}

/** While the security settings require a background check, only a verified sitter accepts (background-check.ts). */
export async function assertVerifiedWhileRequired(db: Db, sitterId: string): Promise<void> {
  const [required, [sitter]] = await Promise.all([
    backgroundCheckRequired(db),
    db.select({ verified: profiles.isVerified }).from(profiles).where(eq(profiles.id, sitterId)),
  ]);
  if (required && !sitter?.verified) throw verificationRequired();
}

// ---- Account deletion ----

/** The bookings a deletion ends: still to come and live (a request or a confirmed sitting). */
const upcomingLive = (nowIso: string) =>
  and(inArray(bookings.status, ["pending", "confirmed"]), gt(bookings.startTime, nowIso));

/**
 * At account deletion (account.ts, in the deletion's own batch): the account's bookings still to come,
 * on either side, become 'cancelled' by the system for 'account_deleted', so nobody waits for a
 * sitting that cannot happen. Not a party's action of the status machine (booking-status.ts): the
 * account is gone. The other party's notice says it too (bookingCancelledByDeletionNotice).
 */
export function cancelUpcomingBookingsOfAccount(db: Db, userId: string, nowIso: string) {
  const own = db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
  return db
    .update(bookings)
    .set({ status: "cancelled", cancelledBy: "system", cancelReason: "account_deleted" })
    .where(and(or(inArray(bookings.parentId, own), inArray(bookings.babysitterId, own)), upcomingLive(nowIso)))
    .returning(bookingPartiesAndTimes);
}
