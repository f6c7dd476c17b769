// Profiles, read for the signed-in user and shown to others (account/registration.ts creates them
// with the account).
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { profiles } from "@db/schema/profiles";
import type { ProfileDto } from "@db/validators/profile";
import type { CallerProfile } from "../../lib/caller-profile";

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
  /** The 'Profil vérifié' badge (services/verification/verified-status.ts). */
  is_verified: profiles.isVerified,
  rating: profiles.rating,
  total_reviews: profiles.totalReviews,
};

/** "06 12 34 56 78", "+33 6 12.34.56.78" -> "0612345678" / "+33612345678": one stored form per number. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s.-]/g, "");
}

export async function findProfileByUserId(db: Db, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile ?? null;
}

export async function findProfileById(db: Db, id: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return profile ?? null;
}

/** The API's view of a profile: its fields in snake_case. */
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
