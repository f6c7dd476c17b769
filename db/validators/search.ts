// The search contract (/search: its filters and cards): the query
// string the page keeps in its URL and sends as is, and the answer. One definition for the route,
// the OpenAPI document and the web page.
import { z } from "zod";
import "./fields"; // zod's jitless setting: no eval probe, which the pages' CSP reports as a violation
import { AGE_GROUPS, LANGUAGES, SPECIALTIES, SUBSCRIPTION_PLANS } from "../schema/enums";
import { EXPERIENCE_OPTIONS } from "../constants/search-filters";
import { SEARCH_RADIUS_KM, SEARCH_RATING } from "../constants/limits";
import { HOURLY_RATE_MAX_CENTS, LATITUDE_MAX, LATITUDE_MIN, LONGITUDE_MAX, LONGITUDE_MIN } from "../constants/limits";

import {
  SEARCH_DEFAULT_SORT,
  SEARCH_MAX_PAGE,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX_LENGTH as QUERY_MAX_LENGTH,
} from "../constants/search-query";

/** "fr,en" -> ["fr", "en"]; each value must be one of `values`. */
const csvOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(z.enum(values, { error: "validation.formatInvalid" })));
const flag = z.enum(["true", "false"]).transform((v) => v === "true");
const euros = z.coerce
  .number({ error: "validation.formatInvalid" })
  .min(0, "validation.formatInvalid")
  .max(HOURLY_RATE_MAX_CENTS / 100, "validation.formatInvalid");
const experienceValues = EXPERIENCE_OPTIONS.map((o) => o.value) as [
  (typeof EXPERIENCE_OPTIONS)[number]["value"],
  ...(typeof EXPERIENCE_OPTIONS)[number]["value"][],
];

export const searchQuerySchema = z
  .object({
    /** Free text on name, city and bio (accents folded). */
    q: z.string().trim().max(QUERY_MAX_LENGTH, "validation.maxChars").optional(),
    /** The browser's position, when the user allowed it (wins over `location`). */
    lat: z.coerce
      .number({ error: "search.latitudeInvalid" })
      .min(LATITUDE_MIN, "search.latitudeInvalid")
      .max(LATITUDE_MAX, "search.latitudeInvalid")
      .optional(),
    lng: z.coerce
      .number({ error: "search.longitudeInvalid" })
      .min(LONGITUDE_MIN, "search.longitudeInvalid")
      .max(LONGITUDE_MAX, "search.longitudeInvalid")
      .optional(),
    /** A French city name or postal code, geocoded on the server; else Paris. */
    location: z.string().trim().max(QUERY_MAX_LENGTH, "validation.maxChars").optional(),
    radius: z.coerce
      .number({ error: "search.radiusInvalid" })
      .int("search.radiusInvalid")
      .min(SEARCH_RADIUS_KM.min, "search.radiusInvalid")
      .max(SEARCH_RADIUS_KM.max, "search.radiusInvalid")
      .default(SEARCH_RADIUS_KM.default),
    /** Euros per hour, as the filter shows them. */
    minRate: euros.optional(),
    maxRate: euros.optional(),
    minRating: z.coerce
      .number({ error: "search.ratingInvalid" })
      .min(SEARCH_RATING.min, "search.ratingInvalid")
      .max(SEARCH_RATING.max, "search.ratingInvalid")
      .optional(),
    availableToday: flag.optional(),
    verifiedOnly: flag.optional(),
    emergency: flag.optional(),
    references: flag.optional(),
    languages: csvOf(LANGUAGES).optional(),
    specialties: csvOf(SPECIALTIES).optional(),
    ageGroups: csvOf(AGE_GROUPS).optional(),
    experience: csvOf(experienceValues).optional(),
    sort: z.enum(SEARCH_SORTS).default(SEARCH_DEFAULT_SORT),
    page: z.coerce
      .number({ error: "search.pageInvalid" })
      .int("search.pageInvalid")
      .min(1, "search.pageInvalid")
      .max(SEARCH_MAX_PAGE, "search.pageInvalid")
      .default(1),
  })
  .strict()
  // A position is a pair; a rate range has its ends in order.
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: "search.positionIncomplete",
    path: ["lat"],
  })
  .refine((q) => q.minRate === undefined || q.maxRate === undefined || q.minRate <= q.maxRate, {
    message: "search.rateRangeInvalid",
    path: ["maxRate"],
  });
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Why a sitter ranks where it does: each part 0-1, weighted by the AI configuration. */
export const matchPartsSchema = z.object({
  profile: z.number(),
  location: z.number(),
  availability: z.number(),
  rating: z.number(),
  price: z.number(),
});
export type MatchParts = z.infer<typeof matchPartsSchema>;

