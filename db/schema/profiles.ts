// Profiles (every role), the babysitter extension, and parents' children (core-flows §3).
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, real, index, check } from "drizzle-orm/sqlite-core";
import { user } from "./auth";
import { AGE_GROUPS, SUBSCRIPTION_PLANS, USER_TYPES, type SubscriptionPlan, type Weekday } from "./enums";
import { createdAt, inList, updatedAt, uuidPk } from "./columns";

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
    /** WGS84, for search by distance; null until the address is geocoded. */
    latitude: real("latitude"),
    longitude: real("longitude"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_user_type_check", inList(t.userType, USER_TYPES)),
    check("profiles_rating_check", sql`${t.rating} BETWEEN 0 AND 5`),
    check("profiles_total_reviews_check", sql`${t.totalReviews} >= 0`),
    check("profiles_bio_length_check", sql`${t.bio} IS NULL OR length(${t.bio}) <= 500`),
    check("profiles_latitude_check", sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check("profiles_longitude_check", sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
    index("profiles_user_type_city_idx").on(t.userType, t.city),
    index("profiles_lat_lng_idx").on(t.latitude, t.longitude),
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
    experienceYears: integer("experience_years").notNull().default(0),
    languages: text("languages", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    specialties: text("specialties", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    certifications: text("certifications", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    ageGroups: text("age_groups", { mode: "json" }).$type<(typeof AGE_GROUPS)[number][]>().notNull().default(sql`'[]'`),
    availableHours: text("available_hours", { mode: "json" }).$type<WeeklyAvailability>().notNull().default(sql`'{}'`),
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
    check("babysitter_profiles_rate_check", sql`${t.hourlyRateCents} BETWEEN 100 AND 100000`),
    check("babysitter_profiles_experience_check", sql`${t.experienceYears} >= 0`),
    check("babysitter_profiles_plan_check", inList(t.subscriptionPlan, SUBSCRIPTION_PLANS)),
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
    check("children_age_check", sql`${t.age} BETWEEN 0 AND 18`),
    check("children_name_check", sql`length(trim(${t.name})) > 0`),
    check("children_special_needs_check", sql`${t.specialNeeds} IS NULL OR length(${t.specialNeeds}) <= 200`),
    check("children_allergies_check", sql`${t.allergies} IS NULL OR length(${t.allergies}) <= 200`),
    index("children_parent_idx").on(t.parentId),
  ],
);
