// One way every console export works (users, subscriptions, audit, geography): the export is audited
// first (who exported which filters, before a byte leaves), then the file streams page by page as
// the reader takes it (lib/csv.ts: BOM, CRLF, the chosen separator), each page read when needed, so a
// file of any length leaves in flat memory. Each section gives its rows' pages and their cells.
import type { Db } from "@db/client";
import { type CsvCells, type CsvSeparatorName, csvStream } from "../../lib/csv";
import { translate, type Lang } from "../../lib/i18n";
import { recordAudit } from "../audit/audit";
import type { AdminContext } from "./users";

/** Rows read per query while a file streams. */
export const EXPORT_PAGE_ROWS = 1000;

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
  /** `limit` rows from `offset`, in the screen's order; fewer than `limit` at the end. */
  page: (limit: number, offset: number) => Promise<R[]>;
  cells: (row: R) => CsvCells;
};

export async function auditedCsvExport<R>(
  db: Db,
  admin: AdminContext,
  lang: Lang,
  file: CsvExport<R>,
  nowMs = Date.now(),
): Promise<CsvFile> {
  await recordAudit(db, admin.actor, admin.origin, {
    action: "admin.export",
    resource: `export:${file.section}`,
    metadata: { filters: file.filters },
  });
  let offset = 0;
  const nextPage = async () => {
    const rows = await file.page(EXPORT_PAGE_ROWS, offset);
    offset += rows.length;
    return rows.map(file.cells);
  };
  const header = file.headerKeys.map((key) => translate(lang, key));
  const day = new Date(nowMs).toISOString().slice(0, 10);
  return { name: `${file.fileName}-${day}.csv`, stream: csvStream(header, file.separator, nextPage) };
}
