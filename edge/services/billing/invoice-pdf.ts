// The invoice PDF the Worker issues itself (demo payment provider; with Stripe, Stripe's own PDF is
// used). One A4 page drawn with pdf-lib, which needs no Node API. Helvetica is a standard PDF font:
// nothing to embed, but it only encodes WinAnsi (Latin-1 plus a few signs such as € and –), so every
// text goes through `printable` first. The output is deterministic for a given input: the metadata
// dates are the issue date and pdf-lib adds no random document id.
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts, type RGB } from "pdf-lib";
import { LOCALE_TAGS } from "@db/i18n/languages";
import { COMPANY } from "@db/constants/company";
import { VAT_RATE_PERCENT, vatBreakdown } from "@db/constants/plans";
import { PARIS_TIME_ZONE } from "@db/time/paris-time";
import { type Lang, translate } from "../../lib/i18n";

export type InvoicePdfInput = {
  lang: Lang;
  /** "VEI-2026-000042" (or Stripe's number). */
  number: string;
  /** UTC ISO. */
  issuedAt: string;
  /** UTC ISO; null = not paid yet. */
  paidAt: string | null;
  /** UTC ISO; the period is printed only when both ends are known. */
  periodStart: string | null;
  periodEnd: string | null;
  /** Already translated, e.g. "Standard". */
  planName: string;
  /** VAT included (amount due). */
  totalCents: number;
  /** ISO 4217, any case: "eur". */
  currency: string;
  refundedCents: number;
  /** UTC ISO. */
  refundedAt: string | null;
  customer: { name: string; email: string; address: string | null; postalCode: string | null; city: string | null };
};

// A4 in points, and the layout's grid.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = CONTENT_RIGHT - MARGIN;
const COLUMN_GAP = 30;
const HALF_WIDTH = (CONTENT_WIDTH - COLUMN_GAP) / 2;
const CUSTOMER_X = MARGIN + HALF_WIDTH + COLUMN_GAP;
const CELL_PADDING = 6;

const INK = rgb(0.13, 0.14, 0.18);
const MUTED = rgb(0.4, 0.42, 0.47);
const ACCENT = rgb(0.24, 0.25, 0.55);
const RULE = rgb(0.82, 0.83, 0.87);
const HEADER_FILL = rgb(0.94, 0.94, 0.97);
const REFUND_RED = rgb(0.75, 0.1, 0.12);
const REFUND_FILL = rgb(0.99, 0.93, 0.93);
const PENDING = rgb(0.7, 0.4, 0.0);

/** Spaces Intl puts in fr-FR numbers and dates (narrow no-break, no-break, thin, figure). */
const SPECIAL_SPACES = /[\u00a0\u2007\u2009\u202f]/g;

/**
 * `text` as the font can encode it: composed accents, special spaces and line breaks as plain
 * spaces, any other character the font lacks (Ł, 王, emoji) as "?". Never throws.
 */
export function printable(text: string, charset: ReadonlySet<number>): string {
  let out = "";
  for (const char of text.normalize("NFC").replace(SPECIAL_SPACES, " ").replace(/\s/g, " ")) {
    out += charset.has(char.codePointAt(0)!) ? char : "?";
  }
  return out;
}

/** Lines of at most `width` points: cut at spaces, and inside a word only when it alone is too long. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

type TextStyle = { font: PDFFont; size: number; color?: RGB };

/** Draws on one page from the top down; `y` is the top of the next line. */
class Canvas {
  y = PAGE_HEIGHT - MARGIN;

  constructor(
    readonly page: PDFPage,
    private readonly charset: ReadonlySet<number>,
  ) {}

  clean(text: string): string {
    return printable(text, this.charset);
  }

  width(text: string, { font, size }: TextStyle): number {
    return font.widthOfTextAtSize(this.clean(text), size);
  }

  /** Draws `text` wrapped to `width` with its top at `top`; returns the height used. */
  block(
    text: string,
    style: TextStyle,
    x: number,
    top: number,
    width: number,
    align: "left" | "right" = "left",
  ): number {
    const lineHeight = style.size * 1.3;
    const lines = wrap(this.clean(text), style.font, style.size, width);
    lines.forEach((line, index) => {
      const lineWidth = style.font.widthOfTextAtSize(line, style.size);
      this.page.drawText(line, {
        x: align === "right" ? x + width - lineWidth : x,
        y: top - style.size - index * lineHeight,
        font: style.font,
        size: style.size,
        color: style.color ?? INK,
      });
    });
    return lines.length * lineHeight;
  }

  /** Lines stacked from `top` in one column; returns the height used. */
  stack(rows: [string, TextStyle][], x: number, top: number, width: number): number {
    let used = 0;
    for (const [text, style] of rows) used += this.block(text, style, x, top - used, width);
    return used;
  }

