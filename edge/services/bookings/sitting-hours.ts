// The real hours of a sitting: the babysitter declares them once, the parent confirms or disputes
// them within HOURS_ANSWER_HOURS, the cron confirms them when she does not answer, and a dispute goes
// to the team's moderation queue (the rules: sitting-hours-rules.ts). Each step is one conditional
// update (the status it starts from), written with its audit entry (and a dispute with its queue
// item) in one batch: of twenty clicks at the same instant, one changes the booking and notifies,
// a repeat of the same answer is answered with the booking as it is, a contradicting one gets 409.
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { HOURS_ANSWER_HOURS } from "@db/constants/sitting";
import { bookings } from "@db/schema/bookings";
import { formatDuration, HOUR_MS } from "@db/time/paris-time";
import type { HoursDeclarationBody } from "@db/validators/booking";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import type { CallerProfile } from "../../lib/caller-profile";
import {
  auditInsertWhenChanged,
  NO_ORIGIN,
  profileActor,
  recordAudit,
  SYSTEM_ACTOR,
  type AuditOrigin,
} from "../audit/audit";
import { notifyProfile } from "../notifications/notify";
import { bookingOfParty } from "./bookings";
import { hoursView, hoursWithinRules, mayDeclareHours } from "./sitting-hours-rules";

type BookingRow = typeof bookings.$inferSelect;

const notYet = () => new ApiError(409, "HOURS_NOT_YET", "booking.sitting.hoursNotYet");
const alreadyDeclared = () => new ApiError(409, "HOURS_ALREADY_DECLARED", "booking.sitting.hoursAlreadyDeclared");
const outOfRange = () => new ApiError(400, "HOURS_OUT_OF_RANGE", "booking.sitting.hoursOutOfRange");
const notProposed = () => new ApiError(409, "HOURS_NOT_PROPOSED", "booking.sitting.hoursNotProposed");
const answered = () => new ApiError(409, "HOURS_ANSWERED", "booking.sitting.hoursAnswered");
const answerClosed = () => new ApiError(409, "HOURS_ANSWER_CLOSED", "booking.sitting.hoursAnswerClosed");

/** The texts' values for a booking's hours: the day, the declared range and its length. */
function hoursParams(booking: BookingRow, nowMs: number) {
  const view = hoursView(booking, nowMs);
  return {
    date: { date: booking.startTime },
    hours: { hours: [booking.hoursStart!, booking.hoursEnd!] as [string, string] },
    duration: formatDuration(view?.minutes ?? 0),
  };
}

const notice = (booking: BookingRow) => ({ occurrence: booking.id, link: `/bookings/${booking.id}` });

/** The babysitter declares the sitting's real start and end, once, after it is over. */
export async function declareHours(
  env: Env,
  db: Db,
  sitter: CallerProfile,
  bookingId: string,
  body: HoursDeclarationBody,
  origin: AuditOrigin,
  nowMs = Date.now(),
): Promise<void> {
  const booking = await bookingOfParty(db, sitter, bookingId, "babysitter");
  if (booking.hoursStatus !== null) throw alreadyDeclared();
  if (!mayDeclareHours(booking, nowMs)) throw notYet();
  const startMs = Date.parse(body.start);
  const endMs = Date.parse(body.end);
  if (!hoursWithinRules(booking, startMs, endMs, nowMs)) throw outOfRange();
  const nowIso = new Date(nowMs).toISOString();
  const [claimed] = await db.batch([
    db
      .update(bookings)
      .set({
        hoursStart: new Date(startMs).toISOString(),
        hoursEnd: new Date(endMs).toISOString(),
        hoursStatus: "proposed",
        hoursProposedAt: nowIso,
      })
      .where(and(eq(bookings.id, bookingId), sql`${bookings.hoursStatus} IS NULL`)),
    auditInsertWhenChanged(db, profileActor(sitter), origin, {
      action: "booking.hours_declare",
      resource: `booking:${bookingId}`,
      metadata: { start: body.start, end: body.end },
    }),
  ]);
  if (claimed.rowsAffected === 0) throw alreadyDeclared();
  const [declared] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  await notifyProfile(env, db, {
    event: "hoursProposed",
    ...notice(declared),
    recipientId: declared.parentId,
    params: { ...hoursParams(declared, nowMs), sitter: sitter.firstName },
    priority: "high",
  });
}

/**
 * Why the parent's answer changed nothing: the same answer again is a repeat (null: answer with the
 * booking as it is); anything else says why.
 */
function answerRefusal(booking: BookingRow, wanted: "confirmed" | "disputed", nowMs: number): ApiError | null {
  const view = hoursView(booking, nowMs);
  if (!view) return notProposed();
  if (view.status === wanted && booking.hoursAnsweredAt !== null && booking.hoursStatus === wanted) return null;
  if (view.status === "auto_confirmed") return answerClosed();
  return answered();
}

