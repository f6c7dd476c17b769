// Profiles: created with the account (same transaction), read for the signed-in user.
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { subscriptions } from "@db/schema/billing";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import { NEW_SITTER_HOURLY_RATE_CENTS } from "@db/constants/limits";
import { DEFAULT_LANGUAGE, type Language } from "@db/i18n/languages";
import type { RegisterBody } from "@db/validators/auth";
import type { ProfileDto } from "@db/validators/profile";
import { locateCity } from "./geocoding";
import { trialValues } from "./subscriptions";

/** Who is on the other side of a conversation: the columns of the API's person block. */
export const personColumns = {
  id: profiles.id,
  user_type: profiles.userType,
  first_name: profiles.firstName,
  last_name: profiles.lastName,
  photo_url: profiles.photoUrl,
};

/** The other party of a booking or a review: the person, where they live and their rating. */
export const partyColumns = {
  ...personColumns,
  city: profiles.city,
  rating: profiles.rating,
  total_reviews: profiles.totalReviews,
};

/** Either the database or a transaction on it: both take the same queries. */
export type DbOrTx = Pick<Db, "insert" | "select" | "update" | "delete" | "all">;

export type RegistrationMetadata = Omit<RegisterBody, "password">;

/** "06 12 34 56 78", "+33 6 12.34.56.78" -> "0612345678" / "+33612345678": one stored form per number. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s.-]/g, "");
}

/** A social sign-up has a display name only: its first word is the first name. */
export function oauthProfileMetadata(displayName: string, email: string): RegistrationMetadata {
  const [firstName = "", ...rest] = displayName.trim().split(/\s+/);
  return { user_type: "parent", first_name: firstName, last_name: rest.join(" "), email, phone: "", city: "" };
}

export async function createProfileForUser(
  db: DbOrTx,
  userId: string,
  metadata: RegistrationMetadata,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  const city = metadata.city.trim();
  // Placed from the start, so a new babysitter is found by search near her city at once.
  const position = city ? await locateCity(db, city) : null;
  const [profile] = await db
    .insert(profiles)
    .values({
      userId,
      userType: metadata.user_type,
      language,
      firstName: metadata.first_name.trim(),
      lastName: metadata.last_name.trim(),
      email: metadata.email.trim().toLowerCase(),
      phone: normalizePhone(metadata.phone) || null,
      city: city || null,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
    })
    .returning({ id: profiles.id });
  if (metadata.user_type === "babysitter") {
    await db
      .insert(babysitterProfiles)
      .values({ profileId: profile.id, hourlyRateCents: NEW_SITTER_HOURLY_RATE_CENTS });
    // Every new babysitter starts on the Discovery trial (one month, 5 bookings).
    await db.insert(subscriptions).values(trialValues(profile.id, Date.now()));
  }
  return profile.id;
}

export async function findProfileByUserId(db: Db, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile ?? null;
}

/** The API's view of a profile: the spec's snake_case field names. */
/** The signed-in caller's profile row (middleware/session.ts's callerProfile), as services take it. */
export type CallerProfile = typeof profiles.$inferSelect;

export function toProfileDto(profile: CallerProfile): ProfileDto {
  return {
    id: profile.id,
    user_id: profile.userId,
    user_type: profile.userType,
    first_name: profile.firstName,
    last_name: profile.lastName,
    email: profile.email,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    postal_code: profile.postalCode,
    bio: profile.bio,
    photo_url: profile.photoUrl,
    is_verified: profile.isVerified,
    rating: profile.rating,
    total_reviews: profile.totalReviews,
  };
}
