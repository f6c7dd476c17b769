// A parent's favourite babysitters (persisted, unlike the prototype).
import { sql } from "drizzle-orm";
import { sqliteTable, text, index, check, primaryKey } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { createdAt } from "./columns";

export const favourites = sqliteTable(
  "favourites",
  {
    parentProfileId: text("parent_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    babysitterProfileId: text("babysitter_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.parentProfileId, t.babysitterProfileId] }),
    check("favourites_distinct_check", sql`${t.parentProfileId} <> ${t.babysitterProfileId}`),
    index("favourites_babysitter_idx").on(t.babysitterProfileId),
  ],
);
