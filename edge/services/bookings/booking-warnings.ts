// What a parent should know before sending a request (issue 19): warnings, not refusals. The slot
// may fall outside the babysitter's weekly availability (indicative, Paris wall-clock slots), or a
// child may already be in another live booking at that time (with any babysitter). The request is
// checked exactly as the creation checks it, so a preview that passes is a request that may be sent.
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookingChildren, bookings } from "@db/schema/bookings";
import { babysitterProfiles, children } from "@db/schema/profiles";
import {
  bookingTotalCents,
  withinAvailability,
  type BookingCreateBody,
  type BookingPreview,
  type BookingWarning,
} from "@db/validators/booking";
import { checkRequest } from "./bookings";

/** The names of these children already in a pending or confirmed booking overlapping [start, end). */
async function busyChildren(db: Db, childIds: string[], startIso: string, endIso: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: children.name })
    .from(bookingChildren)
    .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
    .innerJoin(children, eq(children.id, bookingChildren.childId))
    .where(
      and(
        inArray(bookingChildren.childId, childIds),
        inArray(bookings.status, ["pending", "confirmed"]),
        lt(bookings.startTime, endIso),
        gt(bookings.endTime, startIso),
      ),
    )
    .orderBy(children.name);
  return rows.map((row) => row.name);
}

/** POST /api/bookings/preview: the request's times and price as they would be stored, and its warnings. */
export async function previewBooking(
  db: Db,
  parentId: string,
  body: BookingCreateBody,
  nowMs: number,
): Promise<BookingPreview> {
  const { sitter, startMs, endMs } = await checkRequest(db, parentId, body, nowMs);
  const startIso = new Date(startMs).toISOString();
  const endIso = new Date(endMs).toISOString();
  const [[profile], busy] = await Promise.all([
    db
      .select({ hours: babysitterProfiles.availableHours })
      .from(babysitterProfiles)
      .where(eq(babysitterProfiles.profileId, sitter.id))
      .limit(1),
    busyChildren(db, body.children_ids, startIso, endIso),
  ]);
  const warnings: BookingWarning[] = [];
  if (profile && !withinAvailability(profile.hours ?? {}, body)) warnings.push({ kind: "sitter_unavailable" });
  if (busy.length > 0) warnings.push({ kind: "children_busy", children: busy });
  return {
    start_time: startIso,
    end_time: endIso,
    total_amount_cents: bookingTotalCents(sitter.hourly_rate_cents, startMs, endMs),
    warnings,
  };
}
