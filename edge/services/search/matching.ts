// The match score (the AI configuration's "matching" group, db/constants/ai-config.ts): why a
// sitter ranks where it does. Five parts, each 0-1, weighted by the configuration:
// - profile: how well the sitter covers the languages, specialties and age groups the parent asked
//   for (the share of each list covered; the filters only require one of each), averaged with the
//   profile's completeness (photo, bio, verified, references). Without such a request, completeness.
// - location: 1 at the origin, falling linearly to 0 at the configuration's maxDistance (km).
// - availability: 1 if available today (a slot today, Europe/Paris, not over yet), 0.5 if available
//   some other day of the week, 0 with no availability.
// - rating: rating / 5, or 0 below the configuration's minRating (a ranking input; the parent's own
//   minimum rating is a hard filter).
// - price: 1 for the cheapest, 0 for the dearest, linear between, over the parent's rate range
//   (each missing end taken from the results).
// score = 100 x sum(weight x part) / sum(weights). matchParts() is the definition; the search
// ranks in SQL with the same formulas (services/search/search-sql.ts), and a unit test holds the two equal.
// What lifts a sitter in the relevance order beyond this score (popularity, a parent's own signals)
// and its diversity re-ranking: the "recommendations" group, services/search/recommendations.ts.
import type { Db } from "@db/client";
import type { AiConfigValues } from "@db/constants/ai-config";
import { loadAiSettings, mergeAiSettings } from "../settings/ai-settings";
import type { MatchParts } from "@db/validators/search";

export type MatchingConfig = AiConfigValues["matching"];

export type MatchInput = {
  distanceKm: number;
  rating: number;
  hourlyRateCents: number;
  availableToday: boolean;
  availableSomeDay: boolean;
  /** For each list the parent filtered on: how many of the requested values the sitter has. */
  covered: { requested: number; matched: number }[];
  hasPhoto: boolean;
  hasBio: boolean;
  isVerified: boolean;
  hasReferences: boolean;
};

/** The ends of the price scale, in cents: the parent's range, else the results' cheapest and dearest. */
export type PriceRange = { lowCents: number; highCents: number };

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

export function matchParts(input: MatchInput, range: PriceRange, config: MatchingConfig): MatchParts {
  const completeness = [input.hasPhoto, input.hasBio, input.isVerified, input.hasReferences].filter(Boolean).length / 4;
  const asked = input.covered.filter((c) => c.requested > 0);
  const coverage = asked.reduce((sum, c) => sum + c.matched / c.requested, 0) / Math.max(1, asked.length);
  return {
    profile: asked.length > 0 ? (coverage + completeness) / 2 : completeness,
    location: clamp01(1 - input.distanceKm / config.maxDistance),
    availability: input.availableToday ? 1 : input.availableSomeDay ? 0.5 : 0,
    rating: input.rating < config.minRating ? 0 : input.rating / 5,
    price:
      range.highCents <= range.lowCents
        ? 1
        : clamp01((range.highCents - input.hourlyRateCents) / (range.highCents - range.lowCents)),
  };
}

export const weightsOf = (config: MatchingConfig): MatchParts => ({
  profile: config.weightProfile,
  location: config.weightLocation,
  availability: config.weightAvailability,
  rating: config.weightRating,
  price: config.weightPrice,
});

/** 0-100; 0 when every weight is 0 (nothing to rank on). */
export function matchScore(parts: MatchParts, config: MatchingConfig): number {
  const weights = weightsOf(config);
  const keys = Object.keys(weights) as (keyof MatchParts)[];
  const total = keys.reduce((sum, k) => sum + weights[k], 0);
  if (total <= 0) return 0;
  return (100 * keys.reduce((sum, k) => sum + weights[k] * parts[k], 0)) / total;
}

/** The stored matching group over its defaults (services/settings/ai-settings.ts). */
export const mergeMatchingConfig = (stored: unknown): MatchingConfig => mergeAiSettings("matching", stored);

export const loadMatchingConfig = (db: Db): Promise<MatchingConfig> => loadAiSettings(db, "matching");
