// Numbers and euro amounts in the app's two locales (fr-FR, en-GB) without Intl.NumberFormat. In
// Chromium the first NumberFormat a page builds loads ICU's number data: 30-70 ms of main thread on
// this machine, about four times that on Lighthouse's phone, inside the task that draws the first
// prices of / and /search. The app formats few shapes: grouped integers, a fixed range of decimals,
// and euros after ("18,50 €") or before ("€18.50") the number. Those are written here, digit for
// digit as Intl writes them (tests/unit/plain-number-format.test.ts compares both over thousands of
// values); anything else (another locale or currency, a negative number, an option this file does
// not know) answers undefined, and the caller asks Intl.
// Rounding is Intl's: half away from zero, on the number's shortest decimal form ("1.005" -> "1.01",
// where toFixed(2) says "1.00").

type Separators = { group: string; decimal: string; euros: (digits: string) => string };

const LOCALES: Record<string, Separators> = {
  "fr-FR": { group: "\u202F", decimal: ",", euros: (digits) => `${digits}\u00A0€` },
  "en-GB": { group: ",", decimal: ".", euros: (digits) => `€${digits}` },
};

/** NumberFormat's options besides style, currency and the fraction digits: any of them sends the caller to Intl. */
const OTHER_INTL_OPTIONS = [
  "compactDisplay",
  "currencyDisplay",
  "currencySign",
  "localeMatcher",
  "maximumSignificantDigits",
  "minimumIntegerDigits",
  "minimumSignificantDigits",
  "notation",
  "numberingSystem",
  "roundingIncrement",
  "roundingMode",
  "roundingPriority",
  "signDisplay",
  "trailingZeroDisplay",
  "unit",
  "unitDisplay",
  "useGrouping",
];

export type PlainNumberOptions = {
  style?: string;
  currency?: string;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
} & Record<string, unknown>;

/** `value` as Intl.NumberFormat(locale, options) writes it, or undefined when this file cannot say. */
export function plainNumberFormat(
  value: unknown,
  locale: string,
  options: PlainNumberOptions = {},
): string | undefined {
  const separators = LOCALES[locale];
  if (!separators || typeof value !== "number" || !Number.isFinite(value) || value < 0 || Object.is(value, -0))
    return undefined;
  if (OTHER_INTL_OPTIONS.some((name) => options[name] !== undefined)) return undefined;
  const currency = options.style === "currency";
  if (options.style !== undefined && !currency) return undefined;
  if (currency && options.currency !== "EUR") return undefined;
  const min = options.minimumFractionDigits ?? (currency ? 2 : 0);
  const max = options.maximumFractionDigits ?? Math.max(min, currency ? 2 : 3);
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max > 20 || max < min) return undefined;
  const rounded = roundHalfExpand(String(value), max);
  if (rounded === undefined) return undefined;
  const [integer, fraction] = rounded;
  const shownFraction = fraction.replace(/0+$/, "").padEnd(min, "0");
  const digits = group(integer, separators.group) + (shownFraction ? separators.decimal + shownFraction : "");
  return currency ? separators.euros(digits) : digits;
}

/** A non-negative number's shortest decimal form rounded to `decimals`: [integer digits, `decimals` digits]. */
function roundHalfExpand(shortest: string, decimals: number): [string, string] | undefined {
  if (!/^\d+(\.\d+)?$/.test(shortest)) return undefined; // exponent forms (1e+21, 1e-7): Intl's case
  const [integer, fraction = ""] = shortest.split(".");
  if (fraction.length <= decimals) return [integer, fraction.padEnd(decimals, "0")];
  const kept = integer + fraction.slice(0, decimals);
  const roundsUp = fraction.charCodeAt(decimals) >= "5".charCodeAt(0);
  const all = (roundsUp ? (BigInt(kept) + 1n).toString() : kept).padStart(kept.length, "0");
  const integerLength = all.length - decimals;
  return [all.slice(0, integerLength).replace(/^0+(?=\d)/, "") || "0", all.slice(integerLength)];
}

/** "1234567" -> "1 234 567" with `separator` every three digits from the right. */
const group = (integer: string, separator: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
