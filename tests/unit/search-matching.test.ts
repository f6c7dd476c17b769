// The match score's definition (edge/services/search/matching.ts): each part 0-1, the weighted score, and
// the AI configuration read over its defaults.
import { describe, expect, it } from "vitest";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import {
  matchParts,
  matchScore,
  mergeMatchingConfig,
  type MatchInput,
  type MatchingConfig,
} from "../../edge/services/search/matching";

const config: MatchingConfig = { ...AI_CONFIG_DEFAULTS.matching };
const range = { lowCents: 1000, highCents: 2000 };
const sitter: MatchInput = {
  distanceKm: 3,
  rating: 4,
  hourlyRateCents: 1500,
  availableToday: true,
  availableSomeDay: true,
  covered: [],
  hasPhoto: true,
  hasBio: true,
  isVerified: false,
  hasReferences: false,
};

describe("matchParts", () => {
  it("gives each part on 0-1 by its rule", () => {
    expect(matchParts(sitter, range, config)).toEqual({
      profile: 0.5, // photo and bio, neither verified nor references
      location: 1 - 3 / config.maxDistance,
      availability: 1,
      rating: 0.8,
      price: 0.5,
    });
  });

  it("location falls to 0 at maxDistance and stays there", () => {
    expect(matchParts({ ...sitter, distanceKm: 0 }, range, config).location).toBe(1);
    expect(matchParts({ ...sitter, distanceKm: config.maxDistance }, range, config).location).toBe(0);
    expect(matchParts({ ...sitter, distanceKm: 40 }, range, config).location).toBe(0);
  });

  it("availability: today 1, another day 0.5, never 0", () => {
    expect(matchParts({ ...sitter, availableToday: false }, range, config).availability).toBe(0.5);
    expect(matchParts({ ...sitter, availableToday: false, availableSomeDay: false }, range, config).availability).toBe(
      0,
    );
  });

  it("rating scores 0 below the configuration's minRating", () => {
    expect(matchParts({ ...sitter, rating: 2.9 }, range, config).rating).toBe(0);
    expect(matchParts({ ...sitter, rating: 3 }, range, config).rating).toBe(0.6);
    expect(matchParts({ ...sitter, rating: 2 }, range, { ...config, minRating: 0 }).rating).toBe(0.4);
  });

  it("price: cheapest 1, dearest 0, clamped outside the range, 1 when the range is a single price", () => {
    expect(matchParts({ ...sitter, hourlyRateCents: 1000 }, range, config).price).toBe(1);
    expect(matchParts({ ...sitter, hourlyRateCents: 2000 }, range, config).price).toBe(0);
    expect(matchParts({ ...sitter, hourlyRateCents: 2500 }, range, config).price).toBe(0);
    expect(matchParts(sitter, { lowCents: 1500, highCents: 1500 }, config).price).toBe(1);
  });

  it("profile averages the requested lists' coverage with completeness", () => {
    const covered = [
      { requested: 2, matched: 1 },
      { requested: 1, matched: 1 },
      { requested: 0, matched: 0 },
    ];
    // coverage (0.5 + 1) / 2 = 0.75, completeness 0.5
    expect(matchParts({ ...sitter, covered }, range, config).profile).toBeCloseTo(0.625);
    const complete = { ...sitter, isVerified: true, hasReferences: true };
    expect(matchParts(complete, range, config).profile).toBe(1);
  });
});

describe("matchScore", () => {
  it("is 100 x the weighted mean of the parts", () => {
    const parts = { profile: 1, location: 0.5, availability: 0, rating: 1, price: 0 };
    const w = config;
    const expected =
      (100 * (w.weightProfile + 0.5 * w.weightLocation + w.weightRating)) /
      (w.weightProfile + w.weightLocation + w.weightAvailability + w.weightRating + w.weightPrice);
    expect(matchScore(parts, config)).toBeCloseTo(expected);
    expect(matchScore({ profile: 1, location: 1, availability: 1, rating: 1, price: 1 }, config)).toBeCloseTo(100);
  });

  it("follows the weights, and is 0 when they are all 0", () => {
    const parts = { profile: 0, location: 1, availability: 0, rating: 0, price: 0 };
    const locationOnly = { ...config, weightProfile: 0, weightAvailability: 0, weightRating: 0, weightPrice: 0 };
    expect(matchScore(parts, locationOnly)).toBe(100);
    expect(matchScore(parts, { ...locationOnly, weightLocation: 0 })).toBe(0);
  });
});

describe("mergeMatchingConfig", () => {
  it("takes the stored values over the defaults", () => {
    expect(mergeMatchingConfig({ weightPrice: 0.5, maxDistance: 30 })).toEqual({
      ...AI_CONFIG_DEFAULTS.matching,
      weightPrice: 0.5,
      maxDistance: 30,
    });
  });

  it("falls back to the default for a missing row, a wrong type or an out-of-bounds value", () => {
    expect(mergeMatchingConfig(undefined)).toEqual(AI_CONFIG_DEFAULTS.matching);
    expect(mergeMatchingConfig("oops")).toEqual(AI_CONFIG_DEFAULTS.matching);
    expect(mergeMatchingConfig({ weightPrice: "0.5", weightRating: 7, maxDistance: 0, minRating: Number.NaN })).toEqual(
      AI_CONFIG_DEFAULTS.matching,
    );
  });
});
