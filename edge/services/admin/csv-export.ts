// One way every console export works (users, subscriptions, audit, geography): the export is audited
// first (who exported which filters, before a byte leaves), then the file streams page by page as
// the reader takes it (lib/csv.ts: BOM, CRLF, the chosen separator), each page read when needed, so a
// file of any length leaves in flat memory. Each section gives its rows' pages and their cells. A
// page is asked for by the previous page's last row, never by a count of rows to skip: each section
// seeks on its order's keys (keyset.ts), so every page costs the same, the first as the last.
import type { Db } from "@db/client";
import { type CsvCells, type CsvSeparatorName, csvStream } from "../../lib/csv";
import { translate, type Lang } from "../../lib/i18n";
import { recordAudit } from "../audit/audit";
import type { AdminContext } from "./users";

/**
 * The words of one export's language, each key translated once: an export's translated columns (a
 * role, a status, a severity) take a handful of values, and looking each up again for every row of
 * a long file cost more than writing its cells.
 */
export function wordsOf(lang: Lang): (key: string) => string {
  const words = new Map<string, string>();
  return (key) => {
    let word = words.get(key);
    if (word === undefined) words.set(key, (word = translate(lang, key)));
    return word;
  };
}

/** Rows read per query while a file streams. */
export const EXPORT_PAGE_ROWS = 2000;

export type CsvFile = { name: string; stream: ReadableStream<Uint8Array> };

export type CsvExport<R> = {
  /** The section, as the audit's resource names it (export:users) and the file's name begins. */
  section: "users" | "subscriptions" | "audit" | "geography";
  /** The file's name before its date ("utilisateurs" gives utilisateurs-2026-11-27.csv). */
  fileName: string;
  /** The filters the rows were asked with, as the audit keeps them. */
  filters: Record<string, unknown>;
  separator: CsvSeparatorName;
  /** The i18n keys of the header's cells, in the language of the export. */
  headerKeys: readonly string[];
  /**
   * Up to `limit` rows that come after `after` (the previous page's last row; null: from the first)
   * in the screen's order; fewer than `limit` only at the end.
   */
  page: (limit: number, after: R | null) => Promise<R[]>;
  cells: (row: R) => CsvCells;
};

/**
 * The file's pages in turn, each as its rows' cells, then an empty page at the end. Each page is
 * asked for as soon as the one before it arrives, so the database reads the next page while this
 * one is written and sent (two pages at most are held: memory stays flat).
 */
function pagesAhead<R>(file: CsvExport<R>, pageRows: number): () => Promise<CsvCells[]> {
  const read = (after: R | null) => {
    const page = file.page(pageRows, after);
    // A reader who stops taking the file leaves this page unread: its failure is nobody's to handle.
    page.catch(() => undefined);
    return page;
  };
  let ahead: Promise<R[]> | null = read(null);
  return async () => {
    if (!ahead) return [];
    const rows = await ahead;
    ahead = rows.length < pageRows ? null : read(rows[rows.length - 1]);
    return rows.map(file.cells);
  };
}

/** `pageRows`: rows read per query (the tests make pages small, so a boundary falls among ties). */
export async function auditedCsvExport<R>(
  db: Db,
  admin: AdminContext,
  lang: Lang,
  file: CsvExport<R>,
  nowMs = Date.now(),
  pageRows = EXPORT_PAGE_ROWS,
): Promise<CsvFile> {
  await recordAudit(db, admin.actor, admin.origin, {
    action: "admin.export",
    resource: `export:${file.section}`,
    metadata: { filters: file.filters },
  });
  const nextPage = pagesAhead(file, pageRows);
  const header = file.headerKeys.map((key) => translate(lang, key));
  const day = new Date(nowMs).toISOString().slice(0, 10);
  return { name: `${file.fileName}-${day}.csv`, stream: csvStream(header, file.separator, nextPage) };
}
