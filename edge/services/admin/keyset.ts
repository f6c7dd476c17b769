// Keyset paging ("seek") for the console's exports: the rows that come after a given row in a list's
// order, found by comparing the order's keys with that row's values instead of counting rows from the
// start (OFFSET reads and drops every row before the page, so a long file costs the square of its
// length). The order's last key is unique (the row's id), so "after" is exact: rows that tie on the
// other keys are neither lost nor repeated at a page's boundary, and a page is one range of an index
// on the keys, however deep in the file it starts.
import { and, asc, desc, isNotNull, isNull, sql, type Column, type SQL } from "drizzle-orm";

export type SortDirection = "asc" | "desc";

/** One key of a list's order: its column, and the value the page's previous row holds in it. */
export type SeekKey = { column: Column; value: unknown };

/** ORDER BY the keys' columns, every one in `dir`. */
export const orderByKeys = (columns: readonly Column[], dir: SortDirection) =>
  columns.map((column) => (dir === "asc" ? asc(column) : desc(column)));

/** `(k1, k2, ...) > (v1, v2, ...)` (or `<` descending): one range of an index on the keys. */
function rowValueAfter(keys: readonly SeekKey[], dir: SortDirection): SQL {
  const columns = sql.join(
    keys.map((key) => sql`${key.column}`),
    sql`, `,
  );
  const values = sql.join(
    keys.map((key) => sql`${key.value}`),
    sql`, `,
  );
  return dir === "asc" ? sql`(${columns}) > (${values})` : sql`(${columns}) < (${values})`;
}

/**
 * The conditions that select the rows after the cursor, to be read in turn, each with the order's
 * ORDER BY and each a single index range, until a page is full. One condition when no key can be
 * NULL. A nullable first key (a user's city) splits the order in two runs, since SQLite sorts NULL
 * before every value ascending and after every value descending, and `x > NULL` is never true: the
 * cursor's run continues first, then the other run comes whole. Only the first key may be nullable
 * (the id that ends every order is not), which is all the console's orders need.
 */
export function seekRuns(keys: readonly SeekKey[], dir: SortDirection): SQL[] {
  const [first, ...rest] = keys;
  if (rest.some((key) => !key.column.notNull)) throw new Error("keyset: only an order's first key may be NULL");
  if (first.column.notNull || rest.length === 0) return [rowValueAfter(keys, dir)];
  const nullRun = (after: SQL) => and(isNull(first.column), after)!;
  if (first.value === null || first.value === undefined) {
    const inNullRun = nullRun(rowValueAfter(rest, dir));
    return dir === "asc" ? [inNullRun, isNotNull(first.column)] : [inNullRun];
  }
  const inValueRun = rowValueAfter(keys, dir);
  return dir === "asc" ? [inValueRun] : [inValueRun, isNull(first.column)];
}

/**
 * Up to `limit` rows after the cursor (`keysOf(cursor)`; none: from the first row): `read` runs one
 * query with the extra condition and limit it is given, in the list's order.
 */
export async function seekPage<R>(
  limit: number,
  cursor: SeekKey[] | null,
  dir: SortDirection,
  read: (after: SQL | undefined, limit: number) => Promise<R[]>,
): Promise<R[]> {
  if (!cursor) return read(undefined, limit);
  const rows: R[] = [];
  for (const run of seekRuns(cursor, dir)) {
    rows.push(...(await read(run, limit - rows.length)));
    if (rows.length === limit) break;
  }
  return rows;
}
