// Whether a babysitter is listed: found by search, in the sitemap, ranked by matching. The rule,
// written once here: she is listed once she chose her own rate (babysitter_profiles.rate_chosen_at,
// set the first time she saves the 'Profil baby-sitter' tab), wrote a presentation (a bio that is
// not blank) and gave her availability (at least one weekly slot). A sitter who just signed up has
// none of them (the 15 EUR rate is a default she never chose) and is not shown to parents.
//
// The rule (listedWhen) reads three facts; each place that applies it hands in the facts' SQL over
// its own tables: the profiles (listedSitter) or search's sitter_search rows (listedSearchRow),
// whose rate_chosen, has_bio and available_days the triggers of migrations 0004 and 0020 compute with the same
// definitions as below (tests/api/search-listing.test.ts holds the two equal).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
// What a babysitter must fill in to be listed, in the order her checklist shows them.
import { LISTING_REQUIREMENTS, type ListingRequirement, type ListingStatus } from "@db/validators/search";

type ListingFacts = Record<ListingRequirement, SQL>;

/** The rule: every requirement met. */
const listedWhen = (facts: ListingFacts): SQL =>
  sql`(${sql.join(
    LISTING_REQUIREMENTS.map((r) => sql`(${facts[r]})`),
    sql` AND `,
  )})`;

/** Each fact over `profiles` and `babysitter_profiles` (Drizzle's tables, joined on profile_id). */
const profileFacts: ListingFacts = {
  rate: sql`${babysitterProfiles.rateChosenAt} IS NOT NULL`,
  bio: sql`(${profiles.bio} IS NOT NULL AND trim(${profiles.bio}) <> '')`,
  availability: sql`EXISTS (SELECT 1 FROM json_each(${babysitterProfiles.availableHours}) lday
    WHERE json_type(lday.value) = 'array' AND json_array_length(lday.value) > 0)`,
};

/** SQL on a query joining `profiles` and `babysitter_profiles`: the babysitter is listed. */
export const listedSitter = (): SQL => listedWhen(profileFacts);

/**
 * SQL on sitter_search `d`: the row's babysitter is listed, every fact read from the row itself
 * (migration 0020 added `rate_chosen`: a lookup in babysitter_profiles per row of the box was 80 %
 * of a search's time at 1,000,000 sitters).
 */
export const listedSearchRow = (): SQL =>
  listedWhen({
    rate: sql`d.rate_chosen = 1`,
    bio: sql`d.has_bio = 1`,
    availability: sql`d.available_days <> 0`,
  });

/** A babysitter's own view of the rule: listed or not, and what is missing (her checklist). */
export async function listingStatus(db: Db, profileId: string): Promise<ListingStatus> {
  const [row] = await db
    .select({
      rate: sql<number>`${profileFacts.rate}`,
      bio: sql<number>`${profileFacts.bio}`,
      availability: sql<number>`${profileFacts.availability}`,
      listed: sql<number>`${listedSitter()}`,
    })
    .from(profiles)
    .innerJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) return { listed: false, missing: [...LISTING_REQUIREMENTS] };
  return { listed: row.listed === 1, missing: LISTING_REQUIREMENTS.filter((r) => row[r] !== 1) };
}
