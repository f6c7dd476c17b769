// Profiles (every role), the babysitter extension, and parents' children.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, real, index, check } from "drizzle-orm/sqlite-core";
import { user } from "./auth";
import { cities } from "./cities";
import {
  PROFILE_VISIBILITIES,
  SUBSCRIPTION_PLANS,
  USER_TYPES,
  type AgeGroup,
  type SubscriptionPlan,
  type Weekday,
} from "./enums";
import { createdAt, updatedAt, uuidPk } from "./columns";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../i18n/languages";
import { atLeast, atMost, between, lengthOf, nullOr, oneOf } from "./checks";
import {
  BIO_MAX_LENGTH,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  CHILD_NOTE_MAX_LENGTH,
  HOURLY_RATE_MAX_CENTS,
  HOURLY_RATE_MIN_CENTS,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  PROFILE_RATING_MAX,
  PROFILE_RATING_MIN,
} from "../constants/limits";

export const profiles = sqliteTable(
  "profiles",
  {
    id: uuidPk(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    userType: text("user_type", { enum: USER_TYPES }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    postalCode: text("postal_code"),
    bio: text("bio"),
    photoUrl: text("photo_url"),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    rating: real("rating").notNull().default(0),
    totalReviews: integer("total_reviews").notNull().default(0),
    /** Search, the public profile page and the sitemap show only "public" profiles to visitors. */
    profileVisibility: text("profile_visibility", { enum: PROFILE_VISIBILITIES }).notNull().default("public"),
    /** The language emails, SMS and push are written in: set at sign-up, updated at each sign-in. */
    language: text("language", { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    /** WGS84, for search by distance; null until the address is geocoded. */
    latitude: real("latitude"),
    longitude: real("longitude"),
    /**
     * The commune this person is counted in (the admin console's Geography), resolved from the postal
     * code and typed city by the database itself: triggers of migration 0027 set it on every insert and
     * every change of either column, and the communes import places everyone again. Null when the
     * place names no commune. Never written by the application.
     */
    cityId: text("city_id").references(() => cities.id, { onDelete: "set null" }),
    /** The first search this person ran signed in (the console's conversion funnel); the search events keep no person. */
    firstSearchAt: text("first_search_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_user_type_check", oneOf(t.userType, USER_TYPES)),
    check("profiles_rating_check", between(t.rating, PROFILE_RATING_MIN, PROFILE_RATING_MAX)),
    check("profiles_total_reviews_check", atLeast(t.totalReviews, 0)),
    check("profiles_visibility_check", oneOf(t.profileVisibility, PROFILE_VISIBILITIES)),
    check("profiles_bio_length_check", nullOr(t.bio, atMost(lengthOf(t.bio), BIO_MAX_LENGTH))),
    check("profiles_latitude_check", nullOr(t.latitude, between(t.latitude, LATITUDE_MIN, LATITUDE_MAX))),
    check("profiles_longitude_check", nullOr(t.longitude, between(t.longitude, LONGITUDE_MIN, LONGITUDE_MAX))),
    index("profiles_user_type_city_idx").on(t.userType, t.city),
    index("profiles_lat_lng_idx").on(t.latitude, t.longitude),
    index("profiles_city_type_idx").on(t.cityId, t.userType),
    /** A profile's commune by its id from the index alone: the Geography's plans per city. */
    index("profiles_id_city_idx").on(t.id, t.cityId),
    /** The sign-ups of a period by role: the console's retention cohorts, funnel and growth. */
    index("profiles_type_created_idx").on(t.userType, t.createdAt),
    // The admin Users list and its CSV (edge/services/admin/users.ts, keyset.ts): one index per sort,
    // the id last as its tie-breaker, so a page by number or an export page after the last row is one
    // index range instead of sorting every profile (an export of 300,000 rows: 124 s -> 13 s). The
    // role and the verified badge ride along so those filters are read while the index is walked.
    index("profiles_created_idx").on(t.createdAt, t.id, t.userType, t.isVerified),
    index("profiles_name_idx").on(t.lastName, t.firstName, t.id, t.userType, t.isVerified),
    index("profiles_email_idx").on(t.email, t.id, t.userType, t.isVerified),
    index("profiles_city_idx").on(t.city, t.id, t.userType, t.isVerified),
    index("profiles_type_id_idx").on(t.userType, t.id, t.isVerified),
    // A typed search of one or two characters (part of a name, an email or a city, matched anywhere;
    // longer ones go through the trigram index profiles_text, migration 0036) cannot seek: it reads
    // this narrow index of the searched columns instead of the profiles' full rows.
    index("profiles_search_idx").on(t.firstName, t.lastName, t.email, t.city, t.phone, t.userType, t.isVerified, t.id),
  ],
);

/** {"mon":[["08:00","12:00"],["18:00","22:00"]], ...}: local Europe/Paris times. */
export type WeeklyAvailability = Partial<Record<Weekday, [string, string][]>>;

export const babysitterProfiles = sqliteTable(
  "babysitter_profiles",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    hourlyRateCents: integer("hourly_rate_cents").notNull(),
    /** When the babysitter first saved her own rate. Until then the rate is the sign-up default she
     * never chose, and she is not listed in search (nor is a profile without presentation or
     * availability). */
    rateChosenAt: text("rate_chosen_at"),
    experienceYears: integer("experience_years").notNull().default(0),
    languages: text("languages", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    specialties: text("specialties", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    certifications: text("certifications", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    ageGroups: text("age_groups", { mode: "json" })
      .$type<AgeGroup[]>()
      .notNull()
      .default(sql`'[]'`),
    availableHours: text("available_hours", { mode: "json" })
      .$type<WeeklyAvailability>()
      .notNull()
      .default(sql`'{}'`),
    emergencyAvailable: integer("emergency_available", { mode: "boolean" }).notNull().default(false),
    hasReferences: integer("has_references", { mode: "boolean" }).notNull().default(false),
    subscriptionPlan: text("subscription_plan", { enum: SUBSCRIPTION_PLANS })
      .$type<SubscriptionPlan>()
      .notNull()
      .default("discovery"),
    subscriptionExpires: text("subscription_expires"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("babysitter_profiles_rate_check", between(t.hourlyRateCents, HOURLY_RATE_MIN_CENTS, HOURLY_RATE_MAX_CENTS)),
    check("babysitter_profiles_experience_check", atLeast(t.experienceYears, 0)),
    check("babysitter_profiles_plan_check", oneOf(t.subscriptionPlan, SUBSCRIPTION_PLANS)),
    index("babysitter_profiles_rate_idx").on(t.hourlyRateCents),
  ],
);

export const children = sqliteTable(
  "children",
  {
    id: uuidPk(),
    parentId: text("parent_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    age: integer("age").notNull(),
    specialNeeds: text("special_needs"),
    allergies: text("allergies"),
    createdAt: createdAt(),
  },
  (t) => [
    check("children_age_check", between(t.age, CHILD_AGE_MIN, CHILD_AGE_MAX)),
    check("children_name_check", sql`length(trim(${t.name})) > 0`),
    check(
      "children_special_needs_check",
      nullOr(t.specialNeeds, atMost(lengthOf(t.specialNeeds), CHILD_NOTE_MAX_LENGTH)),
    ),
    check("children_allergies_check", nullOr(t.allergies, atMost(lengthOf(t.allergies), CHILD_NOTE_MAX_LENGTH))),
    index("children_parent_idx").on(t.parentId),
  ],
);
