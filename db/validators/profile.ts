// Profile and babysitter-profile payloads. Row schemas are derived from the Drizzle
// tables (drizzle-zod) and refined with the fields' rules; the API/form bodies are snake_case and
// reuse those refined column schemas. Messages are i18n keys.
import { z } from "zod";
import { createInsertSchema, createSelectSchema, createUpdateSchema } from "drizzle-zod";
import { babysitterProfiles, profiles } from "../schema/profiles";
import { AGE_GROUPS, LANGUAGES, SPECIALTIES, USER_TYPES, WEEKDAYS } from "../schema/enums";
import {
  ADDRESS_MAX_LENGTH,
  AVAILABILITY_MAX_RANGES_PER_DAY,
  BIO_MAX_LENGTH,
  CERTIFICATION_MAX_LENGTH,
  CERTIFICATIONS_MAX_COUNT,
  HOURLY_RATE_MAX_CENTS,
  HOURLY_RATE_MIN_CENTS,
  PROFILE_RATING_MAX,
  PROFILE_RATING_MIN,
} from "../constants/limits";
import { cityField, nameField, phoneField, postalCodeField } from "./fields";

const EXPERIENCE_MAX_YEARS = 60;

// Messages that quote their own limit ({{bioMaxLength}}...), so the form shows the number too.
const bioField = z.string().trim().max(BIO_MAX_LENGTH, "profiles.validation.bioTooLong");
const addressField = z.string().trim().max(ADDRESS_MAX_LENGTH, "profiles.validation.addressTooLong");
/** Optional in the form: an empty input means "no postal code". */
const optionalPostalCode = z.union([z.literal(""), postalCodeField]);

export const profileSelectSchema = createSelectSchema(profiles);
export const profileInsertSchema = createInsertSchema(profiles, {
  userType: z.enum(USER_TYPES, { error: "validation.userTypeInvalid" }),
  firstName: nameField,
  lastName: nameField,
  phone: phoneField.nullish(),
  city: cityField.nullish(),
  address: addressField.nullish(),
  postalCode: optionalPostalCode.nullish(),
  bio: bioField.nullish(),
  rating: (s) => s.min(PROFILE_RATING_MIN).max(PROFILE_RATING_MAX),
  totalReviews: (s) => s.int().min(0),
});
export const profileUpdateSchema = createUpdateSchema(profiles, {
  bio: bioField.nullish(),
  postalCode: optionalPostalCode.nullish(),
});

