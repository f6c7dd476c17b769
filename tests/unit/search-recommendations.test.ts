// The recommendations' formulas (edge/services/search/recommendations.ts): popularity on a log scale,
// the affinity that a higher learningRate raises, the points each adds, and the diversity re-ranking
// with its run length from diversityFactor.
import { describe, expect, it } from "vitest";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import {
  affinity,
  boostPoints,
  diversify,
  diversityRun,
  popularity,
  PRICE_BRACKET_CENTS,
  profileShape,
} from "../../edge/services/search/recommendations";

const defaults = AI_CONFIG_DEFAULTS.recommendations;

describe("popularity", () => {
  it("is ln(1 + reviews) / ln(1 + most reviews): 1 for the most reviewed, 0 without reviews", () => {
    expect(popularity(40, 40)).toBe(1);
    expect(popularity(0, 40)).toBe(0);
    expect(popularity(3, 15)).toBeCloseTo(Math.log(4) / Math.log(16), 12);
    expect(popularity(0, 0)).toBe(0);
  });

  it("grows with the reviews, faster at first (log scale)", () => {
    const values = [0, 1, 5, 10, 20, 40].map((n) => popularity(n, 40));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(popularity(10, 40)).toBeGreaterThan(0.5); // a quarter of the reviews, well over a quarter of the lift
  });
});

describe("affinity", () => {
  it("is 0 without interaction and 1 - (1 - learningRate)^(30 k)", () => {
    expect(affinity(0, 0.1)).toBe(0);
    expect(affinity(1, defaults.learningRate)).toBeCloseTo(1 - 0.99 ** 30, 12);
    expect(affinity(2, defaults.learningRate)).toBeCloseTo(1 - 0.99 ** 60, 12);
  });

  it("gives the default a meaningful effect: a favourite is about a quarter of the way to 1", () => {
    expect(affinity(1, defaults.learningRate)).toBeGreaterThan(0.2);
    expect(affinity(1, defaults.learningRate)).toBeLessThan(0.3);
  });

  it("rises with each interaction and with the learning rate, staying below 1", () => {
    for (const rate of [0.001, 0.01, 0.05, 0.1]) {
      expect(affinity(2, rate)).toBeGreaterThan(affinity(1, rate));
      expect(affinity(5, rate)).toBeLessThan(1);
    }
    for (const k of [1, 2, 3]) {
      expect(affinity(k, 0.02)).toBeGreaterThan(affinity(k, 0.01));
      expect(affinity(k, 0.1)).toBeGreaterThan(affinity(k, 0.05));
      expect(affinity(k, 0.002)).toBeGreaterThan(affinity(k, 0.001));
    }
  });
});

describe("boostPoints", () => {
  it("adds 100 x popularityBoost x popularity and 100 x personalizedWeight x affinity", () => {
    expect(boostPoints({ popularity: 0.5, personal: 0.25 }, defaults)).toEqual({
      popularity: 100 * defaults.popularityBoost * 0.5,
      personal: 100 * defaults.personalizedWeight * 0.25,
    });
    expect(
      boostPoints({ popularity: 1, personal: 1 }, { ...defaults, popularityBoost: 0, personalizedWeight: 0 }),
    ).toEqual({ popularity: 0, personal: 0 });
  });
});

describe("diversityRun", () => {
  it("is no constraint at 0, then max(1, round(5 x (1 - 2 x factor)))", () => {
    expect(diversityRun(0)).toBeNull();
    expect(diversityRun(0.1)).toBe(4);
    expect(diversityRun(defaults.diversityFactor)).toBe(3);
    expect(diversityRun(0.3)).toBe(2);
    expect(diversityRun(0.4)).toBe(1);
    expect(diversityRun(0.5)).toBe(1);
  });
});

describe("profileShape", () => {
  it("is the experience bracket (the first option holding the years) with the price bracket", () => {
    const shape = (years: number, rate: number) => profileShape({ experience_years: years, rate });
    expect(shape(0, 1200)).toBe(shape(1, 1400)); // 0-1 year, 10-14.99 euros
    expect(shape(2, 1200)).not.toBe(shape(1, 1200)); // 1-3 against 0-1
    expect(shape(6, 1200)).toBe(shape(12, 1200)); // 5+
    expect(shape(6, 1200)).not.toBe(shape(6, 1200 + PRICE_BRACKET_CENTS));
  });
});

/** The longest run of one shape in a list of shapes. */
const longestRun = (shapes: string[]) =>
  shapes.reduce(
    (acc, shape, i) => {
      const run = i > 0 && shapes[i - 1] === shape ? acc.run + 1 : 1;
      return { run, max: Math.max(acc.max, run) };
    },
    { run: 0, max: 0 },
  ).max;

describe("diversify", () => {
  const items = ["a1", "a2", "a3", "a4", "a5", "b1", "a6", "b2", "c1", "a7"];
  const shapeOf = (item: string) => item[0];

  it("leaves the order as it is without constraint", () => {
    expect(diversify(items, null, shapeOf)).toEqual(items);
  });

  it("allows no more than N of a shape in a row, taking the best ranked that fits", () => {
    expect(diversify(items, 2, shapeOf)).toEqual(["a1", "a2", "b1", "a3", "a4", "b2", "a5", "a6", "c1", "a7"]);
    expect(diversify(items, 1, shapeOf)).toEqual(["a1", "b1", "a2", "b2", "a3", "c1", "a4", "a5", "a6", "a7"]);
    for (const n of [1, 2, 3]) {
      const ranked = diversify(items, n, shapeOf);
      expect([...ranked].sort()).toEqual([...items].sort()); // a permutation: nobody lost or doubled
    }
  });

  it("keeps a run only once no other shape is left", () => {
    const ranked = diversify(items, 1, shapeOf);
    const tail = ranked.slice(ranked.lastIndexOf("c1") + 1);
    expect(tail.every((item) => item[0] === "a")).toBe(true);
    expect(longestRun(ranked.slice(0, ranked.lastIndexOf("c1") + 1).map(shapeOf))).toBe(1);
  });

  it("changes nothing where the order already fits", () => {
    expect(diversify(items, 5, shapeOf)).toEqual(items);
  });
});
