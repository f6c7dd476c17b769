// Column helpers shared by the domain tables (not tables themselves, so not re-exported).
import { sql, type SQL } from "drizzle-orm";
import { text, type SQLiteColumn } from "drizzle-orm/sqlite-core";

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

/** `col IN ('a','b')` for CHECK constraints; the values come from our own enum lists, never user input. */
export function inList(column: SQLiteColumn, values: readonly string[]): SQL {
  const literals = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(literals)})`;
}
