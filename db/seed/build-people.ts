// Accounts of the demo world: better-auth user + credential account + profile (+ babysitter
// profile). Every account shares one password hash (DEMO_PASSWORD): scrypt is slow, hash once.
import { createRng, type Rng } from "./random";
import { jitter, type SeedCity } from "./cities";
import { CERTIFICATIONS, FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from "./french-content";
import { composeSitterBio } from "./sitter-bio";
import type { Gender } from "./avatars";
import {
  AGE_GROUPS,
  LANGUAGES,
  SPECIALTIES,
  WEEKDAYS,
  type Language,
  type Specialty,
  type UserType,
} from "../schema/enums";
import type { WeeklyAvailability } from "../schema/profiles";
import type { WorldRows } from "./world-rows";
import { DAY_MS, iso } from "./paris-time";

export type Person = {
  userId: string;
  profileId: string;
  userType: UserType;
  firstName: string;
  lastName: string;
  /** What the French texts about this person agree with (bios, reviews). */
  gender: Gender;
  phone: string;
  city: SeedCity;
  createdAtMs: number;
  /** Sitters only. */
  hourlyRateCents?: number;
  experienceYears?: number;
};

export type NewPerson = {
  userType: UserType;
  firstName: string;
  lastName: string;
  gender: Gender;
  email: string;
  city: SeedCity;
  createdAtMs: number;
  bio?: string | null;
  isVerified?: boolean;
};

export function frenchMobile(rng: Rng): string {
  const pair = () => String(rng.int(0, 99)).padStart(2, "0");
  return `0${rng.pick([6, 7])} ${pair()} ${pair()} ${pair()} ${pair()}`;
}

export const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function randomName(rng: Rng, femaleShare: number): { firstName: string; lastName: string; gender: Gender } {
  const gender: Gender = rng.chance(femaleShare) ? "female" : "male";
  const firstName = rng.pick(gender === "female" ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  return { firstName, lastName: rng.pick(LAST_NAMES), gender };
}

/** Adds user, credential account and profile rows; returns the handle the other builders use. */
export function addPerson(rows: WorldRows, rng: Rng, passwordHash: string, input: NewPerson): Person {
  const userId = rng.uuid();
  const profileId = rng.uuid();
  const created = new Date(input.createdAtMs);
  const phone = frenchMobile(rng);
  const point = jitter(input.city, 4, rng.next);
  const street = `${rng.int(1, 180)} ${rng.pick(input.city.streets)}`;
  rows.users.push({
    id: userId,
    name: `${input.firstName} ${input.lastName}`,
    email: input.email,
    emailVerified: true,
    createdAt: created,
    updatedAt: created,
  });
  rows.accounts.push({
    id: rng.uuid(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: passwordHash,
    createdAt: created,
    updatedAt: created,
  });
  rows.profiles.push({
    id: profileId,
    userId,
    userType: input.userType,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone,
    address: input.userType === "admin" ? null : street,
    city: input.city.name,
    postalCode: rng.pick(input.city.postalCodes),
    bio: input.bio ?? null,
    photoUrl: null,
    isVerified: input.isVerified ?? false,
    rating: 0,
    totalReviews: 0,
    latitude: point.latitude,
    longitude: point.longitude,
    createdAt: iso(input.createdAtMs),
    updatedAt: iso(input.createdAtMs),
  });
  return {
    userId,
    profileId,
    userType: input.userType,
    firstName: input.firstName,
    lastName: input.lastName,
    gender: input.gender,
    phone,
    city: input.city,
    createdAtMs: input.createdAtMs,
  };
}

const SLOTS: readonly [string, string][] = [
  ["07:30", "09:00"],
  ["08:00", "12:00"],
  ["12:00", "14:00"],
  ["16:00", "20:00"],
  ["18:00", "23:00"],
  ["19:00", "23:30"],
];

export function randomAvailability(rng: Rng): WeeklyAvailability {
  const availability: WeeklyAvailability = {};
  for (const day of WEEKDAYS) {
    const weekend = day === "sat" || day === "sun";
    if (!rng.chance(weekend ? 0.55 : 0.7)) continue;
    const slots = weekend
      ? ([
          ["09:00", "13:00"],
          ["14:00", "19:00"],
          ["19:00", "23:30"],
        ] as [string, string][])
      : SLOTS;
    availability[day] = rng.pickSome(slots, 1, 2).sort((a, b) => a[0].localeCompare(b[0]));
  }
  if (Object.keys(availability).length === 0) availability.wed = [["12:00", "19:00"]];
  return availability;
}

/** Sitter details: rates 12-25 EUR in 50-cent steps, languages, specialties, certifications. */
export function addBabysitterDetails(
  rows: WorldRows,
  rng: Rng,
  person: Person,
  nowMs: number,
  overrides: { hourlyRateCents?: number; experienceYears?: number } = {},
): void {
  const experienceYears =
    overrides.experienceYears ??
    rng.weighted([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 3],
      [5, 2],
      [8, 1],
      [12, 1],
    ] as const) + rng.int(0, 1);
  const hourlyRateCents =
    overrides.hourlyRateCents ?? Math.min(2500, 1200 + rng.int(0, 16) * 50 + Math.min(experienceYears, 10) * 50);
  person.hourlyRateCents = hourlyRateCents;
  person.experienceYears = experienceYears;
  const others = LANGUAGES.filter((l) => l !== "fr");
  const languages = ["fr", ...rng.pickSome(others, 0, 2).sort((a, b) => others.indexOf(a) - others.indexOf(b))];
  // The bio is written from the finished profile, with a generator of its own seeded by the three
  // draws the bio has always taken here: every later draw, hence the rest of the world, is unchanged.
  const bioRng = createRng(
    Math.floor(rng.next() * 2 ** 32) ^ Math.floor(rng.next() * 2 ** 32) ^ Math.floor(rng.next() * 2 ** 32),
  );
  const drawnSpecialties = rng.pickSome(SPECIALTIES, 2, 5);
  rows.babysitterProfiles.push({
    profileId: person.profileId,
    hourlyRateCents,
    experienceYears,
    languages,
    // 'Langues étrangères' only from a sitter who speaks one.
    specialties: languages.length > 1 ? drawnSpecialties : drawnSpecialties.filter((s) => s !== "foreign_languages"),
    certifications: rng.chance(0.8) ? rng.pickSome(CERTIFICATIONS, 1, 3) : [],
    ageGroups: AGE_GROUPS.filter(() => rng.chance(0.6)),
    availableHours: randomAvailability(rng),
    emergencyAvailable: rng.chance(0.3),
    hasReferences: rng.chance(0.6),
    subscriptionPlan: "discovery",
    subscriptionExpires: null,
    updatedAt: iso(nowMs - rng.int(0, 60) * DAY_MS),
  });
  const added = rows.babysitterProfiles[rows.babysitterProfiles.length - 1];
  added.rateChosenAt = added.updatedAt;
  if (added.ageGroups?.length === 0) added.ageGroups = ["3-5", "6-12"];
  writeSitterBio(rows, person, bioRng);
}

/** Writes the sitter's bio from her babysitter profile as it stands (call again after changing it). */
export function writeSitterBio(rows: WorldRows, person: Person, rng: Rng): void {
  const details = rows.babysitterProfiles.find((d) => d.profileId === person.profileId)!;
  const profile = rows.profiles.find((p) => p.id === person.profileId)!;
  profile.bio = composeSitterBio(rng, {
    gender: person.gender,
    experienceYears: details.experienceYears ?? 0,
    languages: (details.languages ?? ["fr"]) as Language[],
    specialties: (details.specialties ?? []) as Specialty[],
    certifications: details.certifications ?? [],
    hasReferences: details.hasReferences ?? false,
    emergencyAvailable: details.emergencyAvailable ?? false,
    availableHours: details.availableHours ?? {},
  });
}
