// The sitting itself. The babysitter taps once when she arrives and once when she leaves; with her
// consent her position is compared with the family's and only the distance is stored. The parent
// sees 'Arrivée 18:02' / 'Partie 21:10' (a notice, which also refreshes her open tabs through the
// socket), and is told when the tap was far from home. Each tap is claimed by a conditional update
// (checked_in_at IS NULL): a double tap or twenty at once record one arrival and send one notice;
// the repeats answer the booking as it stands. The cron alerts the parent when nobody has checked in
// NO_SHOW_ALERT_MINUTES after the start (high priority, with the sitter's number to call).
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Db } from "@db/client";
import { CHECK_IN_OPENS_MINUTES, FAR_FROM_HOME_METRES, NO_SHOW_ALERT_MINUTES } from "@db/constants/sitting";
import { bookings } from "@db/schema/bookings";
import { profiles } from "@db/schema/profiles";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import type { CallerProfile } from "../../lib/caller-profile";
import { recordAudit, NO_ORIGIN, SYSTEM_ACTOR } from "../audit/audit";
import { notifyProfile } from "../notifications/notify";
import { haversineKm } from "../search/search-sql";
import { bookingOfParty } from "./bookings";

export type Position = { latitude: number; longitude: number };
type Tap = "check-in" | "check-out";

const notConfirmed = () => new ApiError(409, "BOOKING_NOT_CONFIRMED", "booking.sitting.notConfirmed");
const outsideWindow = () => new ApiError(409, "OUTSIDE_SITTING", "booking.sitting.outsideWindow");
const notCheckedIn = () => new ApiError(409, "NOT_CHECKED_IN", "booking.sitting.notCheckedIn");

/** Metres from the family's position, or null (no position shared, or the family's unknown). */
async function distanceFromHome(db: Db, parentId: string, position: Position | undefined): Promise<number | null> {
  if (!position) return null;
  const [home] = await db
    .select({ latitude: profiles.latitude, longitude: profiles.longitude })
    .from(profiles)
    .where(eq(profiles.id, parentId));
  if (home?.latitude == null || home.longitude == null) return null;
  return Math.round(haversineKm(position, { latitude: home.latitude, longitude: home.longitude }) * 1000);
}

/** The sitter's own confirmed booking (another person's id is a 404; its parent may not tap: 403). */
async function sittersBooking(db: Db, sitter: CallerProfile, bookingId: string) {
  const booking = await bookingOfParty(db, sitter, bookingId, "babysitter");
  if (booking.status !== "confirmed") throw notConfirmed();
  return booking;
}

export async function recordTap(
  env: Env,
  db: Db,
  sitter: CallerProfile,
  bookingId: string,
  tap: Tap,
  position: Position | undefined,
  nowMs = Date.now(),
): Promise<void> {
  const booking = await sittersBooking(db, sitter, bookingId);
  const startMs = Date.parse(booking.startTime);
  const endMs = Date.parse(booking.endTime);
  const nowIso = new Date(nowMs).toISOString();
  const distance = await distanceFromHome(db, booking.parentId, position);
  let claimed: { id: string }[];
  if (tap === "check-in") {
    if (nowMs < startMs - CHECK_IN_OPENS_MINUTES * 60_000 || nowMs > endMs) throw outsideWindow();
    claimed = await db
      .update(bookings)
      .set({ checkedInAt: nowIso, checkInDistanceM: distance })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.checkedInAt)))
      .returning({ id: bookings.id });
  } else {
    if (!booking.checkedInAt) throw notCheckedIn();
    claimed = await db
      .update(bookings)
      .set({ checkedOutAt: nowIso, checkOutDistanceM: distance })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.checkedOutAt)))
      .returning({ id: bookings.id });
  }
  if (claimed.length === 0) return;
  const far = distance !== null && distance > FAR_FROM_HOME_METRES;
  await notifyProfile(env, db, {
    event: tap === "check-in" ? "sitterArrived" : "sitterLeft",
    occurrence: bookingId,
    recipientId: booking.parentId,
    params: { time: { time: nowIso }, far: far ? { text: "events.sitting.farFromHome" } : "" },
    link: `/bookings/${bookingId}`,
    priority: far ? "high" : "normal",
  });
  if (far)
    await recordAudit(db, SYSTEM_ACTOR, NO_ORIGIN, {
      action: "booking.check_in_far",
      resource: `booking:${bookingId}`,
      status: "warning",
      metadata: { tap, distanceM: distance },
    });
}

/** Confirmed sittings started NO_SHOW_ALERT_MINUTES ago, not over, with no arrival: the parent is alerted once. */
export async function alertMissingArrivals(env: Env, db: Db, nowMs = Date.now()): Promise<number> {
  const nowIso = new Date(nowMs).toISOString();
  const claimed = await db
    .update(bookings)
    .set({ noShowAlertedAt: nowIso })
    .where(
      and(
        eq(bookings.status, "confirmed"),
        isNull(bookings.checkedInAt),
        isNull(bookings.noShowAlertedAt),
        lte(bookings.startTime, new Date(nowMs - NO_SHOW_ALERT_MINUTES * 60_000).toISOString()),
        gt(bookings.endTime, nowIso),
      ),
    )
    .returning();
  for (const booking of claimed) {
    const [sitter] = await db
      .select({ firstName: profiles.firstName, phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.id, booking.babysitterId));
    await notifyProfile(env, db, {
      event: "sitterNotArrived",
      occurrence: booking.id,
      recipientId: booking.parentId,
      params: { sitter: sitter?.firstName ?? "", phone: sitter?.phone ?? "", time: { time: booking.startTime } },
      link: `/bookings/${booking.id}`,
      priority: "high",
    });
  }
  return claimed.length;
}