/** PATCH /api/profile body: the 'Profil' tab. Email is read-only, so it is refused here. */
export const profileUpdateBodySchema = z.strictObject({
  first_name: nameField,
  last_name: nameField,
  phone: phoneField,
  city: cityField,
  address: addressField.optional(),
  postal_code: optionalPostalCode.optional(),
  bio: bioField.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

const timeOfDay = z
  .string({ error: "validation.formatInvalid" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.formatInvalid");
/** ["08:00", "12:00"]: local Europe/Paris times ("HH:MM" compares as text). */
const timeRangeSchema = z
  .tuple([timeOfDay, timeOfDay], { error: "validation.formatInvalid" })
  .refine(([start, end]) => end > start, "profiles.validation.endBeforeStart");

/** A day's ranges may touch (12:00-14:00 then 14:00-18:00) but never overlap. */
const dayRangesSchema = z
  .array(timeRangeSchema, { error: "validation.formatInvalid" })
  .max(AVAILABILITY_MAX_RANGES_PER_DAY, "profiles.validation.tooManyRanges")
  .superRefine((ranges, ctx) => {
    const overlapping = firstOverlap(ranges);
    if (overlapping !== null)
      ctx.addIssue({ code: "custom", message: "profiles.validation.rangesOverlap", path: [overlapping] });
  });

/** The index of the first range that overlaps another of the same day, or null. */
export function firstOverlap(ranges: readonly (readonly [string, string])[]): number | null {
  const byStart = ranges.map((range, index) => ({ range, index })).sort((a, b) => a.range[0].localeCompare(b.range[0]));
  for (let i = 1; i < byStart.length; i++) {
    if (byStart[i].range[0] < byStart[i - 1].range[1]) return Math.max(byStart[i].index, byStart[i - 1].index);
  }
  return null;
}

/** {"mon": [["08:00","12:00"]], ...}: weekdays Monday first, unknown days refused. */
export const weeklyAvailabilitySchema = z.partialRecord(
  z.enum(WEEKDAYS, { error: "validation.formatInvalid" }),
  dayRangesSchema,
);

const hourlyRateCentsField = z
  .number({ error: "validation.hourlyRateInvalid" })
  .int("validation.hourlyRateInvalid")
  .min(HOURLY_RATE_MIN_CENTS, "validation.hourlyRateInvalid")
  .max(HOURLY_RATE_MAX_CENTS, "validation.hourlyRateInvalid");
const experienceYearsField = z
  .number({ error: "validation.experienceInvalid" })
  .int("validation.experienceInvalid")
  .min(0, "validation.experienceInvalid")
  .max(EXPERIENCE_MAX_YEARS, "validation.experienceInvalid");
const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values, { error: "validation.formatInvalid" })).max(values.length);
const certificationsField = z
  .array(
    z
      .string()
      .trim()
      .min(1, "validation.required")
      .max(CERTIFICATION_MAX_LENGTH, "profiles.validation.certificationTooLong"),
  )
  .max(CERTIFICATIONS_MAX_COUNT);

export const babysitterProfileSelectSchema = createSelectSchema(babysitterProfiles);
export const babysitterProfileInsertSchema = createInsertSchema(babysitterProfiles, {
  hourlyRateCents: hourlyRateCentsField,
  experienceYears: experienceYearsField,
  languages: enumList(LANGUAGES),
  specialties: enumList(SPECIALTIES),
  ageGroups: enumList(AGE_GROUPS),
  certifications: certificationsField,
  availableHours: weeklyAvailabilitySchema,
});

/**
 * PUT /api/profile/babysitter body (the 'Profil baby-sitter' tab): the whole editable part of a
 * babysitter's profile, unknown fields refused. The plan and its dates are never written here.
 */
export const babysitterProfileBodySchema = z.strictObject({
  hourly_rate_cents: hourlyRateCentsField,
  experience_years: experienceYearsField,
  languages: enumList(LANGUAGES),
  specialties: enumList(SPECIALTIES),
  certifications: certificationsField,
  age_groups: enumList(AGE_GROUPS),
  available_hours: weeklyAvailabilitySchema,
  emergency_available: z.boolean({ error: "validation.formatInvalid" }),
  has_references: z.boolean({ error: "validation.formatInvalid" }),
});
export type BabysitterProfileBody = z.infer<typeof babysitterProfileBodySchema>;

/** The same fields, each optional (a partial update). */
export const babysitterProfileUpdateBodySchema = babysitterProfileBodySchema.partial();
export type BabysitterProfileUpdateBody = z.infer<typeof babysitterProfileUpdateBodySchema>;

/** "18", "18,5" or "18.50" euros -> 1850 cents; anything else stays as is and fails the rate's rule. */
export function eurosTextToCents(value: unknown): unknown {
  if (typeof value === "number") return Math.round(value * 100);
  if (typeof value !== "string" || !/^\s*\d{1,6}([.,]\d{1,2})?\s*$/.test(value)) return value;
  return Math.round(Number(value.trim().replace(",", ".")) * 100);
}

/** The tab's form: the rate typed in euros (French decimal comma allowed), sent in cents. */
export const babysitterProfileFormSchema = babysitterProfileBodySchema
  .omit({ hourly_rate_cents: true })
  .extend({ hourly_rate: z.preprocess(eurosTextToCents, hourlyRateCentsField) })
  .transform(({ hourly_rate, ...rest }): BabysitterProfileBody => ({ ...rest, hourly_rate_cents: hourly_rate }));
export type BabysitterProfileFormInput = z.input<typeof babysitterProfileFormSchema>;

const profileRow = profileSelectSchema.shape;

/**
 * The API's view of a profile (GET /api/me, sign-in): snake_case names, each field's
 * schema taken from its column, so the document and the client types follow the table.
 */
export const profileDtoSchema = z
  .object({
    id: profileRow.id,
    user_id: profileRow.userId,
    user_type: profileRow.userType,
    first_name: profileRow.firstName,
    last_name: profileRow.lastName,
    email: profileRow.email,
    phone: profileRow.phone,
    address: profileRow.address,
    city: profileRow.city,
    postal_code: profileRow.postalCode,
    bio: profileRow.bio,
    photo_url: profileRow.photoUrl,
    is_verified: profileRow.isVerified,
    rating: profileRow.rating,
    total_reviews: profileRow.totalReviews,
  })
  .meta({ id: "Profile" });
export type ProfileDto = z.infer<typeof profileDtoSchema>;

/** GET/PUT /api/profile/babysitter answer: the editable fields, as the tab's form reads them. */
export const babysitterProfileDtoSchema = babysitterProfileBodySchema.meta({ id: "BabysitterProfile" });
export type BabysitterProfileDto = z.infer<typeof babysitterProfileDtoSchema>;
