// The 'Profil baby-sitter' tab: the babysitter's own rate, experience, lists and weekly
// availability. Search reads the same table, so a saved change shows there at once.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { NEW_SITTER_HOURLY_RATE_CENTS } from "@db/constants/limits";
import { WEEKDAYS } from "@db/schema/enums";
import { babysitterProfiles, type WeeklyAvailability } from "@db/schema/profiles";
import type { BabysitterProfileBody, BabysitterProfileDto } from "@db/validators/profile";

type BabysitterRow = typeof babysitterProfiles.$inferSelect;

/** Weekdays in order (Monday first), each day's ranges sorted by start, days without a range left out. */
export function normalizeAvailability(availability: WeeklyAvailability): WeeklyAvailability {
  const normalized: WeeklyAvailability = {};
  for (const day of WEEKDAYS) {
    const ranges = availability[day];
    if (ranges?.length) normalized[day] = [...ranges].sort((a, b) => a[0].localeCompare(b[0]));
  }
  return normalized;
}

/** A list without repeats, in the order first given. */
const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** The API's view of a babysitter's details: her own tab and her public page. */
export function toBabysitterProfileDto(row: BabysitterRow): BabysitterProfileDto {
  return {
    hourly_rate_cents: row.hourlyRateCents,
    experience_years: row.experienceYears,
    languages: row.languages as BabysitterProfileDto["languages"],
    specialties: row.specialties as BabysitterProfileDto["specialties"],
    certifications: row.certifications,
    age_groups: row.ageGroups,
    available_hours: normalizeAvailability(row.availableHours),
    emergency_available: row.emergencyAvailable,
    has_references: row.hasReferences,
  };
}

/** What a babysitter starts with (createProfileForUser writes the same row at sign-up). */
const NEW_SITTER_PROFILE: BabysitterProfileDto = {
  hourly_rate_cents: NEW_SITTER_HOURLY_RATE_CENTS,
  experience_years: 0,
  languages: [],
  specialties: [],
  certifications: [],
  age_groups: [],
  available_hours: {},
  emergency_available: false,
  has_references: false,
};

export async function getBabysitterProfile(db: Db, profileId: string): Promise<BabysitterProfileDto> {
  const [row] = await db.select().from(babysitterProfiles).where(eq(babysitterProfiles.profileId, profileId)).limit(1);
  return row ? toBabysitterProfileDto(row) : NEW_SITTER_PROFILE;
}

/** Replaces the editable fields (one UPSERT: the row is written whole or not at all). */
export async function saveBabysitterProfile(
  db: Db,
  profileId: string,
  body: BabysitterProfileBody,
): Promise<BabysitterProfileDto> {
  const values = {
    hourlyRateCents: body.hourly_rate_cents,
    experienceYears: body.experience_years,
    languages: distinct(body.languages),
    specialties: distinct(body.specialties),
    certifications: distinct(body.certifications.map((c) => c.trim())),
    ageGroups: distinct(body.age_groups),
    availableHours: normalizeAvailability(body.available_hours),
    emergencyAvailable: body.emergency_available,
    hasReferences: body.has_references,
  };
  const now = new Date().toISOString();
  // Saving this tab, whose form shows her rate, is her choosing it (listing.ts): the first time counts.
  const [row] = await db
    .insert(babysitterProfiles)
    .values({ profileId, ...values, rateChosenAt: now })
    .onConflictDoUpdate({
      target: babysitterProfiles.profileId,
      set: { ...values, updatedAt: now, rateChosenAt: sql`coalesce(${babysitterProfiles.rateChosenAt}, ${now})` },
    })
    .returning();
  return toBabysitterProfileDto(row);
}
