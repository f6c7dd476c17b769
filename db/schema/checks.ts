// CHECK constraint bodies built from the constants modules (db/constants/*, ./enums), so a limit
// or an enum list is written once and the database enforces the very value the validators use.
// The literals come from our own constants, never from input: that is why sql.raw is safe here.
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

type Operand = SQLiteColumn | SQL;

function literal(value: number | string): SQL {
  if (typeof value === "string") return sql.raw(`'${value.replace(/'/g, "''")}'`);
  if (!Number.isFinite(value)) throw new Error(`a CHECK bound must be a finite number, got ${value}`);
  return sql.raw(String(value));
}

/** `col IN ('a', 'b')`. */
export const oneOf = (column: SQLiteColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.join(values.map(literal), sql.raw(", "))})`;

/** `x BETWEEN min AND max` (both ends allowed). */
export const between = (operand: Operand, min: number, max: number): SQL =>
  sql`${operand} BETWEEN ${literal(min)} AND ${literal(max)}`;

export const atLeast = (operand: Operand, min: number): SQL => sql`${operand} >= ${literal(min)}`;
export const atMost = (operand: Operand, max: number): SQL => sql`${operand} <= ${literal(max)}`;
export const above = (operand: Operand, bound: number): SQL => sql`${operand} > ${literal(bound)}`;

/** Characters of a text column. */
export const lengthOf = (column: SQLiteColumn): SQL => sql`length(${column})`;

/** The rule holds, or the column is empty (a nullable column). */
export const nullOr = (column: SQLiteColumn, rule: SQL): SQL => sql`${column} IS NULL OR ${rule}`;
