// The API timings' histogram: buckets that double every four, a percentile read as the upper bound
// of the bucket holding it, and the AI settings' reader that every effect of a setting goes through.
import { describe, expect, it } from "vitest";
import { bucketUpperMs, percentileOf, timingBucket } from "../../edge/services/monitoring/api-timings";
import { mergeAiSettings } from "../../edge/services/settings/ai-settings";
import { AI_CONFIG_DEFAULTS } from "@db/constants/ai-config";

describe("timing buckets", () => {
  it("hold each time under their upper bound, within 19 %", () => {
    for (const ms of [0, 1, 2, 3, 7, 15, 42, 99, 150, 999, 2000, 4096, 60_000]) {
      const upper = bucketUpperMs(timingBucket(ms));
      expect(upper, `${ms} ms`).toBeGreaterThanOrEqual(Math.max(ms, 1));
      expect(upper, `${ms} ms`).toBeLessThanOrEqual(Math.max(1, Math.ceil(ms * 1.19)));
    }
  });

  it("give the p95 as the bucket where 95 % of the answers are reached", () => {
    const fast = { bucket: timingBucket(10), count: 95 };
    const slow = { bucket: timingBucket(3000), count: 5 };
    expect(percentileOf([fast, slow], 0.95)).toEqual({ ms: bucketUpperMs(fast.bucket), samples: 100 });
    expect(percentileOf([fast, { ...slow, count: 6 }], 0.95)?.ms).toBe(bucketUpperMs(slow.bucket));
    expect(percentileOf([], 0.95)).toBeNull();
  });
});

describe("AI settings as read by their effects", () => {
  it("take each stored value of the right type within its bounds, else the default", () => {
    const stored = {
      responseTimeTarget: 900,
      cacheTimeout: 5, // below its 60 s minimum
      maxConcurrentRequests: "50", // not a number
    };
    expect(mergeAiSettings("performance", stored)).toEqual({
      ...AI_CONFIG_DEFAULTS.performance,
      responseTimeTarget: 900,
    });
    expect(mergeAiSettings("security", { backgroundCheckRequired: false, autoBlockEnabled: 0 })).toEqual({
      ...AI_CONFIG_DEFAULTS.security,
      backgroundCheckRequired: false,
    });
    expect(mergeAiSettings("recommendations", null)).toEqual(AI_CONFIG_DEFAULTS.recommendations);
  });
});
