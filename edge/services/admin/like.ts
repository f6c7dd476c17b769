// Typed searches of the console's lists: "contains" in SQL LIKE, the text's own % and _ taken literally.
import { sql, type SQL } from "drizzle-orm";

/** `text` as a LIKE pattern that matches it anywhere. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column LIKE pattern` with backslash as the escape character `containing` uses. */
export const likeEscaped = (column: SQL, pattern: string) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