/** The parent's answer, claimed from 'proposed' within its deadline, with its audit entry (and more). */
async function answerHours(
  db: Db,
  parent: CallerProfile,
  booking: BookingRow,
  wanted: "confirmed" | "disputed",
  origin: AuditOrigin,
  nowMs: number,
  alsoWhenChanged: ReturnType<typeof auditInsertWhenChanged>[] = [],
): Promise<boolean> {
  const nowIso = new Date(nowMs).toISOString();
  const openSince = new Date(nowMs - HOURS_ANSWER_HOURS * HOUR_MS).toISOString();
  const [claimed] = await db.batch([
    db
      .update(bookings)
      .set({ hoursStatus: wanted, hoursAnsweredAt: nowIso })
      .where(
        and(eq(bookings.id, booking.id), eq(bookings.hoursStatus, "proposed"), gt(bookings.hoursProposedAt, openSince)),
      ),
    ...alsoWhenChanged,
    auditInsertWhenChanged(db, profileActor(parent), origin, {
      action: wanted === "confirmed" ? "booking.hours_confirm" : "booking.hours_dispute",
      resource: `booking:${booking.id}`,
    }),
  ]);
  if (claimed.rowsAffected > 0) return true;
  const [now] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
  const refusal = answerRefusal(now, wanted, nowMs);
  if (refusal) throw refusal;
  return false;
}

/** The parent confirms the declared hours (a repeat answers as it is, and tells nobody again). */
export async function confirmHours(
  env: Env,
  db: Db,
  parent: CallerProfile,
  bookingId: string,
  origin: AuditOrigin,
  nowMs = Date.now(),
): Promise<void> {
  const booking = await bookingOfParty(db, parent, bookingId, "parent");
  if (!booking.hoursStatus) throw notProposed();
  if (!(await answerHours(db, parent, booking, "confirmed", origin, nowMs))) return;
  await notifyProfile(env, db, {
    event: "hoursConfirmed",
    ...notice(booking),
    recipientId: booking.babysitterId,
    params: hoursParams(booking, nowMs),
  });
}

/** How the team reads the dispute in its queue: the declared and the booked hours, in Paris time. */
function disputedContent(booking: BookingRow): string {
  const format = new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const span = (start: string, end: string) => {
    const minutes = Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
    return `${format.format(new Date(start))} → ${format.format(new Date(end))} (${formatDuration(minutes)})`;
  };
  return `Déclarées : ${span(booking.hoursStart!, booking.hoursEnd!)}\nRéservées : ${span(booking.startTime, booking.endTime)}`;
}

/**
 * The parent disputes the declared hours, saying why: the hours wait for the team in the
 * moderation queue (an item of type 'hours', authored by the sitter, raised by the parent).
 */
export async function disputeHours(
  env: Env,
  db: Db,
  parent: CallerProfile,
  bookingId: string,
  reason: string,
  origin: AuditOrigin,
  nowMs = Date.now(),
): Promise<void> {
  const booking = await bookingOfParty(db, parent, bookingId, "parent");
  if (!booking.hoursStatus || !booking.hoursStart || !booking.hoursEnd) throw notProposed();
  const queueItem = db.run(sql`
    INSERT INTO flagged_content
      (id, type, profile_id, resource_id, content, reason, reason_code, details, reported_by, source, severity)
    SELECT ${crypto.randomUUID()}, 'hours', ${booking.babysitterId}, ${booking.id}, ${disputedContent(booking)},
      'other', 'other', ${reason}, ${parent.id}, 'report', 'medium'
    WHERE changes() = 1`);
  if (!(await answerHours(db, parent, booking, "disputed", origin, nowMs, [queueItem]))) return;
  await notifyProfile(env, db, {
    event: "hoursDisputed",
    ...notice(booking),
    recipientId: booking.babysitterId,
    params: { date: { date: booking.startTime } },
    priority: "high",
  });
}

/** The cron: hours declared HOURS_ANSWER_HOURS ago with no answer are confirmed, and both told. */
export async function confirmUnansweredHours(env: Env, db: Db, nowMs = Date.now()): Promise<number> {
  const nowIso = new Date(nowMs).toISOString();
  const closedBefore = new Date(nowMs - HOURS_ANSWER_HOURS * HOUR_MS).toISOString();
  const claimed = await db
    .update(bookings)
    .set({ hoursStatus: "auto_confirmed", hoursAnsweredAt: nowIso })
    .where(and(eq(bookings.hoursStatus, "proposed"), lte(bookings.hoursProposedAt, closedBefore)))
    .returning();
  for (const booking of claimed) {
    // Claimed above (RETURNING): written as such, not guarded by changes(), which another
    // statement on the connection may have reset.
    await recordAudit(db, SYSTEM_ACTOR, NO_ORIGIN, {
      action: "booking.hours_auto_confirm",
      resource: `booking:${booking.id}`,
    });
    for (const recipientId of [booking.parentId, booking.babysitterId]) {
      await notifyProfile(env, db, {
        event: "hoursConfirmed",
        ...notice(booking),
        recipientId,
        params: hoursParams(booking, nowMs),
      });
    }
  }
  return claimed.length;
}

/**
 * The team's decision on a dispute (services/moderation/effects.ts): kept, the declared hours are
 * confirmed; refused, the booked hours stand. The sitter is told when her hours are kept (a refusal
 * reaches her as a moderation decision, with its statement of reasons).
 */
export async function settleDisputedHours(env: Env, db: Db, bookingId: string, kept: boolean): Promise<void> {
  const [booking] = await db
    .update(bookings)
    .set({ hoursStatus: kept ? "confirmed" : "adjusted" })
    .where(and(eq(bookings.id, bookingId), sql`${bookings.hoursStatus} IS NOT NULL`))
    .returning();
  if (!booking || !kept) return;
  await notifyProfile(env, db, {
    event: "hoursConfirmed",
    occurrence: `${booking.id}:kept`,
    link: `/bookings/${booking.id}`,
    recipientId: booking.babysitterId,
    params: hoursParams(booking, Date.now()),
  });
}
