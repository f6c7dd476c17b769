// The admin console's Audit section: the log over a period, searched and filtered, with its stat
// cards, and the same entries as CSV. Read-only: nothing here (nor anywhere) changes an entry.
//
// Cost, with a million entries a year (tests/bench/admin-console.ts): the page of entries walks the
// (created_at, status, severity) index from the period's newest (or oldest) end, so a status or a
// severity is checked in the index and only the listed entries are read. Without a search the stat
// cards, whose total is also the list's, count from audit_days (migrations 0035 and 0038: the entries
// per UTC day, action, status and severity, kept by a trigger as entries are written) for the whole
// days after the period's first, and from the index for the rest of that first day. A search finds
// its entries through the actions' names and the trigram index audit_text (migration 0036) over the
// other columns, reads them one by one when they are few, and counts the actions' part from
// audit_days when they are many; only a text found in many entries' other columns reads every entry
// of the period (see searchOf).
import { and, type AnyColumn, count, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { auditEvents } from "@db/schema/audit-events";
import { auditDays } from "@db/schema/console-rollups";
import {
  AUDIT_PAGE_SIZE,
  AUDIT_PERIOD_DAYS,
  type AuditEventDto,
  type AuditExportQuery,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
} from "@db/validators/admin-audit";
import type { Lang } from "../../lib/i18n";
import { auditedCsvExport, EXPORT_PAGE_ROWS, wordsOf, type CsvFile } from "./csv-export";
import { orderByKeys, seekPage } from "./keyset";
import { containing, likeEscaped } from "./like";
import { hasTrigrams, matchingRowids, phrase, rowidsMatching } from "./text-search";
import type { AdminContext } from "./users";

const DAY_MS = 86_400_000;

/** The period's start; the period has no end: an entry dated ahead (a clock ahead) is in it. */
const sinceOf = (filters: AuditFilters, nowMs: number) =>
  new Date(nowMs - AUDIT_PERIOD_DAYS[filters.period] * DAY_MS).toISOString();

/** The columns a search looks into: the action, and audit_text's. */
const SEARCHED = [
  auditEvents.action,
  auditEvents.resource,
  auditEvents.details,
  auditEvents.userName,
  auditEvents.ipAddress,
] as const;

/** A text found in at most this many entries is read entry by entry, from the indexes. */
export const FEW_ENTRIES = 5000;

/**
 * How a typed search finds its entries: `where`, the condition on an entry; for a search counted
 * through the actions, `action` (the entry's action holds the text), `actionDays` (the same of an
 * audit_days row) and `rest` (another column of the entry holds it).
 */
type Search = { where: SQL; byAction?: { action: SQL; actionDays: SQL; rest: SQL } };

/** Whether the trigram index finds `text` in at most FEW_ENTRIES entries of the whole log. */
async function fewFound(db: Db, text: string): Promise<boolean> {
  const matches = sql`${rowidsMatching("audit_text", phrase(text))} LIMIT ${FEW_ENTRIES + 1}`;
  const [{ found }] = await db.all<{ found: number }>(sql`SELECT count(*) AS found FROM (${matches})`);
  return found <= FEW_ENTRIES;
}

/**
 * The log's actions whose name holds the text (LIKE `pattern`): a few dozen names, read by seeking
 * the action index from each name to the next instead of reading its million entries.
 */
async function actionsHolding(db: Db, pattern: string): Promise<string[]> {
  const rows = await db.all<{ action: string }>(sql`
    WITH RECURSIVE names(action) AS (
      SELECT min(action) FROM audit_events
      UNION ALL SELECT (SELECT min(action) FROM audit_events WHERE action > names.action)
      FROM names WHERE names.action IS NOT NULL)
    SELECT action FROM names WHERE ${likeEscaped(sql`action`, pattern)}`);
  return rows.map((row) => row.action);
}

/** About how many entries of these actions the period holds (its first day counted whole). */
async function actionEntriesSince(db: Db, actions: string[], since: string): Promise<number> {
  const [{ entries }] = await db.all<{ entries: number }>(sql`SELECT coalesce(sum(events), 0) AS entries
    FROM audit_days WHERE day >= ${since.slice(0, 10)} AND ${inArray(auditDays.action, actions)}`);
  return Number(entries);
}

/**
 * How a typed text is searched over the period from `since`. Its matches are the entries whose action
 * holds it (the actions' names, matched with LIKE) and those whose resource, details, name or address
 * holds it (the trigram index audit_text). When the index finds it in at most FEW_ENTRIES entries:
 * - no action holds it (a person, an address, an id: what one looks for in a log): the index's
 *   entries are read, and that costs their number;
 * - the actions that hold it have at most FEW_ENTRIES entries in the period: those are read from the
 *   action index, with the index's;
 * - they have more (every sign-in holds "auth.sign_in"): the page walks the period from its newest
 *   entry, matches being many, and the stat cards count the actions' part from audit_days.
 * A text the index finds in more entries, or of one or two characters (no trigram), is matched with
 * LIKE on each entry of the period.
 */
async function searchOf(db: Db, q: string, since: string): Promise<Search> {
  const pattern = containing(q);
  if (!hasTrigrams(q) || !(await fewFound(db, q)))
    return { where: or(...SEARCHED.map((column) => likeEscaped(sql`${column}`, pattern)))! };
  const rest = sql`${auditEvents}.rowid IN ${matchingRowids("audit_text", phrase(q))}`;
  const actions = await actionsHolding(db, pattern);
  if (actions.length === 0) return { where: rest };
  const action = inArray(auditEvents.action, actions);
  if ((await actionEntriesSince(db, actions, since)) <= FEW_ENTRIES) {
    const ofActions = sql`SELECT rowid FROM audit_events WHERE ${action} AND created_at >= ${since}`;
    return {
      where: sql`${auditEvents}.rowid IN (${ofActions} UNION ALL ${rowidsMatching("audit_text", phrase(q))})`,
    };
  }
  // `+action`: never the action index here. SQLite would otherwise read the OR as two index reads
  // (every entry of the actions, then the index's) and sort them all, where walking the period from
  // its newest entry finds a page of matches at once.
  const walked = sql`+${auditEvents.action} IN (${sql.join(
    actions.map((name) => sql`${name}`),
    sql`, `,
  )})`;
  return { where: or(walked, rest)!, byAction: { action, actionDays: inArray(auditDays.action, actions), rest } };
}

/** The period and the filters; `search` is searchOf's condition for the filters' text. */
function filtersWhere(filters: AuditFilters, nowMs: number, search: SQL | undefined): SQL {
  const conditions: SQL[] = [gte(auditEvents.createdAt, sinceOf(filters, nowMs))];
  if (search) conditions.push(search);
  if (filters.status) conditions.push(eq(auditEvents.status, filters.status));
  if (filters.severity) conditions.push(eq(auditEvents.severity, filters.severity));
  return and(...conditions)!;
}

export function toAuditDto(row: typeof auditEvents.$inferSelect): AuditEventDto {
  return {
    id: row.id,
    created_at: row.createdAt,
    user_id: row.userId,
    user_name: row.userName,
    action: row.action,
    resource: row.resource,
    details: row.details,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    status: row.status,
    severity: row.severity,
    metadata: row.metadata ?? null,
  };
}

/** The entries of the log's order: newest (or oldest) first, the id between entries of one instant. */
const ORDER_KEYS = [auditEvents.createdAt, auditEvents.id] as const;

const entriesWhere = (filters: AuditFilters, nowMs: number, search: SQL | undefined, after?: SQL) =>
  and(filtersWhere(filters, nowMs, search), after);

async function entries(
  db: Db,
  filters: AuditFilters,
  nowMs: number,
  search: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(entriesWhere(filters, nowMs, search))
    .orderBy(...orderByKeys(ORDER_KEYS, filters.dir))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toAuditDto);
}

