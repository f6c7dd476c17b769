// The search cache (services/search/search-cache.ts) as a visitor meets it: the same signed-out search
// twice is answered the second time from the cache, identical; a signed-in parent's search never is;
// a sitter's change (her rate), an admin's change of the matching settings and a suspension each show
// on the very next search, never a stale answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { DEMO_AI_SETTINGS } from "../../db/seed/build-operations";
import { call, execute, fromAddress, freshAddress, type Member, memberOf, newMember } from "./helpers";

// A radius no other test asks for: this file's searches are its own cache entries.
const QUERY = "/api/search?location=Lyon&radius=19";
let admin: Member;
let parent: Member;

const anonymous = () => call("GET", QUERY, { headers: fromAddress(freshAddress()) });
const cacheOf = (answer: { headers: Headers }) => answer.headers.get("x-search-cache");

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  parent = await newMember("parent");
});
afterAll(async () => {
  await call("POST", "/api/admin/ai-config/restore-defaults", { cookie: admin.cookie });
  await call("PUT", "/api/admin/ai-config/security", { cookie: admin.cookie, json: DEMO_AI_SETTINGS.security });
});

describe("the search cache", () => {
  it("answers a repeated signed-out search from the cache, a signed-in one never, and nothing stale", async () => {
    const first = await anonymous();
    expect(first.status).toBe(200);
    expect(first.body.results.length).toBeGreaterThan(1);
    expect(cacheOf(first)).toBe("miss");
    const again = await anonymous();
    expect(cacheOf(again)).toBe("hit");
    expect(again.body).toEqual(first.body);
    const signedIn = await call("GET", QUERY, { cookie: parent.cookie, headers: fromAddress(freshAddress()) });
    expect(cacheOf(signedIn)).toBe("bypass");

    // A sitter raises her rate: the next search shows it.
    const sitter = first.body.results[0];
    await execute("UPDATE babysitter_profiles SET hourly_rate_cents = hourly_rate_cents + 100 WHERE profile_id = ?", [
      sitter.id,
    ]);
    try {
      const afterRate = await anonymous();
      expect(cacheOf(afterRate)).toBe("miss");
      const card = afterRate.body.results.find((result: { id: string }) => result.id === sitter.id);
      expect(card.hourly_rate_cents).toBe(sitter.hourly_rate_cents + 100);
    } finally {
      await execute("UPDATE babysitter_profiles SET hourly_rate_cents = hourly_rate_cents - 100 WHERE profile_id = ?", [
        sitter.id,
      ]);
    }

    // An admin's new matching weights rank the very next search.
    expect(cacheOf(await anonymous())).toBe("miss"); // the rate put back is a change too
    expect(cacheOf(await anonymous())).toBe("hit");
    const priceOnly = {
      ...AI_CONFIG_DEFAULTS.matching,
      weightProfile: 0,
      weightLocation: 0,
      weightAvailability: 0,
      weightRating: 0,
      weightPrice: 1,
    };
    expect((await call("PUT", "/api/admin/ai-config/matching", { cookie: admin.cookie, json: priceOnly })).status).toBe(
      200,
    );
    const reranked = await anonymous();
    expect(cacheOf(reranked)).toBe("miss"); // ranked with the new weights, not the stored order
  }, 60_000);

  it("never serves a sitter suspended since the answer was stored", async () => {
    const demoSitter = await memberOf(DEMO_ACCOUNTS.babysitter.email);
    await anonymous();
    const stored = await anonymous();
    expect(cacheOf(stored)).toBe("hit");
    // The last sitter of the answer (not the demo account other tests sign in as).
    const ids: string[] = stored.body.results.map((result: { id: string }) => result.id);
    const target = ids.filter((id) => id !== demoSitter.profileId).at(-1)!;
    const act = (path: string) =>
      call("POST", `/api/admin/users/${target}/${path}`, { cookie: admin.cookie, json: { reason: "Test du cache" } });
    expect((await act("suspend")).status).toBe(200);
    try {
      const after = await anonymous();
      expect(cacheOf(after)).toBe("miss");
      expect(after.body.results.map((result: { id: string }) => result.id)).not.toContain(target);
    } finally {
      expect((await act("unsuspend")).status).toBe(200);
    }
    const back = await anonymous();
    expect(cacheOf(back)).toBe("miss");
    expect(back.body.results.map((result: { id: string }) => result.id)).toContain(target);
  }, 60_000);
});
