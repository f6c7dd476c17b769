// The invoice PDF the Worker issues with the demo payment provider (edge/services/billing/invoice-pdf.ts):
// read back with pdf-lib, and its text taken from the page's content stream. pdf-lib writes each
// line as `<hex> Tj` in the font's WinAnsi bytes, Flate-compressed: the test inflates the stream and
// decodes those bytes with the font's own encoding, so it reads what a PDF viewer would show.
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { COMPANY, INVOICE_NUMBER_PREFIX, invoiceNumber } from "@db/constants/company";
import { PLANS, VAT_RATE_PERCENT, vatBreakdown } from "@db/constants/plans";
import { type InvoicePdfInput, renderInvoicePdf } from "@edge/services/billing/invoice-pdf";

const sample = (overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput => ({
  lang: "fr",
  number: "VEI-2026-000042",
  issuedAt: "2026-04-13T22:30:00.000Z", // 14/04/2026 00:30 in Paris
  paidAt: "2026-04-13T22:31:00.000Z",
  periodStart: "2026-04-13T22:30:00.000Z",
  periodEnd: "2026-05-13T22:30:00.000Z",
  planName: "Standard",
  totalCents: 1900,
  currency: "eur",
  refundedCents: 0,
  refundedAt: null,
  customer: {
    name: "Camille Dubois",
    email: "camille.dubois@example.fr",
    address: "8 rue des Lilas",
    postalCode: "69003",
    city: "Lyon",
  },
  ...overrides,
});

/** WinAnsi byte -> character, built from Helvetica's own encoding. */
const winAnsi = async (): Promise<Map<number, string>> => {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const bytes = new Map<number, string>();
  for (const codePoint of font.getCharacterSet()) {
    const char = String.fromCodePoint(codePoint);
    bytes.set(parseInt(font.encodeText(char).toString().slice(1, -1), 16), char);
  }
  return bytes;
};

/** The lines of text drawn on each page, in drawing order. */
async function textOf(pdf: Uint8Array): Promise<string[]> {
  const decode = await winAnsi();
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().flatMap((page) => {
    const contents = page.node.get(PDFName.of("Contents"));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    return refs.flatMap((ref) => {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) throw new Error("expected a raw content stream");
      const filter = stream.dict.get(PDFName.of("Filter"));
      const ops = Buffer.from(
        filter?.toString() === "/FlateDecode" ? inflateSync(stream.contents) : stream.contents,
      ).toString("latin1");
      return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) =>
        (hex.match(/../g) ?? []).map((byte: string) => decode.get(parseInt(byte, 16)) ?? "\uFFFD").join(""),
      );
    });
  });
}

