// A month's statement as files: a CSV laid out as the CESU and Pajemploi declarations ask (one row
// per babysitter: hours, net hourly rate, net amount, days worked; semicolons and a BOM so French
// spreadsheets open it as is), and an A4 PDF with each sitting beside each babysitter's totals.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { LOCALE_TAGS } from "@db/i18n/languages";
import { PARIS_TIME_ZONE } from "@db/time/paris-time";
import type { AgencyMonthStatement, MonthStatement } from "@db/validators/statements";
import { type Lang, translate } from "../../lib/i18n";
import { printable } from "../billing/invoice-pdf";

const t = (lang: Lang, key: string, params?: Record<string, string | number>) =>
  translate(lang, `statements.${key}`, params);

/** "3,25" (fr) / "3.25" (en): decimal hours, as the declarations take them. */
const decimal = (lang: Lang, value: number) =>
  new Intl.NumberFormat(LOCALE_TAGS[lang], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
const field = (value: string) => (/[;"\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const SITTER_COLUMNS = ["hours", "hourlyRate", "amount", "days", "card", "outside", "unpaid"];

/** One babysitter's declaration cells: hours, net rate, net amount, days, and how it was settled. */
function sitterCells(lang: Lang, sitter: MonthStatement["sitters"][number]): string[] {
  const settledSum = (how: string) =>
    sitter.sittings.filter((line) => line.settled === how).reduce((sum, line) => sum + line.amount_cents, 0);
  return [
    decimal(lang, sitter.minutes / 60),
    decimal(lang, sitter.hourly_rate_cents / 100),
    decimal(lang, sitter.amount_cents / 100),
    String(sitter.days),
    decimal(lang, settledSum("card") / 100),
    decimal(lang, settledSum("outside") / 100),
    decimal(lang, settledSum("unpaid") / 100),
  ];
}

/** The header's texts, then the rows, as a French spreadsheet opens them (BOM, semicolons, CRLF). */
function csvFile(lang: Lang, header: string[], rows: string[][]): string {
  const lines = [header.map((key) => t(lang, `csv.${key}`)), ...rows].map((row) => row.map(field).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export function statementCsv(statement: MonthStatement, lang: Lang): string {
  const header = ["month", "lastName", "firstName", ...SITTER_COLUMNS];
  const rows = statement.sitters.map((sitter) => [
    statement.month,
    sitter.babysitter.last_name,
    sitter.babysitter.first_name,
    ...sitterCells(lang, sitter),
  ]);
  return csvFile(lang, header, rows);
}

/** An agency's month: one row per family and babysitter, with the family's statement's cells. */
export function agencyStatementCsv(statement: AgencyMonthStatement, lang: Lang): string {
  const header = ["month", "familyLastName", "familyFirstName", "lastName", "firstName", ...SITTER_COLUMNS];
  const rows = statement.families.flatMap(({ family, sitters }) =>
    sitters.map((sitter) => [
      statement.month,
      family.last_name,
      family.first_name,
      sitter.babysitter.last_name,
      sitter.babysitter.first_name,
      ...sitterCells(lang, sitter),
    ]),
  );
  return csvFile(lang, header, rows);
}

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.13, 0.14, 0.18);
const MUTED = rgb(0.4, 0.42, 0.47);

type Pen = { page: PDFPage; y: number };

/** "15,83 €" / "€15.83": cents in euros, in the language's format. */
const moneyIn = (lang: Lang) => {
  const format = new Intl.NumberFormat(LOCALE_TAGS[lang], { style: "currency", currency: "EUR" });
  return (cents: number) => format.format(cents / 100);
};

export async function statementPdf(
  statement: MonthStatement,
  family: { name: string },
  lang: Lang,
): Promise<Uint8Array> {
  const locale = LOCALE_TAGS[lang];
  const money = moneyIn(lang);
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: PARIS_TIME_ZONE,
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
  });
  const time = new Intl.DateTimeFormat(locale, { timeZone: PARIS_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
  const monthName = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" }).format(
    new Date(`${statement.month}-15T00:00:00Z`),
  );
  const duration = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")}`;

  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = t(lang, "pdf.title", { month: monthName });
  doc.setTitle(title);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const pen: Pen = { page: doc.addPage(PAGE), y: PAGE[1] - MARGIN };
  const write = (text: string, options: { font?: PDFFont; size?: number; x?: number; color?: typeof INK } = {}) => {
    const size = options.size ?? 10;
    if (pen.y < MARGIN + size) Object.assign(pen, { page: doc.addPage(PAGE), y: PAGE[1] - MARGIN });
    pen.page.drawText(printable(text, charset), {
      x: options.x ?? MARGIN,
      y: pen.y,
      size,
      font: options.font ?? regular,
      color: options.color ?? INK,
    });
  };
  const next = (gap = 14) => (pen.y -= gap);

  write(title, { font: bold, size: 18 });
  next(22);
  write(t(lang, "pdf.family", { name: family.name }), { color: MUTED });
  next(26);
  if (statement.sitters.length === 0) write(t(lang, "pdf.empty"));
  for (const sitter of statement.sitters) {
    write(`${sitter.babysitter.first_name} ${sitter.babysitter.last_name}`, { font: bold, size: 12 });
    next(18);
    for (const line of sitter.sittings) {
      write(day.format(new Date(line.start)));
      write(`${time.format(new Date(line.start))} – ${time.format(new Date(line.end))}`, { x: MARGIN + 90 });
      write(duration(line.minutes), { x: MARGIN + 200 });
      write(money(line.amount_cents), { x: MARGIN + 270 });
      write(t(lang, `pdf.settled.${line.settled}`), { x: MARGIN + 350, color: MUTED });
      next();
    }
    next(4);
    write(
      t(lang, "pdf.declare", {
        hours: duration(sitter.minutes),
        rate: money(sitter.hourly_rate_cents),
        amount: money(sitter.amount_cents),
        days: sitter.days,
      }),
      { font: bold },
    );
    next(26);
  }
  write(t(lang, "pdf.total", { hours: duration(statement.minutes), amount: money(statement.amount_cents) }), {
    font: bold,
    size: 12,
  });
  next(22);
  write(t(lang, "pdf.note"), { size: 8, color: MUTED });
  return doc.save();
}

export type ReceiptInput = {
  bookingId: string;
  sittingStart: string;
  sittingEnd: string;
  family: string;
  babysitter: string;
  amountCents: number;
  tipCents: number;
  paidAt: string;
  /** The fee of a sitting cancelled late, rather than its hours. */
  lateCancellation: boolean;
};

/** A card payment's receipt, the same for the family and the babysitter: who paid whom, for what, when. */
export async function receiptPdf(input: ReceiptInput, lang: Lang): Promise<Uint8Array> {
  const locale = LOCALE_TAGS[lang];
  const money = moneyIn(lang);
  const when = new Intl.DateTimeFormat(locale, { timeZone: PARIS_TIME_ZONE, dateStyle: "long", timeStyle: "short" });
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(t(lang, "receipt.title"));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const page = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const line = (text: string, font: PDFFont = regular, size = 11, gap = 18) => {
    page.drawText(printable(text, charset), { x: MARGIN, y, size, font, color: INK });
    y -= gap;
  };
  line(t(lang, "receipt.title"), bold, 18, 30);
  line(t(lang, "receipt.reference", { id: input.bookingId }));
  line(t(lang, "receipt.paidAt", { date: when.format(new Date(input.paidAt)) }));
  line(t(lang, "receipt.family", { name: input.family }));
  line(t(lang, "receipt.babysitter", { name: input.babysitter }));
  line(
    t(lang, "receipt.sitting", {
      start: when.format(new Date(input.sittingStart)),
      end: when.format(new Date(input.sittingEnd)),
    }),
    regular,
    11,
    28,
  );
  line(
    t(lang, input.lateCancellation ? "receipt.lateCancellation" : "receipt.hours", {
      amount: money(input.amountCents),
    }),
  );
  line(t(lang, "receipt.tip", { amount: money(input.tipCents) }));
  line(t(lang, "receipt.total", { amount: money(input.amountCents + input.tipCents) }), bold, 13, 30);
  page.drawText(printable(t(lang, "receipt.note"), charset), { x: MARGIN, y, size: 8, font: regular, color: MUTED });
  return doc.save();
}
