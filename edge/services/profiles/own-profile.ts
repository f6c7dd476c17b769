// The signed-in user's own profile ('Profil' tab): read and update. The email is read-only (it is
// the sign-in identity), and the position follows the city and postal code.
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { profiles } from "@db/schema/profiles";
import type { ProfileUpdateBody } from "@db/validators/profile";
import { locateCity } from "../search/geocoding";
import { normalizePhone } from "./profiles";

type ProfileRow = typeof profiles.$inferSelect;

/** An optional text: omitted stays as it is, empty clears it. */
const optionalText = (value: string | undefined, current: string | null) =>
  value === undefined ? current : value.trim() || null;

/**
 * The new position when the city or postal code changed: the city centre when the `cities` table
 * knows it, else none (a stale position in another town would put the profile in the wrong searches).
 */
async function positionAfter(db: Db, current: ProfileRow, city: string, postalCode: string | null) {
  const moved = city !== current.city || postalCode !== current.postalCode;
  if (!moved) return {};
  const found = await locateCity(db, city, postalCode);
  return { latitude: found?.latitude ?? null, longitude: found?.longitude ?? null };
}

export async function updateOwnProfile(db: Db, current: ProfileRow, body: ProfileUpdateBody): Promise<ProfileRow> {
  const city = body.city.trim();
  const postalCode = optionalText(body.postal_code, current.postalCode);
  const [updated] = await db
    .update(profiles)
    .set({
      firstName: body.first_name.trim(),
      lastName: body.last_name.trim(),
      phone: normalizePhone(body.phone),
      city,
      postalCode,
      address: optionalText(body.address, current.address),
      bio: optionalText(body.bio, current.bio),
      ...(await positionAfter(db, current, city, postalCode)),
    })
    .where(eq(profiles.id, current.id))
    .returning();
  return updated;
}
