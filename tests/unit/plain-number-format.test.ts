// The app's numbers and euro amounts written without Intl.NumberFormat (web/src/lib/plain-number-format.ts)
// against Intl itself: the same text, character for character, in fr-FR and en-GB, for every shape the
// app formats; anything it does not write is left to Intl (undefined).
import { describe, expect, it } from "vitest";
import { createRng } from "../../db/seed/random";
import { plainNumberFormat } from "../../web/src/lib/plain-number-format";

const LOCALES = ["fr-FR", "en-GB"] as const;
const SHAPES = [
  { minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { minimumFractionDigits: 0, maximumFractionDigits: 1 },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  {},
];

/** Amounts in cents as euros, ratings, kilometres, big counts, and the halves rounding turns on. */
function values(): number[] {
  const rng = createRng(5);
  const list = [0, 0.5, 1, 4.8, 5, 9.95, 10, 18.5, 999.995, 1000, 1234.5, 1_234_567.891, 1.005, 2.675, 0.045, 99.5];
  for (let i = 0; i < 2000; i++) list.push(rng.int(0, 500_000) / 100);
  for (let i = 0; i < 1000; i++) list.push(Math.round(rng.next() * 50_000) / 1000);
  for (let i = 0; i < 500; i++) list.push(rng.next() * 10 ** rng.int(0, 12));
  return list;
}

describe("numbers and euros without Intl", () => {
  it("write what Intl.NumberFormat writes, in both locales", () => {
    let compared = 0;
    for (const locale of LOCALES)
      for (const value of values())
        for (const shape of SHAPES) {
          expect(plainNumberFormat(value, locale, shape), `${locale} ${value} ${JSON.stringify(shape)}`).toBe(
            new Intl.NumberFormat(locale, shape).format(value),
          );
          const euros = { ...shape, style: "currency" as const, currency: "EUR" };
          expect(plainNumberFormat(value, locale, euros), `${locale} ${value} EUR ${JSON.stringify(shape)}`).toBe(
            new Intl.NumberFormat(locale, euros).format(value),
          );
          compared += 2;
        }
    expect(compared).toBeGreaterThan(35_000);
  });

  it("leave to Intl what they do not write", () => {
    expect(plainNumberFormat(-3.25, "fr-FR")).toBeUndefined();
    expect(plainNumberFormat(-0, "fr-FR")).toBeUndefined();
    expect(plainNumberFormat(1e21, "en-GB")).toBeUndefined();
    expect(plainNumberFormat(1e-7, "en-GB")).toBeUndefined();
    expect(plainNumberFormat(Number.NaN, "en-GB")).toBeUndefined();
    expect(plainNumberFormat("18", "fr-FR")).toBeUndefined();
    expect(plainNumberFormat(18, "de-DE")).toBeUndefined();
    expect(plainNumberFormat(18, "fr-FR", { style: "currency", currency: "USD" })).toBeUndefined();
    expect(plainNumberFormat(0.5, "fr-FR", { style: "percent" })).toBeUndefined();
    expect(plainNumberFormat(18, "fr-FR", { useGrouping: false })).toBeUndefined();
    expect(plainNumberFormat(18, "fr-FR", { maximumSignificantDigits: 2 })).toBeUndefined();
    expect(plainNumberFormat(18, "fr-FR", { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toBeUndefined();
  });
});
