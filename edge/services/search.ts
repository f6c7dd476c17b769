// Babysitter search (core-flows §2 /search, §3 "Search filter" and "Search card"): the query string
// becomes a SearchPlan, the database filters, scores, orders and pages it (search-sql.ts), and each
// row of the page becomes a card with its match score and the parts it is made of (matching.ts).
import type { Db } from "@db/client";
import { EXPERIENCE_OPTIONS } from "@db/constants/search-filters";
import { WEEKDAYS, type Language, type ProfileVisibility, type Specialty, type Weekday } from "@db/schema/enums";
import type { WeeklyAvailability } from "@db/schema/profiles";
import { SEARCH_PAGE_SIZE, type SearchCard, type SearchQuery, type SearchResult } from "@db/validators/search";
import { resolveOrigin, type Origin } from "./geocoding";
import { loadMatchingConfig, matchParts, matchScore, type MatchingConfig } from "./matching";
import { ftsQuery, haversineKm, searchSql, type SearchPlan, type SearchRow } from "./search-sql";

const PARIS_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The weekday key of `available_hours` and "HH:MM", in Europe/Paris. */
export function parisToday(now: Date): SearchPlan["today"] {
  const parts = Object.fromEntries(PARIS_TIME.formatToParts(now).map((p) => [p.type, p.value]));
  const weekday = parts.weekday.slice(0, 3).toLowerCase() as Weekday;
  return { weekday, time: `${parts.hour}:${parts.minute}` };
}

/** Signed-out visitors see public profiles; signed-in users also those shown to members. Never hidden ones. */
export const visibleTo = (signedIn: boolean): ProfileVisibility[] => (signedIn ? ["public", "members"] : ["public"]);

const cents = (euros: number | undefined) => (euros === undefined ? undefined : Math.round(euros * 100));

export function searchPlan(
  query: SearchQuery,
  origin: Origin,
  context: { signedIn: boolean; now: Date; config: MatchingConfig },
): SearchPlan {
  return {
    origin,
    radiusKm: query.radius,
    visibilities: visibleTo(context.signedIn),
    text: ftsQuery(query.q),
    minRateCents: cents(query.minRate),
    maxRateCents: cents(query.maxRate),
    minRating: query.minRating,
    availableToday: query.availableToday === true,
    verifiedOnly: query.verifiedOnly === true,
    emergency: query.emergency === true,
    references: query.references === true,
    languages: [...new Set(query.languages ?? [])],
    specialties: [...new Set(query.specialties ?? [])],
    ageGroups: [...new Set(query.ageGroups ?? [])],
    experience: EXPERIENCE_OPTIONS.filter((o) => query.experience?.includes(o.value)),
    today: parisToday(context.now),
    config: context.config,
    sort: query.sort,
    limit: SEARCH_PAGE_SIZE,
    offset: (query.page - 1) * SEARCH_PAGE_SIZE,
  };
}

const parseList = <T>(json: string): T[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as T[]) : [];
};

/** The card's availability badges, from the weekly slots (evenings: a slot running past 19:00). */
export function availabilitySummary(hours: WeeklyAvailability, availableToday: boolean) {
  const daysWith = (days: readonly Weekday[]) => days.some((d) => (hours[d]?.length ?? 0) > 0);
  return {
    available_today: availableToday,
    weekends: daysWith(["sat", "sun"]),
    weekdays: daysWith(WEEKDAYS.filter((d) => d !== "sat" && d !== "sun")),
    evenings: Object.values(hours).some((slots) => slots?.some(([, end]) => end > "19:00")),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The match score's parts of one result row, from the columns the SQL computed them from. */
export function rowMatchParts(row: SearchRow, plan: SearchPlan) {
  return matchParts(
    {
      distanceKm: row.distance_km,
      rating: row.rating,
      hourlyRateCents: row.rate,
      availableToday: row.available_today === 1,
      availableSomeDay: row.available_days !== 0,
      covered: [
        { requested: plan.languages.length, matched: row.languages_matched },
        { requested: plan.specialties.length, matched: row.specialties_matched },
        { requested: plan.ageGroups.length, matched: row.ageGroups_matched },
      ],
      hasPhoto: row.has_photo === 1,
      hasBio: row.has_bio === 1,
      isVerified: row.is_verified === 1,
      hasReferences: row.has_references === 1,
    },
    { lowCents: plan.minRateCents ?? row.rate_low, highCents: plan.maxRateCents ?? row.rate_high },
    plan.config,
  );
}

export function toCard(row: SearchRow, plan: SearchPlan): SearchCard {
  const hours = JSON.parse(row.available_hours) as WeeklyAvailability;
  const parts = rowMatchParts(row, plan);
  return {
    id: row.profile_id,
    first_name: row.first_name,
    last_name: row.last_name,
    photo_url: row.photo_url,
    rating: row.rating,
    total_reviews: row.total_reviews,
    hourly_rate_cents: row.rate,
    distance_km: round(haversineKm(plan.origin, row), 1),
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    bio: row.bio,
    experience_years: row.experience_years,
    is_verified: row.is_verified === 1,
    languages: parseList<Language>(row.languages),
    specialties: parseList<Specialty>(row.specialties),
    availability: availabilitySummary(hours, row.available_today === 1),
    plan: row.plan,
    match_score: round(matchScore(parts, plan.config), 1),
    match_parts: {
      profile: round(parts.profile, 3),
      location: round(parts.location, 3),
      availability: round(parts.availability, 3),
      rating: round(parts.rating, 3),
      price: round(parts.price, 3),
    },
  };
}

/** The rows of one page; past the last page, a one-row look at the first page still gives the total. */
export async function runSearchPlan(db: Db, plan: SearchPlan): Promise<{ rows: SearchRow[]; total: number }> {
  const rows = await db.all<SearchRow>(searchSql(plan));
  if (rows.length > 0 || plan.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [first] = await db.all<SearchRow>(searchSql({ ...plan, limit: 1, offset: 0 }));
  return { rows, total: first?.total ?? 0 };
}

/** What a search needs before its query: where distances start, and the matching configuration. */
export async function prepareSearch(db: Db, query: SearchQuery): Promise<{ origin: Origin; config: MatchingConfig }> {
  const [origin, config] = await Promise.all([resolveOrigin(db, query), loadMatchingConfig(db)]);
  return { origin, config };
}

export async function runSearch(
  db: Db,
  query: SearchQuery,
  prepared: { origin: Origin; config: MatchingConfig },
  context: { signedIn: boolean; now?: Date },
): Promise<SearchResult> {
  const plan = searchPlan(query, prepared.origin, {
    signedIn: context.signedIn,
    now: context.now ?? new Date(),
    config: prepared.config,
  });
  const { rows, total } = await runSearchPlan(db, plan);
  return {
    total,
    page: query.page,
    page_size: SEARCH_PAGE_SIZE,
    origin: prepared.origin,
    results: rows.map((row) => toCard(row, plan)),
  };
}