/**
 * An entry as the CSV writes it, then its id: [date, name, action, resource, details, address,
 * browser, status, severity, id]. Read as one JSON array a row: each value crossing the database
 * protocol is encoded, decoded and made a property of a row object, which cost an export of 80,000
 * entries more than its query; one text a row costs one JSON.parse.
 */
type AuditCsvRow = [string, ...(string | null)[]];
const CSV_ROW = sql<string>`json_array(${auditEvents.createdAt}, ${auditEvents.userName}, ${auditEvents.action},
  ${auditEvents.resource}, ${auditEvents.details}, ${auditEvents.ipAddress}, ${auditEvents.userAgent},
  ${auditEvents.status}, ${auditEvents.severity}, ${auditEvents.id})`;
const CSV_ID = 9;

/** Up to `limit` entries after `last` (null: from the first), in the log's order: the export's pages. */
function csvEntriesAfter(
  db: Db,
  filters: AuditFilters,
  nowMs: number,
  search: SQL | undefined,
  limit: number,
  last: AuditCsvRow | null,
) {
  const cursor = last && [
    { column: auditEvents.createdAt, value: last[0] },
    { column: auditEvents.id, value: last[CSV_ID] },
  ];
  return seekPage(limit, cursor, filters.dir, async (after, rows) => {
    const page = await db
      .select({ json: CSV_ROW })
      .from(auditEvents)
      .where(entriesWhere(filters, nowMs, search, after))
      .orderBy(...orderByKeys(ORDER_KEYS, filters.dir))
      .limit(rows);
    return page.map((row) => JSON.parse(row.json) as AuditCsvRow);
  });
}

