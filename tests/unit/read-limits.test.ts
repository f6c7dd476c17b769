// The public-read limits are declared twice by necessity: READ_LIMITS (what the code and the tests
// know) and wrangler.toml's [[ratelimits]] (what Cloudflare counts). They must agree, name for name.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { READ_LIMITS } from "../../db/constants/limits";
import { untilWindowEnds } from "../../edge/services/limits/read-limits";

type DeclaredLimit = { name: string; namespace_id: string; simple: { limit: number; period: number } };
const declaredLimits = unstable_readConfig({ config: join(import.meta.dirname, "../../wrangler.toml") })
  .ratelimits as DeclaredLimit[];

describe("public-read limits", () => {
  it("are declared in wrangler.toml with READ_LIMITS' figures, one namespace each", () => {
    const declared = Object.values(READ_LIMITS).map(({ binding }) => {
      const entry = declaredLimits.find((limit) => limit.name === binding);
      return { binding, limit: entry?.simple.limit, period: entry?.simple.period };
    });
    expect(declared).toEqual(
      Object.values(READ_LIMITS).map(({ binding, maxRequests, periodSeconds }) => ({
        binding,
        limit: maxRequests,
        period: periodSeconds,
      })),
    );
    const namespaces = declaredLimits.map((limit) => limit.namespace_id);
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it("say how long until the clock-aligned window rolls over", () => {
    const minuteStart = Date.UTC(2026, 10, 26, 8, 0, 0);
    expect(untilWindowEnds(60, minuteStart)).toBe(60_000);
    expect(untilWindowEnds(60, minuteStart + 59_500)).toBe(500);
    expect(untilWindowEnds(10, minuteStart + 12_000)).toBe(8_000);
  });
});
