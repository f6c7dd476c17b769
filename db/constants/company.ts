// The issuer of the invoices: the one place the company's legal identity is written (the invoice
// PDF reads it from here; anything else that prints it should too).
// PLACEHOLDERS: a real deployment replaces every value below with the company's registered ones
// (Kbis extract for the name, form, capital, address and RCS; the tax office for the VAT number).
// The SIREN is a made-up number that passes the Luhn check, and the VAT key is computed from it, so
// format validators accept them; neither belongs to any real company.

export const COMPANY = {
  legalName: "Veilleuse SAS",
  legalForm: "SAS",
  shareCapitalCents: 1_000_000,
  /** The legal form and share capital as French invoices print them. */
  legalStatus: "SAS au capital de 10 000 €",
  address: {
    street: "42 rue de la Roquette",
    postalCode: "75011",
    city: "Paris",
    country: "France",
  },
  /** 9 digits, Luhn-valid. */
  siren: "912345675",
  /** Registry city and SIREN, grouped by three as the Kbis prints it. */
  rcs: "RCS Paris 912 345 675",
  /** FR + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97. */
  vatNumber: "FR65912345675",
  email: "billing@veilleuse.fr",
} as const;

/**
 * The three internal mailboxes every emergency alert goes to (emergency,
 * support and management). PLACEHOLDERS like the identity above: a deployment sets its real ones.
 */
export const EMERGENCY_MAILBOXES = {
  emergency: "urgence@veilleuse.fr",
  support: "support@veilleuse.fr",
  management: "direction@veilleuse.fr",
} as const;

/** Our invoices' numbers: VEI-<year>-<sequence on 6 digits>, one unbroken sequence per year. */
export const INVOICE_NUMBER_PREFIX = "VEI";
const INVOICE_SEQUENCE_DIGITS = 6;

/** invoiceNumber(2026, 42) -> "VEI-2026-000042". Past 999 999 in a year the number simply grows
 * a digit (still unique) rather than failing a payment. */
export function invoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid invoice year: ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Invalid invoice sequence: ${sequence}`);
  return `${INVOICE_NUMBER_PREFIX}-${year}-${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, "0")}`;
}
