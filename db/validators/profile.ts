// Profile and babysitter-profile payloads (core-flows §5). Row schemas are derived from the Drizzle
// tables (drizzle-zod) and refined with the spec's rules; the API/form bodies are snake_case like
// the spec's fields and reuse those refined column schemas. Messages are i18n keys.
import { z } from "zod";
import { createInsertSchema, createSelectSchema, createUpdateSchema } from "drizzle-zod";
import { babysitterProfiles, profiles } from "../schema/profiles";
import { AGE_GROUPS, LANGUAGES, SPECIALTIES, USER_TYPES, WEEKDAYS } from "../schema/enums";
import {
  BIO_MAX_LENGTH,
  HOURLY_RATE_MAX_CENTS,
  HOURLY_RATE_MIN_CENTS,
  PROFILE_RATING_MAX,
  PROFILE_RATING_MIN,
} from "../constants/limits";
import { cityField, nameField, phoneField, postalCodeField } from "./fields";

const ADDRESS_MAX_LENGTH = 200;
const EXPERIENCE_MAX_YEARS = 60;
const CERTIFICATION_MAX_LENGTH = 100;
const LIST_MAX_ITEMS = 20;

const bioField = z.string().trim().max(BIO_MAX_LENGTH, "validation.maxChars");
const addressField = z.string().trim().max(ADDRESS_MAX_LENGTH, "validation.maxChars");
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

/** PATCH /api/profiles/me body: the 'Profil' tab. Email is read-only, so it is refused here. */
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

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.formatInvalid");
const timeRange = z.tuple([timeOfDay, timeOfDay]).refine(([start, end]) => end > start, "validation.formatInvalid");
export const weeklyAvailabilitySchema = z.partialRecord(z.enum(WEEKDAYS), z.array(timeRange).max(6));

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
  .array(z.string().trim().min(1, "validation.required").max(CERTIFICATION_MAX_LENGTH, "validation.maxChars"))
  .max(LIST_MAX_ITEMS);

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

/** PATCH /api/babysitter-profiles/me body: every field optional, unknown fields refused. */
export const babysitterProfileUpdateBodySchema = z.strictObject({
  hourly_rate_cents: hourlyRateCentsField.optional(),
  experience_years: experienceYearsField.optional(),
  languages: enumList(LANGUAGES).optional(),
  specialties: enumList(SPECIALTIES).optional(),
  certifications: certificationsField.optional(),
  age_groups: enumList(AGE_GROUPS).optional(),
  available_hours: weeklyAvailabilitySchema.optional(),
  emergency_available: z.boolean({ error: "validation.formatInvalid" }).optional(),
  has_references: z.boolean({ error: "validation.formatInvalid" }).optional(),
});
export type BabysitterProfileUpdateBody = z.infer<typeof babysitterProfileUpdateBodySchema>;

const profileRow = profileSelectSchema.shape;

/**
 * The API's view of a profile (GET /api/me, sign-in): the spec's snake_case names, each field's
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