type AuditStats = AuditPage["stats"];

/** The stat cards counted over the period's entries that pass the filters. */
async function countedStats(db: Db, filters: AuditFilters, nowMs: number, search: SQL): Promise<AuditStats> {
  const [stats] = await db
    .select({
      total: count(),
      failures: sql<number>`coalesce(sum(${auditEvents.status} = 'failure'), 0)`,
      warnings: sql<number>`coalesce(sum(${auditEvents.status} = 'warning'), 0)`,
      serious: sql<number>`coalesce(sum(${inArray(auditEvents.severity, ["high", "critical"])}), 0)`,
    })
    .from(auditEvents)
    .where(filtersWhere(filters, nowMs, search));
  return {
    total: stats.total,
    failures: Number(stats.failures),
    warnings: Number(stats.warnings),
    serious: Number(stats.serious),
  };
}

/**
 * The stat cards, exactly what counting the period's entries gives (countedStats), from audit_days:
 * its counts of every day after the one the period starts in (days ahead of today included), and that
 * first day's entries from the period's start on, from the (created_at, status, severity) index. A
 * day's key is the first ten characters of created_at, so each entry counts in exactly one of the two
 * parts, whatever the form of its date. A search counted through the actions (searchOf) takes the
 * days' rows of the actions it matches, the first day's entries it matches, and, on the other days,
 * the few entries it finds in another column whose action it does not match.
 */
async function keptStats(db: Db, filters: AuditFilters, nowMs: number, search?: Search): Promise<AuditStats> {
  const since = sinceOf(filters, nowMs);
  const nextDay = new Date(Date.parse(since.slice(0, 10)) + DAY_MS).toISOString().slice(0, 10);
  const same = (column: AnyColumn, value?: string) => (value ? sql`${column} = ${value}` : undefined);
  const byAction = search?.byAction;
  const days = and(
    gte(auditDays.day, nextDay),
    same(auditDays.status, filters.status),
    same(auditDays.severity, filters.severity),
    byAction?.actionDays,
  );
  const withFilters = (...conditions: (SQL | undefined)[]) =>
    and(...conditions, same(auditEvents.status, filters.status), same(auditEvents.severity, filters.severity));
  const firstDay = withFilters(gte(auditEvents.createdAt, since), lt(auditEvents.createdAt, nextDay), search?.where);
  const otherColumns = byAction
    ? sql`UNION ALL SELECT status, severity, 1 FROM audit_events
        WHERE ${withFilters(byAction.rest, gte(auditEvents.createdAt, nextDay), sql`NOT ${byAction.action}`)}`
    : sql``;
  const [stats] = await db.all<AuditStats>(sql`
    SELECT coalesce(sum(events), 0) AS total,
      coalesce(sum(CASE WHEN status = 'failure' THEN events END), 0) AS failures,
      coalesce(sum(CASE WHEN status = 'warning' THEN events END), 0) AS warnings,
      coalesce(sum(CASE WHEN severity IN ('high', 'critical') THEN events END), 0) AS serious
    FROM (SELECT status, severity, events FROM audit_days WHERE ${days}
      UNION ALL SELECT status, severity, 1 FROM audit_events WHERE ${firstDay} ${otherColumns})`);
  return {
    total: Number(stats.total),
    failures: Number(stats.failures),
    warnings: Number(stats.warnings),
    serious: Number(stats.serious),
  };
}

