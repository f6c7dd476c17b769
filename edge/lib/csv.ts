// CSV files the console exports: UTF-8 with a byte order mark (so Excel in French reads the accents),
// CRLF line ends (RFC 4180), comma or semicolon (Excel in French expects ';'), and streamed page by
// page so a file of any length leaves the Worker in flat memory.

export const CSV_SEPARATOR_CHARS = { comma: ",", semicolon: ";" } as const;
export type CsvSeparatorName = keyof typeof CSV_SEPARATOR_CHARS;

const BOM = "\uFEFF";

/**
 * One cell: quoted when it holds the separator, a quote or a line break. A cell that a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe: user text must never become a formula on an admin's computer (OWASP "CSV injection").
 */
export function csvCell(value: string | number | boolean | null | undefined, separator: string): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A row's cells as the file writes them (null and undefined are empty cells). */
export type CsvCells = readonly (string | number | boolean | null | undefined)[];

export const csvLine = (cells: CsvCells, separator: string) =>
  `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;

/**
 * The file as a stream: the BOM and the header, then each page `nextPage` gives (an empty page ends
 * it). Pages are asked for only as the reader takes them.
 */
export function csvStream(
  header: readonly string[],
  separatorName: CsvSeparatorName,
  nextPage: () => Promise<CsvCells[]>,
): ReadableStream<Uint8Array> {
  const separator = CSV_SEPARATOR_CHARS[separatorName];
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(header, separator)));
        return;
      }
      const rows = await nextPage();
      if (rows.length === 0) return controller.close();
      controller.enqueue(encoder.encode(rows.map((row) => csvLine(row, separator)).join("")));
    },
  });
}

/** The headers of the answer that downloads a CSV file: never stored by a cache (it holds personal data). */
export const csvDownloadHeaders = (fileName: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${fileName}"`,
  "cache-control": "private, no-store",
});