  rule(y: number, color: RGB = RULE, thickness = 0.75) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: CONTENT_RIGHT, y }, thickness, color });
  }
}

/** The invoice as a one-page A4 PDF, in `input.lang`. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { lang } = input;
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(lang, `billing.invoicePdf.${key}`, params);
  const locale = LOCALE_TAGS[lang];
  const dateFormat = new Intl.DateTimeFormat(locale, {
    timeZone: PARIS_TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  });
  const date = (iso: string) => dateFormat.format(new Date(iso));
  const currency = input.currency.toUpperCase();
  const moneyFormat = new Intl.NumberFormat(locale, { style: "currency", currency });
  /** "15,83 €" / "€15.83". */
  const money = (cents: number) => moneyFormat.format(cents / 100);
  const percent = t("vatRateValue", { rate: VAT_RATE_PERCENT });
  const { netCents, vatCents } = vatBreakdown(input.totalCents);
  const issuedAt = new Date(input.issuedAt);

  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = t("documentTitle", { number: input.number });
  doc.setTitle(title);
  doc.setAuthor("Veilleuse");
  doc.setCreator("Veilleuse");
  doc.setProducer("Veilleuse");
  doc.setLanguage(locale);
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const canvas = new Canvas(doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]), new Set(regular.getCharacterSet()));
  const { page } = canvas;
  const text: TextStyle = { font: regular, size: 9.5 };
  const small: TextStyle = { font: regular, size: 8.5, color: MUTED };
  const label: TextStyle = { font: bold, size: 8.5, color: ACCENT };
  const strong: TextStyle = { font: bold, size: 10 };
  const refunded = input.refundedCents > 0;

  // Title, and the refund stamp beside it.
  const titleStyle: TextStyle = { font: bold, size: 26, color: ACCENT };
  canvas.block(t("title"), titleStyle, MARGIN, canvas.y, CONTENT_WIDTH);
  if (refunded) {
    const stamp: TextStyle = { font: bold, size: 15, color: REFUND_RED };
    const stampText = canvas.clean(t("refundedStamp"));
    const padX = 8;
    const padY = 6;
    const boxWidth = canvas.width(stampText, stamp) + 2 * padX;
    const boxHeight = stamp.size + 2 * padY - 3;
    const angle = 8;
    const radians = (angle * Math.PI) / 180;
    const x = MARGIN + canvas.width(t("title"), titleStyle) + 28;
    const y = canvas.y - 28;
    page.drawRectangle({
      x,
      y,
      width: boxWidth,
      height: boxHeight,
      borderColor: REFUND_RED,
      borderWidth: 2,
      rotate: degrees(angle),
    });
    // The text's origin, rotated with the box around the box's corner.
    const dx = padX;
    const dy = padY;
    page.drawText(stampText, {
      x: x + dx * Math.cos(radians) - dy * Math.sin(radians),
      y: y + dx * Math.sin(radians) + dy * Math.cos(radians),
      font: stamp.font,
      size: stamp.size,
      color: REFUND_RED,
      rotate: degrees(angle),
    });
  }
  canvas.y -= 40;

  // Number and dates.
  canvas.y -= canvas.stack(
    [
      [t("number", { number: input.number }), strong],
      [t("issuedOn", { date: date(input.issuedAt) }), text],
      input.paidAt
        ? [t("paidOn", { date: date(input.paidAt) }), text]
        : [t("awaitingPayment"), { font: bold, size: text.size, color: PENDING }],
    ],
    MARGIN,
    canvas.y,
    CONTENT_WIDTH,
  );
  canvas.y -= 22;

  // Seller and customer, side by side. The share capital in whole euros: "10 000 €" / "€10,000".
  const capital = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  const legalStatus = t("legalStatus", {
    form: COMPANY.legalForm,
    capital: capital.format(COMPANY.shareCapitalCents / 100),
  });
  const { address } = COMPANY;
  const sellerHeight = canvas.stack(
    [
      [t("seller"), label],
      [COMPANY.legalName, strong],
      [address.street, text],
      [`${address.postalCode} ${address.city}`, text],
      [address.country, text],
      [legalStatus, small],
      [COMPANY.rcs, small],
      [t("vatNumber", { vatNumber: COMPANY.vatNumber }), small],
      [COMPANY.email, small],
    ],
    MARGIN,
    canvas.y,
    HALF_WIDTH,
  );
  const { customer } = input;
  const cityLine = [customer.postalCode, customer.city].filter(Boolean).join(" ");
  const customerRows: [string, TextStyle][] = [
    [t("customer"), label],
    [customer.name, strong],
    ...(customer.address ? [[customer.address, text] as [string, TextStyle]] : []),
    ...(cityLine ? [[cityLine, text] as [string, TextStyle]] : []),
    [customer.email, text],
  ];
  const customerHeight = canvas.stack(customerRows, CUSTOMER_X, canvas.y, HALF_WIDTH);
  canvas.y -= Math.max(sellerHeight, customerHeight) + 28;

  // The line table: description, quantity, unit price excl. VAT, VAT rate, total excl. VAT.
  const columns = [
    { key: "description", width: CONTENT_WIDTH - 285, align: "left" as const },
    { key: "quantity", width: 45, align: "right" as const },
    { key: "unitPrice", width: 90, align: "right" as const },
    { key: "vatRate", width: 55, align: "right" as const },
    { key: "lineTotal", width: 95, align: "right" as const },
  ];
  const row = (cells: string[], style: TextStyle, fill?: RGB) => {
    let x = MARGIN;
    const lineHeight = style.size * 1.3;
    const heights = cells.map((cell, index) =>
      canvas.clean(cell) === ""
        ? lineHeight
        : wrap(canvas.clean(cell), style.font, style.size, columns[index].width - 2 * CELL_PADDING).length * lineHeight,
    );
    const height = Math.max(...heights) + 2 * CELL_PADDING;
    if (fill) page.drawRectangle({ x: MARGIN, y: canvas.y - height, width: CONTENT_WIDTH, height, color: fill });
    cells.forEach((cell, index) => {
      const { width, align } = columns[index];
      canvas.block(cell, style, x + CELL_PADDING, canvas.y - CELL_PADDING, width - 2 * CELL_PADDING, align);
      x += width;
    });
    canvas.y -= height;
    canvas.rule(canvas.y);
  };
  const description =
    input.periodStart && input.periodEnd
      ? t("line", { plan: input.planName, start: date(input.periodStart), end: date(input.periodEnd) })
      : t("lineWithoutPeriod", { plan: input.planName });
  row(
    columns.map(({ key }) => t(`columns.${key}`)),
    { font: bold, size: 8.5 },
    HEADER_FILL,
  );
  row([description, "1", money(netCents), percent, money(netCents)], text);
  canvas.y -= 14;

  // Totals, right-aligned under the table.
  const totalsX = MARGIN + CONTENT_WIDTH - 250;
  const totalLine = (name: string, amount: string, style: TextStyle) => {
    const height = canvas.block(name, style, totalsX, canvas.y, 150);
    canvas.block(amount, style, totalsX + 150, canvas.y, 100, "right");
    canvas.y -= height + 4;
  };
  totalLine(t("totalNet"), money(netCents), text);
  totalLine(t("totalVat", { rate: percent }), money(vatCents), text);
  canvas.y -= 2;
  page.drawLine({
    start: { x: totalsX, y: canvas.y },
    end: { x: CONTENT_RIGHT, y: canvas.y },
    thickness: 1,
    color: INK,
  });
  canvas.y -= 6;
  totalLine(t("totalGross"), money(input.totalCents), { font: bold, size: 11.5 });

  // The refund, impossible to miss.
  if (refunded) {
    canvas.y -= 14;
    const refund = input.refundedAt
      ? t("refundedOn", { date: date(input.refundedAt), amount: money(input.refundedCents) })
      : t("refundedWithoutDate", { amount: money(input.refundedCents) });
    const style: TextStyle = { font: bold, size: 12, color: REFUND_RED };
    const lines = wrap(canvas.clean(refund), style.font, style.size, CONTENT_WIDTH - 24);
    const height = lines.length * style.size * 1.3 + 16;
    page.drawRectangle({
      x: MARGIN,
      y: canvas.y - height,
      width: CONTENT_WIDTH,
      height,
      color: REFUND_FILL,
      borderColor: REFUND_RED,
      borderWidth: 1,
    });
    canvas.block(refund, style, MARGIN + 12, canvas.y - 8, CONTENT_WIDTH - 24);
    canvas.y -= height;
  }

  // The mentions a French invoice carries.
  canvas.y -= 30;
  canvas.y -= canvas.block(t("conditions"), label, MARGIN, canvas.y, CONTENT_WIDTH) + 2;
  for (const mention of [t("paymentMethod"), t("noEarlyPaymentDiscount"), t("latePaymentPenalties")]) {
    canvas.y -= canvas.block(mention, text, MARGIN, canvas.y, CONTENT_WIDTH) + 3;
  }

  // Footer: who issued it, and where to ask.
  const footer = [COMPANY.legalName, legalStatus, COMPANY.rcs, COMPANY.vatNumber].join(" – ");
  const footerTop = MARGIN + 24;
  canvas.rule(footerTop + 8);
  const footerStyle: TextStyle = { font: regular, size: 7.5, color: MUTED };
  const used = canvas.block(footer, footerStyle, MARGIN, footerTop, CONTENT_WIDTH);
  canvas.block(t("contact", { email: COMPANY.email }), footerStyle, MARGIN, footerTop - used, CONTENT_WIDTH);

  return doc.save();
}
