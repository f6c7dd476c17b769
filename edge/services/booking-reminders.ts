// The reminder 24 hours before each confirmed sitting, to both parties (issue 10; spec §9 "Reminder:
// 24 h before a booking"), from the Worker's cron. Each booking is claimed by one UPDATE (its
// reminded_at), so a cron run twice, or two runs at once, remind once; a run that comes late still
// reminds any confirmed sitting that has not started yet.
import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings, profiles } from "@db/schema";
import { notifyProfile, type Notice } from "../delivery/notify";
import type { Env } from "../env";

const REMINDER_AHEAD_MS = 24 * 3_600_000;

const parisDate = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "Europe/Paris",
});
const parisTime = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" });

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
    .returning({
      id: bookings.id,
      parentId: bookings.parentId,
      babysitterId: bookings.babysitterId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
    });
  if (due.length === 0) return 0;
  const people = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(due.flatMap((b) => [b.parentId, b.babysitterId]))]));
  const nameOf = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName.slice(0, 1)}.`]));
  const notices: Notice[] = due.flatMap((booking) => {
    const params = {
      date: parisDate.format(new Date(booking.startTime)),
      start: parisTime.format(new Date(booking.startTime)),
      end: parisTime.format(new Date(booking.endTime)),
    };
    return [
      [booking.parentId, booking.babysitterId],
      [booking.babysitterId, booking.parentId],
    ].map(([recipientId, otherId]) => ({
      event: "bookingReminder" as const,
      occurrence: `${booking.id}:${recipientId}`,
      recipientId,
      params: { ...params, otherName: nameOf.get(otherId) ?? "" },
      link: `/bookings/${booking.id}`,
    }));
  });
  for (const notice of notices) await notifyProfile(env, db, notice);
  return due.length;
}