/**
 * What lifts a sitter beyond her match (edge/services/search/recommendations.ts), each 0-1: her
 * popularity (reviews) and, for a signed-in parent, her affinity with her (favourite, bookings).
 * The relevance adds 100 x popularityBoost x popularity and 100 x personalizedWeight x personal.
 */
export const boostPartsSchema = z.object({
  popularity: z.number(),
  personal: z.number(),
});

export const availabilitySummarySchema = z.object({
  available_today: z.boolean(),
  weekends: z.boolean(),
  weekdays: z.boolean(),
  evenings: z.boolean(),
});

export const searchCardSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  photo_url: z.string().nullable(),
  rating: z.number(),
  total_reviews: z.number().int(),
  hourly_rate_cents: z.number().int(),
  distance_km: z.number(),
  city: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  bio: z.string().nullable(),
  experience_years: z.number().int(),
  is_verified: z.boolean(),
  languages: z.array(z.enum(LANGUAGES)),
  specialties: z.array(z.enum(SPECIALTIES)),
  availability: availabilitySummarySchema,
  plan: z.enum(SUBSCRIPTION_PLANS),
  /** A paid plan lifts her in the order: the card says so ('Mis en avant'). */
  featured: z.boolean(),
  /**
   * 0-100: the score the 'relevance' order uses (the weighted parts, plus a bonus for the free text's
   * best matches, the plan's lift and the recommendations' boosts, at most 100).
   */
  match_score: z.number(),
  match_parts: matchPartsSchema,
  boost_parts: boostPartsSchema,
});
export type SearchCard = z.infer<typeof searchCardSchema>;

export const searchOriginSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** Where the distances are measured from. */
  source: z.enum(["position", "location", "default"]),
  /** The geocoded city ("Lyon (69)"), or null for a position or the default. */
  label: z.string().nullable(),
});

export const searchResultSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  origin: searchOriginSchema,
  results: z.array(searchCardSchema),
  /**
   * The radius searched when the chosen one holds too many sitters to score them all
   * (SEARCH_SCAN_MAX_SITTERS): the nearest ones, within this many km (one decimal). Null otherwise.
   */
  narrowed: z.object({ radius: z.number() }).nullable(),
  /** Nobody found for the free text: how many the widest radius finds (null otherwise). */
  wider: z.object({ radius: z.number().int(), total: z.number().int() }).nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** At most this many suggestions per answer of GET /api/cities. */
export const CITY_SUGGESTIONS_MAX = 8;

/** GET /api/cities?q=: a commune name's beginning ("st eti", "Cler") or a postal code's ("690"). */
export const citySuggestionsQuerySchema = z
  .object({
    q: z.string().trim().min(1, "validation.required").max(QUERY_MAX_LENGTH, "validation.maxChars"),
  })
  .strict();

export const citySuggestionSchema = z.object({
  name: z.string(),
  postal_code: z.string(),
  department: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;
export const citySuggestionsSchema = z.object({ suggestions: z.array(citySuggestionSchema) });

/**
 * GET /api/search/listing: whether the signed-in babysitter is listed in search, and what her profile
 * still lacks (edge/services/search/listing.ts: her own rate, a presentation, her availability).
 */
export const LISTING_REQUIREMENTS = ["rate", "bio", "availability"] as const;
export type ListingRequirement = (typeof LISTING_REQUIREMENTS)[number];
export const listingStatusSchema = z.object({
  listed: z.boolean(),
  missing: z.array(z.enum(LISTING_REQUIREMENTS)),
});
export type ListingStatus = z.infer<typeof listingStatusSchema>;
