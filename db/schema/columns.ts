// Column helpers shared by the domain tables (not tables themselves, so not re-exported).
import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** ISO-8601 UTC with milliseconds, the format every domain time column uses (sorts as text). */
export const NOW_ISO = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const uuidPk = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const createdAt = () => text("created_at").notNull().default(NOW_ISO);
export const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(NOW_ISO)
    .$onUpdateFn(() => new Date().toISOString());
