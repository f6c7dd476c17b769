// Babysitter search (/search: its filters and its result cards): the query string becomes a
// SearchPlan, the database filters, scores, orders and pages it (search-sql.ts), and each row of
// the page becomes a card with its match score and the parts it is made of (matching.ts), and the
// recommendations' boosts and diversity re-ranking (recommendations.ts).
import type { Db } from "@db/client";
import { AI_CONFIG_DEFAULTS } from "@db/constants/ai-config";
import { EXPERIENCE_OPTIONS } from "@db/constants/search-filters";
import { WEEKDAYS, type Language, type ProfileVisibility, type Specialty, type Weekday } from "@db/schema/enums";
import type { WeeklyAvailability } from "@db/schema/profiles";
import { SEARCH_PAGE_SIZE } from "@db/constants/search-query";
import type { SearchCard, SearchQuery, SearchResult } from "@db/validators/search";
import { SEARCH_RADIUS_KM } from "@db/constants/limits";
import { searchedRadiusKm } from "./density";
import { originOfPlace, placeInText, resolveOrigin, type Origin } from "./geocoding";
import { loadMatchingConfig, matchParts, type MatchingConfig } from "./matching";
import {
  affinity,
  DIVERSITY_WINDOW,
  diversify,
  diversityRun,
  loadRecommendationsConfig,
  popularity,
  profileShape,
  type BoostParts,
  type RecommendationsConfig,
} from "./recommendations";
import { backgroundCheckRequired } from "../settings/background-check";
import { haversineKm, nameFoundNearSql, searchSql, searchWords, type SearchPlan, type SearchRow } from "./search-sql";

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

/**
 * `context.text`: the words searched in names and bios, when a place was taken out of `query.q`;
 * `context.radiusKm`: the radius searched, when smaller than the chosen one (density.ts).
 */
