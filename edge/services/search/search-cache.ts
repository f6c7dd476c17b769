// The search cache: the performance settings' cacheTimeout is how long an anonymous search's answer
// is served again from this Worker isolate's memory (its results are the same for every visitor)
// instead of being read again. It never serves what a visitor should not see:
// - the key holds the whole query and everything the search was prepared with (the origin, the
//   radius, the matching and recommendations settings, whether a background check is required), so a
//   settings change is a new key and applies at once;
// - each answer is stored with the version of the search's data (search_data_version, moved by the
//   database on every change of a sitter's listing, profile or plan: migration 0031), and an answer of
//   an older version is never served: a sitter's change shows on the next search;
// - a signed-in caller's search is never cached: members-only profiles and her own favourites and
//   bookings shape it.
// What the cache does not follow is time alone: "available today" and the order built on it may lag
// by cacheTimeout at most. The cache holds at most SEARCH_CACHE_ENTRIES answers (the oldest go first).
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import type { SearchQuery, SearchResult } from "@db/validators/search";
import { mergeAiSettings } from "../settings/ai-settings";
import type { PreparedSearch } from "./search";

export const SEARCH_CACHE_ENTRIES = 200;
/** The answer's header saying how the cache took part: hit, miss (stored now) or bypass (signed in). */
export const SEARCH_CACHE_HEADER = "x-search-cache";

type Entry = { version: number; storedAt: number; result: SearchResult };
const entries = new Map<string, Entry>();

/** The search data's version and the cache's lifetime in force, read in one statement. */
export type CacheState = { version: number; ttlMs: number };

export async function searchCacheState(db: Db): Promise<CacheState> {
  const [row] = await db.all<{ version: number | null; performance: string | null }>(sql`
    SELECT (SELECT version FROM search_data_version WHERE id = 1) AS version,
      (SELECT value FROM ai_config WHERE "group" = 'performance') AS performance`);
  const stored = row?.performance ? (JSON.parse(row.performance) as unknown) : undefined;
  return { version: Number(row?.version ?? 0), ttlMs: mergeAiSettings("performance", stored).cacheTimeout * 1000 };
}

export const searchCacheKey = (query: SearchQuery, prepared: PreparedSearch) => JSON.stringify([query, prepared]);

/** The stored answer when it is of the current version and younger than the lifetime in force. */
export function cachedSearch(key: string, state: CacheState, nowMs = Date.now()): SearchResult | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.version !== state.version || nowMs - entry.storedAt >= state.ttlMs) {
    entries.delete(key);
    return undefined;
  }
  return entry.result;
}

export function storeSearch(key: string, state: CacheState, result: SearchResult, nowMs = Date.now()): void {
  entries.delete(key); // a stored key moves to the newest end
  entries.set(key, { version: state.version, storedAt: nowMs, result });
  while (entries.size > SEARCH_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** Empties the cache (tests). */
export const clearSearchCache = () => entries.clear();
