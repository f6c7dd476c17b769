// Whether a babysitter is free for a slot: nothing of hers overlaps it, neither a confirmed sitting
// nor a request waiting for her answer (the bookings' overlap trigger, migration 0006, refuses both).
// Urgent requests pick their recipients with it; an agency proposes only a free sitter.
import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings } from "@db/schema/bookings";
import { profiles } from "@db/schema/profiles";

/** SQL on a query over `profiles`: the profile's babysitter has nothing between the two instants. */
export const freeAt = (startIso: string, endIso: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.babysitterId} = ${profiles.id}
    AND ${bookings.status} IN ('pending', 'confirmed') AND ${bookings.startTime} < ${endIso} AND ${bookings.endTime} > ${startIso})`;

/** Which of these sitters are free between the two instants. */
export async function freeSitters(db: Db, ids: string[], startIso: string, endIso: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(inArray(profiles.id, ids), freeAt(startIso, endIso)));
  return new Set(rows.map((row) => row.id));
}
