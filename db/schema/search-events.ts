// One row per search a person ran (its first page; turning pages is the same search), for the
// console's search analytics and the unmet demand per city. Nothing in a row points at a person:
// no user, session, address, agent nor position. The place is the commune the search named (a
// typed city or postal code); a search around the browser's position or the default (Paris) keeps
// no place, since a position is personal. Rows older than SEARCH_EVENT_RETENTION_DAYS are deleted
// by the cron. Who searched for the first time is kept on the profile instead (first_search_at).
import { sqliteTable, text, integer, index, check } from "drizzle-orm/sqlite-core";
import { cities } from "./cities";
import { createdAt } from "./columns";
import { atLeast, oneOf } from "./checks";
import { SEARCH_ORIGIN_SOURCES } from "./enums";

export const searchEvents = sqliteTable(
  "search_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    /** The commune searched around when the search named one; null for a position or the default. */
    cityId: text("city_id").references(() => cities.id, { onDelete: "set null" }),
    originSource: text("origin_source", { enum: SEARCH_ORIGIN_SOURCES }).notNull(),
    /** The free-text words left once a place is taken out, folded (lowercase, no accents); null when none. */
    queryText: text("query_text"),
    /** The filters set, by name in a fixed order, comma-separated ("minRate,languages"); "" for none. */
    filters: text("filters").notNull().default(""),
    sort: text("sort").notNull(),
    resultCount: integer("result_count").notNull(),
    signedIn: integer("signed_in", { mode: "boolean" }).notNull(),
  },
  (t) => [
    check("search_events_origin_source_check", oneOf(t.originSource, SEARCH_ORIGIN_SOURCES)),
    check("search_events_result_count_check", atLeast(t.resultCount, 0)),
    index("search_events_created_idx").on(t.createdAt),
    /** Unmet demand per city over a period. */
    index("search_events_city_created_idx").on(t.cityId, t.createdAt),
  ],
);
