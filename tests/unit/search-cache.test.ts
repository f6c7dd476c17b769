// The search cache's rules (services/search/search-cache.ts): an answer is served again while it is
// of the search data's current version and younger than the lifetime in force (cacheTimeout, read
// at each request, so shortening it applies at once), and the oldest answers go first past the cap.
import { beforeEach, describe, expect, it } from "vitest";
import type { SearchResult } from "../../db/validators/search";
import {
  cachedSearch,
  clearSearchCache,
  SEARCH_CACHE_ENTRIES,
  storeSearch,
} from "../../edge/services/search/search-cache";

const answer = (total: number) => ({ total }) as unknown as SearchResult;
const state = (version: number, seconds: number) => ({ version, ttlMs: seconds * 1000 });

beforeEach(() => clearSearchCache());

describe("the search cache", () => {
  it("serves an answer of the current version until its lifetime in force ends", () => {
    storeSearch("lyon", state(7, 300), answer(12), 1_000_000);
    expect(cachedSearch("lyon", state(7, 300), 1_000_000 + 299_999)).toEqual(answer(12));
    expect(cachedSearch("lyon", state(7, 300), 1_000_000 + 300_000)).toBeUndefined();
  });

  it("never serves an answer of an older version, nor one older than a lifetime just shortened", () => {
    storeSearch("lyon", state(7, 300), answer(12), 0);
    expect(cachedSearch("lyon", state(8, 300), 1)).toBeUndefined();
    storeSearch("paris", state(8, 300), answer(3), 0);
    expect(cachedSearch("paris", state(8, 60), 60_000)).toBeUndefined();
    expect(cachedSearch("other", state(8, 300), 1)).toBeUndefined();
  });

  it("keeps the newest SEARCH_CACHE_ENTRIES answers", () => {
    for (let i = 0; i <= SEARCH_CACHE_ENTRIES; i++) storeSearch(`q${i}`, state(1, 300), answer(i), 0);
    expect(cachedSearch("q0", state(1, 300), 1)).toBeUndefined();
    expect(cachedSearch("q1", state(1, 300), 1)).toEqual(answer(1));
    expect(cachedSearch(`q${SEARCH_CACHE_ENTRIES}`, state(1, 300), 1)).toEqual(answer(SEARCH_CACHE_ENTRIES));
  });
});
