// Who an urgent request reaches. Sent to an agency: its roster. Otherwise the family's favourites
// first, then the best matches free at that time within the radius: listed babysitters whose weekly
// hours cover the slot, those who take emergencies first, then by rating, then by distance. Never a
// sitter with a sitting or a request at that time, one already reached, or an account that is gone.
import { and, between, desc, eq, notInArray, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { agencyMembers } from "@db/schema/agencies";
import { favourites } from "@db/schema/favourites";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import { URGENT_WAVE_SIZE } from "@db/constants/urgent-requests";
import { withinAvailability } from "@db/validators/booking";
import { liveProfile } from "../account-state";
import { freeAt } from "../bookings/free-sitters";
import { listedSitter } from "../search/listing";
import { boundingBox, haversineKm } from "../search/search-sql";

export type Wave = {
  parentId: string;
  agencyId: string | null;
  startIso: string;
  endIso: string;
  /** The slot in Paris wall-clock time, to hold against the sitters' weekly hours. */
  slot: { date: string; start_time: string; end_time: string };
  origin: { latitude: number; longitude: number } | null;
  radiusKm: number;
  /** Sitters already reached by an earlier wave. */
  exclude: string[];
};

const sitterColumns = {
  id: profiles.id,
  latitude: profiles.latitude,
  longitude: profiles.longitude,
  rating: profiles.rating,
  emergency: babysitterProfiles.emergencyAvailable,
  weekly: babysitterProfiles.availableHours,
};

function baseConditions(wave: Wave): SQL[] {
  const conditions = [eq(profiles.userType, "babysitter"), liveProfile(), freeAt(wave.startIso, wave.endIso)];
  if (wave.exclude.length > 0) conditions.push(notInArray(profiles.id, wave.exclude));
  return conditions;
}

/** The sitters of this wave, in the order they are written to, at most URGENT_WAVE_SIZE. */
export async function pickRecipients(db: Db, wave: Wave): Promise<string[]> {
  if (wave.agencyId) return rosterRecipients(db, wave, wave.agencyId);
  const chosen = await favouriteRecipients(db, wave);
  if (chosen.length >= URGENT_WAVE_SIZE || !wave.origin) return chosen.slice(0, URGENT_WAVE_SIZE);
  const matches = await nearbyRecipients(db, { ...wave, exclude: [...wave.exclude, ...chosen] }, wave.origin);
  return [...chosen, ...matches].slice(0, URGENT_WAVE_SIZE);
}

/** The agency's roster free at that time: those whose weekly hours cover the slot first, then by rating. */
async function rosterRecipients(db: Db, wave: Wave, agencyId: string): Promise<string[]> {
  const rows = await db
    .select(sitterColumns)
    .from(agencyMembers)
    .innerJoin(profiles, eq(profiles.id, agencyMembers.sitterId))
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(and(eq(agencyMembers.agencyId, agencyId), ...baseConditions(wave)))
    .orderBy(desc(profiles.rating));
  const covering = (row: (typeof rows)[number]) => withinAvailability(row.weekly ?? {}, wave.slot);
  return [...rows.filter(covering), ...rows.filter((row) => !covering(row))]
    .slice(0, URGENT_WAVE_SIZE)
    .map((row) => row.id);
}

/** The family's favourites free at that time, best rated first (her choice comes before any match). */
async function favouriteRecipients(db: Db, wave: Wave): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(favourites)
    .innerJoin(profiles, eq(profiles.id, favourites.babysitterProfileId))
    .where(and(eq(favourites.parentProfileId, wave.parentId), ...baseConditions(wave)))
    .orderBy(desc(profiles.rating))
    .limit(URGENT_WAVE_SIZE);
  return rows.map((row) => row.id);
}

/** Listed sitters within the radius whose weekly hours cover the slot, ranked. */
async function nearbyRecipients(db: Db, wave: Wave, origin: { latitude: number; longitude: number }) {
  const box = boundingBox(origin, wave.radiusKm);
  const rows = await db
    .select(sitterColumns)
    .from(profiles)
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(
      and(
        ...baseConditions(wave),
        listedSitter(),
        eq(profiles.profileVisibility, "public"),
        between(profiles.latitude, box.minLat, box.maxLat),
        between(profiles.longitude, box.minLng, box.maxLng),
        wave.parentId ? notInArray(profiles.id, [wave.parentId]) : undefined,
      ),
    )
    .limit(500);
  return rows
    .map((row) => ({ ...row, km: haversineKm(origin, { latitude: row.latitude!, longitude: row.longitude! }) }))
    .filter((row) => row.km <= wave.radiusKm && withinAvailability(row.weekly ?? {}, wave.slot))
    .sort((a, b) => Number(b.emergency) - Number(a.emergency) || b.rating - a.rating || a.km - b.km)
    .slice(0, URGENT_WAVE_SIZE)
    .map((row) => row.id);
}