describe("the invoice PDF", () => {
  it("is a one-page PDF with its title and dates in the metadata", async () => {
    const pdf = await renderInvoicePdf(sample());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]); // A4
    expect(doc.getTitle()).toBe("Facture VEI-2026-000042");
    expect(doc.getAuthor()).toBe("Veilleuse");
    expect(doc.getProducer()).toBe("Veilleuse");
    expect(doc.getCreationDate()?.toISOString()).toBe("2026-04-13T22:30:00.000Z");
  });

  it("is the same bytes for the same input", async () => {
    const [first, second] = await Promise.all([renderInvoicePdf(sample()), renderInvoicePdf(sample())]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it("holds the number, the dates in Paris time, seller, customer, line and VAT breakdown in French", async () => {
    const lines = await textOf(await renderInvoicePdf(sample()));
    const text = lines.join("\n");
    expect(lines).toContain("Facture");
    expect(text).toContain("VEI-2026-000042");
    expect(lines).toContain("Date d'émission : 14/04/2026");
    expect(lines).toContain("Date de paiement : 14/04/2026");
    expect(text).not.toContain("En attente de paiement");
    // Seller
    expect(lines).toContain(COMPANY.legalName);
    expect(lines).toContain("SAS au capital de 10 000 €");
    expect(lines).toContain(COMPANY.rcs);
    expect(text).toContain(COMPANY.siren);
    expect(lines).toContain(`N° TVA intracommunautaire : ${COMPANY.vatNumber}`);
    // Customer
    expect(lines).toContain("Client");
    expect(lines).toContain("Camille Dubois");
    expect(lines).toContain("8 rue des Lilas");
    expect(lines).toContain("69003 Lyon");
    expect(lines).toContain("camille.dubois@example.fr");
    // The line and the totals: 19,00 € TTC = 15,83 € HT + 3,17 € TVA, fr-FR spaces printed as plain spaces.
    expect(text.replace(/\n/g, " ")).toContain("Abonnement Standard – période du 14/04/2026 au 14/05/2026");
    expect(lines).toEqual(expect.arrayContaining(["Qté", "1", "15,83 €", "20 %", "Total HT", "3,17 €", "19,00 €"]));
    expect(lines).toContain("Montant de la TVA (20 %)");
    expect(lines).toContain("Total TTC");
    // The mentions
    expect(lines).toContain("Paiement par carte bancaire");
    expect(lines).toContain("Pas d'escompte pour paiement anticipé");
    expect(text.replace(/\n/g, " ")).toContain(
      "En cas de retard de paiement, pénalités au taux de 3 fois le taux d'intérêt légal et indemnité forfaitaire " +
        "pour frais de recouvrement de 40 € (art. L441-10 du Code de commerce)",
    );
    expect(text).not.toMatch(/REMBOURSÉE|Remboursée/);
  });

  it("says when it is not paid yet, and prints the plan alone without a period", async () => {
    const lines = await textOf(await renderInvoicePdf(sample({ paidAt: null, periodStart: null, periodEnd: null })));
    expect(lines).toContain("En attente de paiement");
    expect(lines.join("\n")).not.toContain("Date de paiement");
    expect(lines).toContain("Abonnement Standard");
  });

  it("shows a refund: the stamp near the title and the dated amount", async () => {
    const lines = await textOf(
      await renderInvoicePdf(
        sample({ planName: "Premium", totalCents: 3900, refundedCents: 3900, refundedAt: "2026-04-20T09:00:00Z" }),
      ),
    );
    expect(lines).toContain("REMBOURSÉE");
    expect(lines).toContain("Remboursée le 20/04/2026 : 39,00 €");
    expect(lines).toEqual(expect.arrayContaining(["32,50 €", "6,50 €", "39,00 €"]));
  });

  it("renders a name outside WinAnsi with '?' in place of the characters Helvetica lacks", async () => {
    const pdf = await renderInvoicePdf(sample({ customer: { ...sample().customer, name: "Łucja 王 Šimková-Żak 🙂" } }));
    const lines = await textOf(pdf);
    // Š is in WinAnsi; Ł, Ż, 王 and the emoji are not.
    expect(lines).toContain("?ucja ? Šimková-?ak ?");
    // Decomposed accents are composed first: "é" as e + U+0301 prints as é, not "e?".
    const composed = await textOf(await renderInvoicePdf(sample({ planName: "Re\u0301sume\u0301" })));
    expect(composed.join(" ")).toContain("Abonnement Résumé");
  });

  it("wraps a long customer name and email within the page instead of overflowing", async () => {
    const name = "Marie-Charlotte-Éléonore de la Tour d'Auvergne-Lauraguais ".repeat(3).trim();
    const pdf = await renderInvoicePdf(sample({ customer: { ...sample().customer, name } }));
    const lines = await textOf(pdf);
    expect(lines.filter((line) => line.includes("Auvergne")).length).toBeGreaterThan(1);
  });

  it("is in English with English dates and amounts", async () => {
    const pdf = await renderInvoicePdf(sample({ lang: "en", refundedCents: 1900, refundedAt: "2026-04-20T09:00:00Z" }));
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getTitle()).toBe("Invoice VEI-2026-000042");
    const lines = await textOf(pdf);
    expect(lines).toContain("Invoice");
    expect(lines).toContain("Issue date: 14/04/2026");
    expect(lines).toEqual(expect.arrayContaining(["€15.83", "€3.17", "€19.00", "20%", "REFUNDED"]));
    expect(lines).toContain("Refunded on 20/04/2026: €19.00");
    expect(lines).toContain("SAS with share capital of €10,000");
    expect(lines.join(" ")).toContain("Standard plan subscription – period from 14/04/2026 to 14/05/2026");
  });
});

describe("invoice numbers", () => {
  it("are VEI-<year>-<sequence on 6 digits>", () => {
    expect(INVOICE_NUMBER_PREFIX).toBe("VEI");
    expect(invoiceNumber(2026, 42)).toBe("VEI-2026-000042");
    expect(invoiceNumber(2026, 1)).toBe("VEI-2026-000001");
    expect(invoiceNumber(2027, 999_999)).toBe("VEI-2027-999999");
    expect(invoiceNumber(2027, 1_000_000)).toBe("VEI-2027-1000000");
  });

  it("refuse a sequence or year that is not a positive whole number", () => {
    expect(() => invoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => invoiceNumber(2026, 1.5)).toThrow(RangeError);
    expect(() => invoiceNumber(26, 1)).toThrow(RangeError);
  });
});

describe("the issuer's identifiers", () => {
  it("are consistent: a Luhn-valid SIREN, the RCS and the VAT number built on it", () => {
    const digits = [...COMPANY.siren].map(Number);
    const luhn = digits
      .reverse()
      .map((digit, index) => (index % 2 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit))
      .reduce((sum, digit) => sum + digit, 0);
    expect(COMPANY.siren).toMatch(/^\d{9}$/);
    expect(luhn % 10).toBe(0);
    expect(COMPANY.rcs.replace(/\s/g, "")).toContain(COMPANY.siren);
    const key = (12 + 3 * (Number(COMPANY.siren) % 97)) % 97;
    expect(COMPANY.vatNumber).toBe(`FR${String(key).padStart(2, "0")}${COMPANY.siren}`);
  });
});

describe("the VAT included in a plan's price", () => {
  it("splits 19 EUR and 39 EUR at 20 %", () => {
    expect(VAT_RATE_PERCENT).toBe(20);
    expect(vatBreakdown(1900)).toEqual({ netCents: 1583, vatCents: 317 });
    expect(vatBreakdown(3900)).toEqual({ netCents: 3250, vatCents: 650 });
    expect(vatBreakdown(PLANS.standard.priceCents + PLANS.premium.priceCents)).toEqual({
      netCents: 4833,
      vatCents: 967,
    });
  });
});
