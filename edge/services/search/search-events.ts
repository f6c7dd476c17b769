// The record of each search for the console's analytics (db/schema/search-events.ts): what was
// looked for, where and with which filters, and how many sitters answered; never who looked. The
// first search of a signed-in person is marked on her profile (first_search_at), for the funnel.
// Written after the answer is sent (waitUntil), so a search never waits for its own record.
import { lt, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { profiles, searchEvents } from "@db/schema";
import { NOW_ISO } from "@db/schema/columns";
import {
  SEARCH_EVENT_FILTERS,
  SEARCH_EVENT_QUERY_MAX_LENGTH,
  SEARCH_EVENT_RETENTION_DAYS,
} from "@db/constants/analytics";
import { SEARCH_RADIUS_KM } from "@db/constants/limits";
import { foldName } from "@db/text/fold";
import type { SearchQuery } from "@db/validators/search";
import type { PreparedSearch } from "./search";

type SearchEvent = typeof searchEvents.$inferInsert;

/** The filters a query sets, by name in SEARCH_EVENT_FILTERS order ("" for none). */
export function filtersSet(query: SearchQuery): string {
  return SEARCH_EVENT_FILTERS.filter((name) => {
    if (name === "radius") return query.radius !== SEARCH_RADIUS_KM.default;
    const value = query[name];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false;
  }).join(",");
}

/** The event of a search's first page; null for a later page (the same search, turned). */
export function searchEventOf(
  query: SearchQuery,
  prepared: Pick<PreparedSearch, "origin" | "text" | "cityId">,
  resultCount: number,
  signedIn: boolean,
): SearchEvent | null {
  if (query.page > 1) return null;
  const words = foldName(prepared.text ?? "")
    .slice(0, SEARCH_EVENT_QUERY_MAX_LENGTH)
    .trim();
  return {
    cityId: prepared.cityId,
    originSource: prepared.origin.source,
    queryText: words || null,
    filters: filtersSet(query),
    sort: query.sort,
    resultCount,
    signedIn,
  };
}

/** The event, and the person's first search when she is signed in and had none. */
export async function recordSearch(db: Db, event: SearchEvent, userId: string | null): Promise<void> {
  const insert = db.insert(searchEvents).values(event);
  if (!userId) {
    await insert;
    return;
  }
  // Plain SQL, not db.update: the profile's updated_at says when she changed it, and a search is not that.
  await db.batch([
    insert,
    db.run(sql`UPDATE ${profiles} SET first_search_at = ${NOW_ISO}
      WHERE ${profiles.userId} = ${userId} AND ${profiles.firstSearchAt} IS NULL`),
  ]);
}

/** Deletes the events past their retention (the cron); returns how many went. */
export async function purgeSearchEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SEARCH_EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const deleted = await db
    .delete(searchEvents)
    .where(lt(searchEvents.createdAt, cutoff))
    .returning({ id: searchEvents.id });
  return deleted.length;
}