export function searchPlan(
  query: SearchQuery,
  origin: Origin,
  context: {
    signedIn: boolean;
    now: Date;
    config: MatchingConfig;
    /** The group's defaults when not given (benches and tests that do not exercise it). */
    recommendations?: RecommendationsConfig;
    /** The signed-in caller's user id (her own favourites and bookings lift sitters); null when anonymous. */
    userId?: string | null;
    text?: string;
    radiusKm?: number;
    /** The security settings' backgroundCheckRequired: verified sitters only (settings/background-check.ts). */
    verifiedRequired?: boolean;
  },
): SearchPlan {
  return {
    origin,
    radiusKm: context.radiusKm ?? query.radius,
    visibilities: visibleTo(context.signedIn),
    words: searchWords(context.text ?? query.q),
    minRateCents: cents(query.minRate),
    maxRateCents: cents(query.maxRate),
    minRating: query.minRating,
    availableToday: query.availableToday === true,
    verifiedOnly: query.verifiedOnly === true || context.verifiedRequired === true,
    emergency: query.emergency === true,
    references: query.references === true,
    languages: [...new Set(query.languages ?? [])],
    specialties: [...new Set(query.specialties ?? [])],
    ageGroups: [...new Set(query.ageGroups ?? [])],
    experience: EXPERIENCE_OPTIONS.filter((o) => query.experience?.includes(o.value)),
    today: parisToday(context.now),
    config: context.config,
    recommendations: context.recommendations ?? AI_CONFIG_DEFAULTS.recommendations,
    userId: context.userId ?? null,
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

/** The boosts' parts of one result row (recommendations.ts), from the columns the SQL computed them from. */
export function rowBoostParts(row: SearchRow, plan: SearchPlan): BoostParts {
  return {
    popularity: popularity(row.total_reviews, row.most_reviews),
    personal: affinity(row.interactions, plan.recommendations.learningRate),
  };
}

export function toCard(row: SearchRow, plan: SearchPlan): SearchCard {
  const hours = JSON.parse(row.available_hours) as WeeklyAvailability;
  const parts = rowMatchParts(row, plan);
  const boosts = rowBoostParts(row, plan);
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
    featured: row.boost > 0,
    // The score the order uses (match + free-text bonus + plan boost + recommendations' boosts, at
    // most 100), so the cards of the 'Pertinence' order read from the highest down, but where the
    // diversity re-ranking moved a sitter; match_parts explain its match share, boost_parts the boosts.
    match_score: round(row.relevance, 1),
    match_parts: {
      profile: round(parts.profile, 3),
      location: round(parts.location, 3),
      availability: round(parts.availability, 3),
      rating: round(parts.rating, 3),
      price: round(parts.price, 3),
    },
    boost_parts: { popularity: round(boosts.popularity, 3), personal: round(boosts.personal, 3) },
  };
}

/**
 * The rows of one page in order. The relevance order with a diversity constraint reads the whole
 * DIVERSITY_WINDOW (or up to the page's end when longer), re-ranks that window and cuts the page from
 * it; pages past the window come from the plain order, so no sitter is on two pages.
 */
async function pageRows(db: Db, plan: SearchPlan): Promise<SearchRow[]> {
  const maxRun = plan.sort === "relevance" ? diversityRun(plan.recommendations.diversityFactor) : null;
  if (maxRun === null || plan.offset >= DIVERSITY_WINDOW) return db.all<SearchRow>(searchSql(plan));
  const head = await db.all<SearchRow>(
    searchSql({ ...plan, limit: Math.max(DIVERSITY_WINDOW, plan.offset + plan.limit), offset: 0 }),
  );
  const ranked = [...diversify(head.slice(0, DIVERSITY_WINDOW), maxRun, profileShape), ...head.slice(DIVERSITY_WINDOW)];
  return ranked.slice(plan.offset, plan.offset + plan.limit);
}

/** The rows of one page; past the last page, a one-row look at the first page still gives the total. */
export async function runSearchPlan(db: Db, plan: SearchPlan): Promise<{ rows: SearchRow[]; total: number }> {
  const rows = await pageRows(db, plan);
  if (rows.length > 0 || plan.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [first] = await db.all<SearchRow>(searchSql({ ...plan, limit: 1, offset: 0 }));
  return { rows, total: first?.total ?? 0 };
}

/**
 * Where distances start, the radius searched around it (the chosen one, or less where sitters are
 * dense: density.ts), the words searched in names and bios, and the matching and recommendations
 * configurations.
 * `cityId`: the commune the search is around when it named one (search-events.ts keeps it);
 * `verifiedRequired`: the security settings require a background check (settings/background-check.ts).
 */
export type PreparedSearch = {
  origin: Origin;
  cityId: string | null;
  radiusKm: number;
  text?: string;
  config: MatchingConfig;
  recommendations: RecommendationsConfig;
  verifiedRequired: boolean;
};

/**
 * What a search needs before its query. A place in the free text (geocoding.ts placeInText) moves
 * the search there, before the browser's position and the 'Ville' box: it is what was typed last
 * in the box that promises it. One exception keeps names first: text that is only a commune's name
 * and also a babysitter's name near the current origin ("Fontaine") searches for her, not the town.
 */
export async function prepareSearch(db: Db, query: SearchQuery): Promise<PreparedSearch> {
  const [base, place, config, recommendations, verifiedRequired] = await Promise.all([
    resolveOrigin(db, query).then(
      async ({ origin, cityId }) => ({ origin, cityId, radiusKm: await searchedRadiusKm(db, origin, query.radius) }),
      (error: unknown) => ({ error }),
    ),
    placeInText(db, query.q),
    loadMatchingConfig(db),
    loadRecommendationsConfig(db),
    backgroundCheckRequired(db),
  ]);
  const here = "origin" in base ? base : null;
  if (
    place &&
    !(place.kind === "whole_text" && here && (await nameFoundNear(db, query.q ?? "", here.origin, here.radiusKm)))
  ) {
    const origin = originOfPlace(place);
    const radiusKm = await searchedRadiusKm(db, origin, query.radius);
    return { origin, cityId: place.city.id, radiusKm, text: place.rest, config, recommendations, verifiedRequired };
  }
  if (!here) throw (base as { error: unknown }).error;
  return { ...here, text: query.q, config, recommendations, verifiedRequired };
}

/**
 * Someone not hidden within `radiusKm` of `origin` has these words in her name. The radius is the
 * one the search would look within (narrowed where sitters are dense), so a name found here is one
 * the search shows.
 */
async function nameFoundNear(db: Db, text: string, origin: Origin, radiusKm: number): Promise<boolean> {
  const words = searchWords(text);
  if (!words) return false;
  const rows = await db.all(nameFoundNearSql(words, origin, radiusKm));
  return rows.length > 0;
}

/**
 * Nobody found for the words: how many the widest radius would find (null when none, or already
 * widest). The widest radius is searched as a search of it would be: narrowed where sitters are dense.
 */
async function widerSearch(db: Db, plan: SearchPlan, total: number): Promise<SearchResult["wider"]> {
  if (total > 0 || !plan.words || plan.radiusKm >= SEARCH_RADIUS_KM.max) return null;
  const radiusKm = await searchedRadiusKm(db, plan.origin, SEARCH_RADIUS_KM.max);
  if (radiusKm <= plan.radiusKm) return null;
  const { total: wider } = await runSearchPlan(db, { ...plan, radiusKm, limit: 1, offset: 0 });
  return wider > 0 ? { radius: SEARCH_RADIUS_KM.max, total: wider } : null;
}

export async function runSearch(
  db: Db,
  query: SearchQuery,
  prepared: PreparedSearch,
  context: { signedIn: boolean; userId?: string | null; now?: Date },
): Promise<SearchResult> {
  const plan = searchPlan(query, prepared.origin, {
    signedIn: context.signedIn,
    userId: context.userId,
    now: context.now ?? new Date(),
    config: prepared.config,
    recommendations: prepared.recommendations,
    text: prepared.text,
    radiusKm: prepared.radiusKm,
    verifiedRequired: prepared.verifiedRequired,
  });
  const { rows, total } = await runSearchPlan(db, plan);
  return {
    total,
    page: query.page,
    page_size: SEARCH_PAGE_SIZE,
    origin: prepared.origin,
    results: rows.map((row) => toCard(row, plan)),
    narrowed: prepared.radiusKm < query.radius ? { radius: prepared.radiusKm } : null,
    wider: await widerSearch(db, plan, total),
  };
}
