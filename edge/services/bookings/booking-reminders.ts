// The reminder 24 hours before each confirmed sitting, to both parties, from the Worker's cron.
// Each booking is claimed by one UPDATE (its reminded_at), so a cron run twice, or two runs at
// once, remind once; a run that comes late still reminds any confirmed sitting that has not started
// yet.
import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "@db/client";
import { BOOKING_REMINDER_HOURS_BEFORE } from "@db/constants/limits";
import { bookings, profiles } from "@db/schema";
import { HOUR_MS } from "@db/time/paris-time";
import { bookingReminderNotice } from "../notifications/notices";
import { notifyProfile } from "../notifications/notify";
import type { Env } from "../../env";
import { bookingPartiesAndTimes } from "./bookings";

const REMINDER_AHEAD_MS = BOOKING_REMINDER_HOURS_BEFORE * HOUR_MS;

export async function sendBookingReminders(env: Env, db: Db, nowMs = Date.now()): Promise<number> {
  const now = new Date(nowMs).toISOString();
  const due = await db
    .update(bookings)
    .set({ remindedAt: now })
    .where(
      and(
        eq(bookings.status, "confirmed"),
        isNull(bookings.remindedAt),
        gt(bookings.startTime, now),
        lte(bookings.startTime, new Date(nowMs + REMINDER_AHEAD_MS).toISOString()),
      ),
    )
    .returning(bookingPartiesAndTimes);
  if (due.length === 0) return 0;
  const people = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      address: profiles.address,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(due.flatMap((b) => [b.parentId, b.babysitterId]))]));
  const personOf = new Map(people.map((person) => [person.id, person]));
  for (const booking of due) {
    const parent = personOf.get(booking.parentId);
    const babysitter = personOf.get(booking.babysitterId);
    // The family's address goes to the babysitter; the parent knows their own.
    if (parent && babysitter) {
      await notifyProfile(env, db, bookingReminderNotice(booking, booking.parentId, { ...babysitter, address: null }));
      await notifyProfile(env, db, bookingReminderNotice(booking, booking.babysitterId, parent));
    }
  }
  return due.length;
}
