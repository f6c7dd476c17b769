// The AI configuration's "recommendations" group (db/constants/ai-config.ts): what lifts a sitter in
// the relevance order beyond her match score (matching.ts), and how the order is spread. Each formula
// is defined once here; the search computes the first two in SQL (search-sql.ts) with the same
// constants, and a unit test holds the two equal.
// - popularity (0-1): her reviews count on a log scale against the most reviewed sitter of the same
//   results: ln(1 + reviews) / ln(1 + most reviews), 0 when nobody has a review. Reviews are what
//   every sitter's profile already counts; the log keeps one very reviewed sitter from flattening
//   the others. It adds 100 x popularityBoost x popularity points to the relevance.
// - affinity (0-1), for a signed-in parent only: her interactions with the sitter, k = 1 if she
//   favourited her + her bookings with her that are confirmed or completed. Each interaction counts
//   as INTERACTION_STEPS learning steps of learningRate towards 1: affinity = 1 - (1 - learningRate)^
//   (INTERACTION_STEPS x k). With the default 0.01, a favourite gives 0.26, a favourite and a booking
//   0.45; a higher learningRate gives a higher affinity for the same history. It adds
//   100 x personalizedWeight x affinity points. Anonymous searches (and the admin's test) have none.
// - diversity: a sitter's shape is her experience bracket (EXPERIENCE_OPTIONS, the first holding
//   her years) with her price bracket (PRICE_BRACKET_CENTS wide). The relevance order is re-ranked so
//   that no more than N sitters in a row share a shape, N = max(1, round(5 x (1 - 2 x diversityFactor))),
//   no constraint at diversityFactor 0 (0.2 gives 3, 0.5 gives 1). The re-ranking takes, at each
//   place, the best ranked sitter left whose shape does not make a run longer than N, else the best
//   ranked one (nobody else is left to break the run). It covers the first DIVERSITY_WINDOW results
//   of the order (whole pages); the rest keep their order after them, so a sitter is on one page only.
// These apply to the relevance order only: the price, distance and rating sorts keep their own key
// first (the relevance, boosts included, only breaks their ties) and are never re-ranked.
import type { Db } from "@db/client";
import type { AiConfigValues } from "@db/constants/ai-config";
import { EXPERIENCE_OPTIONS } from "@db/constants/search-filters";
import { SEARCH_PAGE_SIZE } from "@db/constants/search-query";
import { loadAiSettings } from "../settings/ai-settings";

export type RecommendationsConfig = AiConfigValues["recommendations"];

/** The learning steps one interaction (a favourite, a booking) stands for. */
export const INTERACTION_STEPS = 30;
/** The booking statuses that count as an interaction: agreed or done. */
export const INTERACTION_BOOKING_STATUSES = ["confirmed", "completed"] as const;
/** Price brackets of 5 euros an hour. */
export const PRICE_BRACKET_CENTS = 500;
/** The longest run of one shape at diversityFactor 0+ (it shrinks to 1 at 0.5). */
const DIVERSITY_MAX_RUN = 5;
/** The results re-ranked for diversity: the first five pages. */
export const DIVERSITY_WINDOW = 5 * SEARCH_PAGE_SIZE;

/** ln(1 + reviews) / ln(1 + mostReviews); 0 when the results have no review. */
export function popularity(reviews: number, mostReviews: number): number {
  return mostReviews <= 0 ? 0 : Math.log(1 + reviews) / Math.log(1 + mostReviews);
}

/** 1 - (1 - learningRate)^(INTERACTION_STEPS x interactions). */
export function affinity(interactions: number, learningRate: number): number {
  return interactions <= 0 ? 0 : 1 - Math.pow(1 - learningRate, INTERACTION_STEPS * interactions);
}

/** The boosts' parts (each 0-1). */
export type BoostParts = { popularity: number; personal: number };

/** The points each part adds to the relevance (0-100 scale). */
export const boostPoints = (parts: BoostParts, config: RecommendationsConfig): BoostParts => ({
  popularity: 100 * config.popularityBoost * parts.popularity,
  personal: 100 * config.personalizedWeight * parts.personal,
});

/** The longest run of one shape allowed, or null for no constraint (diversityFactor 0). */
export function diversityRun(diversityFactor: number): number | null {
  if (diversityFactor <= 0) return null;
  return Math.max(1, Math.round(DIVERSITY_MAX_RUN * (1 - 2 * diversityFactor)));
}

/** The index of the first experience option holding these years (options share their ends). */
const experienceBracket = (years: number) =>
  EXPERIENCE_OPTIONS.findIndex((o) => years >= o.minYears && (o.maxYears === null || years <= o.maxYears));

/** Her experience bracket with her price bracket. */
export const profileShape = (sitter: { experience_years: number; rate: number }) =>
  `${experienceBracket(sitter.experience_years)}:${Math.floor(sitter.rate / PRICE_BRACKET_CENTS)}`;

/**
 * The items re-ranked so that no more than `maxRun` in a row share a shape: at each place the first
 * item left that does not lengthen a run past maxRun, else the first item left. Null: unchanged.
 */
export function diversify<T>(items: readonly T[], maxRun: number | null, shapeOf: (item: T) => string): T[] {
  if (maxRun === null) return [...items];
  const left = [...items];
  const out: T[] = [];
  let runShape: string | null = null;
  let run = 0;
  while (left.length > 0) {
    const index = left.findIndex((item) => shapeOf(item) !== runShape || run < maxRun);
    const [item] = left.splice(Math.max(0, index), 1);
    const shape = shapeOf(item);
    run = shape === runShape ? run + 1 : 1;
    runShape = shape;
    out.push(item);
  }
  return out;
}

export const loadRecommendationsConfig = (db: Db): Promise<RecommendationsConfig> =>
  loadAiSettings(db, "recommendations");
