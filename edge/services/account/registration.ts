// A new account's profile, written in the same transaction as the account (better-auth's hooks in
// auth/create-auth.ts): the email sign-up's form, or a social sign-up's display name.
import type { Db } from "@db/client";
import { subscriptions } from "@db/schema/billing";
import { agencyManagers } from "@db/schema/agencies";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import { NEW_SITTER_HOURLY_RATE_CENTS } from "@db/constants/limits";
import { DEFAULT_LANGUAGE, type Language } from "@db/i18n/languages";
import type { RegisterBody } from "@db/validators/auth";
import { trialValues } from "../billing/subscriptions";
import { normalizePhone } from "../profiles/profiles";
import { locateCity } from "../search/geocoding";

/** Either the database or a transaction on it: both take the same queries. */
export type DbOrTx = Pick<Db, "insert" | "select" | "update" | "delete" | "all">;

/**
 * A new account's profile: the sign-up form's fields, or an agency manager's, whom an admin creates
 * with her agency (role 'agency', never open to self-registration; no phone or city asked).
 */
export type RegistrationMetadata =
  | Omit<RegisterBody, "password">
  | (Omit<RegisterBody, "password" | "user_type"> & { user_type: "agency"; agency_id: string });

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
  if (metadata.user_type === "agency") {
    await db.insert(agencyManagers).values({ profileId: profile.id, agencyId: metadata.agency_id });
  }
  return profile.id;
}
