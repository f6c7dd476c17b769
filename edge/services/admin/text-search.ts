// The console's typed searches through the trigram indexes of migration 0036 (profiles_text for Users,
// audit_text for Audit): "contains this text", answered from the text's three-character pieces.
// Each index holds, per source row (its rowid), the columns that row's search looks into. A trigram
// match folds case (in every script, where SQLite's LIKE folds ASCII only) and keeps accents.
// A text of one or two characters has no trigram, so those searches fall back to LIKE over the rows
// (see like.ts): short texts are the broad ones, which match most rows anyway.
import { or, sql, type SQL } from "drizzle-orm";
import { profiles } from "@db/schema/profiles";
import { containing, likeEscaped } from "./like";

/** A trigram index finds texts of at least three characters (counted as code points). */
export const hasTrigrams = (text: string) => [...text].length >= 3;

/** `text` as one FTS5 phrase: every character literal, a double quote doubled. */
export const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `phrase` restricted to some of the index's columns, in FTS5's query syntax. */
export const inColumns = (columns: readonly string[], text: string) => `{${columns.join(" ")}} : ${phrase(text)}`;

type TextIndex = "profiles_text" | "audit_text";

/** The rowids of `index` whose text matches the FTS5 `query`: a SELECT, to limit or join with others. */
export const rowidsMatching = (index: TextIndex, query: string): SQL =>
  sql`SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${query}`;

/** rowidsMatching as a subquery (`rowid IN` it). */
export const matchingRowids = (index: TextIndex, query: string): SQL => sql`(${rowidsMatching(index, query)})`;

/**
 * A typed search on people (the Users and Subscriptions lists): part of the full name, the email or
 * the city, or one of `phones` (digits already normalised by the caller) in the phone number. From
 * three characters on it is answered by profiles_text, whose columns are these four; shorter texts
 * (never a phone: those need four digits) are matched with LIKE.
 */
export function profileTextCondition(q: string, phones: readonly string[] = []): SQL {
  if (hasTrigrams(q)) {
    const query = [inColumns(["name", "email", "city"], q), ...phones.map((phone) => inColumns(["phone"], phone))];
    return sql`${profiles}.rowid IN ${matchingRowids("profiles_text", query.join(" OR "))}`;
  }
  const pattern = containing(q);
  return or(
    likeEscaped(sql`(${profiles.firstName} || ' ' || ${profiles.lastName})`, pattern),
    likeEscaped(sql`${profiles.email}`, pattern),
    likeEscaped(sql`${profiles.city}`, pattern),
  )!;
}
