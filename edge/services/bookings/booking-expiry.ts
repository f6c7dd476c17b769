// Requests nobody answered before their start expire (issue 19): from the Worker's cron, every
// booking still 'pending' whose start has passed becomes 'cancelled' by the system for 'expired',
// and both parties are told. One UPDATE claims them, naming the status it leaves: of two runs at
// once, each booking is returned to one only, so each party hears of it once. Between two runs the
// reads already show such a request as expired (booking-status.ts, effectiveState).
import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings, profiles } from "@db/schema";
import { bookingExpiredNotice } from "../notifications/notices";
import { notifyProfile } from "../notifications/notify";
import type { Env } from "../../env";
import { EXPIRED } from "./booking-status";
import { bookingPartiesAndTimes } from "./bookings";

/** Expires the requests whose start has passed; tells both parties. Returns how many expired. */
export async function expirePendingRequests(env: Env, db: Db, nowMs = Date.now()): Promise<number> {
  const now = new Date(nowMs).toISOString();
  const expired = await db
    .update(bookings)
    .set({ status: EXPIRED.status, cancelledBy: EXPIRED.cancelledBy, cancelReason: EXPIRED.cancelReason })
    .where(and(eq(bookings.status, "pending"), lte(bookings.startTime, now)))
    .returning(bookingPartiesAndTimes);
  if (expired.length === 0) return 0;
  const people = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(expired.flatMap((b) => [b.parentId, b.babysitterId]))]));
  const personOf = new Map(people.map((person) => [person.id, person]));
  for (const booking of expired) {
    const parent = personOf.get(booking.parentId);
    const babysitter = personOf.get(booking.babysitterId);
    // notifyProfile skips an account that is gone, and never throws.
    if (babysitter) await notifyProfile(env, db, bookingExpiredNotice(booking, booking.parentId, babysitter));
    if (parent) await notifyProfile(env, db, bookingExpiredNotice(booking, booking.babysitterId, parent));
  }
  return expired.length;
}