/** The stat cards of entries already read. */
const statsOfRows = (rows: AuditEventDto[]): AuditStats => ({
  total: rows.length,
  failures: rows.filter((row) => row.status === "failure").length,
  warnings: rows.filter((row) => row.status === "warning").length,
  serious: rows.filter((row) => row.severity === "high" || row.severity === "critical").length,
});

const pageOf = (db: Db, query: AuditQuery, nowMs: number, search?: SQL) =>
  entries(db, query, nowMs, search, { limit: AUDIT_PAGE_SIZE, offset: (query.page - 1) * AUDIT_PAGE_SIZE });

/**
 * A search's page and stat cards, both under searchOf's condition. The page is read first: a first
 * page that comes back short holds every match, so the cards are counted from it instead of reading
 * the matches again; a search matched through the actions is counted from audit_days.
 */
async function searchedPage(db: Db, query: AuditQuery, nowMs: number): Promise<[AuditEventDto[], AuditStats]> {
  const search = await searchOf(db, query.q!, sinceOf(query, nowMs));
  const rows = await pageOf(db, query, nowMs, search.where);
  if (query.page === 1 && rows.length < AUDIT_PAGE_SIZE) return [rows, statsOfRows(rows)];
  return [
    rows,
    search.byAction ? await keptStats(db, query, nowMs, search) : await countedStats(db, query, nowMs, search.where),
  ];
}

export async function listAuditEvents(db: Db, query: AuditQuery, nowMs = Date.now()): Promise<AuditPage> {
  const [rows, stats] = query.q
    ? await searchedPage(db, query, nowMs)
    : await Promise.all([pageOf(db, query, nowMs), keptStats(db, query, nowMs)]);
  return { rows, total: stats.total, page: query.page, page_size: AUDIT_PAGE_SIZE, stats };
}

const COLUMNS = ["date", "user", "action", "resource", "details", "ip", "userAgent", "status", "severity"] as const;

/**
 * The filtered entries as CSV, streamed; the export is itself an entry of the log. `pageRows`: entries
 * read per query (a test makes it small). Statuses and severities are translated once per file.
 */
export function exportAuditCsv(
  db: Db,
  admin: AdminContext,
  query: AuditExportQuery,
  lang: Lang,
  nowMs = Date.now(),
  pageRows = EXPORT_PAGE_ROWS,
): Promise<CsvFile> {
  const { separator, ...filters } = query;
  let search: Promise<SQL | undefined> | undefined; // decided once, when the first page is read
  const searchWhere = async () =>
    filters.q ? (await searchOf(db, filters.q, sinceOf(filters, nowMs))).where : undefined;
  const word = wordsOf(lang);
  return auditedCsvExport<AuditCsvRow>(
    db,
    admin,
    lang,
    {
      section: "audit",
      fileName: "audit",
      filters,
      separator,
      headerKeys: COLUMNS.map((column) => `admin.audit.csv.${column}`),
      page: async (limit, after) => csvEntriesAfter(db, filters, nowMs, await (search ??= searchWhere()), limit, after),
      cells: ([date, name, action, resource, details, address, browser, status, severity]) => [
        date,
        name,
        action,
        resource,
        details,
        address,
        browser,
        word(`admin.audit.statuses.${status}`),
        word(`admin.audit.severities.${severity}`),
      ],
    },
    nowMs,
    pageRows,
  );
}
