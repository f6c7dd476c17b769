// Amounts follow the interface language (issue 19): its locale (db/i18n/languages LOCALE_TAGS:
// fr-FR, en-GB) writes "14,50 €" in French and "€14.50" in English. Without `lang`, the current
// language: a component that calls useTranslation draws again when it changes, and so formats again.
// Dates, times and ratings are in format-paris.ts, out of the first load of /.
import { LOCALE_TAGS } from "@db/i18n/languages";
import { currentLanguage, type Language } from "./i18n";

/** One formatter per language and number of decimals (an Intl formatter is costly to build). */
const formats: Record<string, Intl.NumberFormat> = {};

/** Integer cents -> "19 €" / "€19", or "18,50 €" / "€18.50" with cents (never "18,5 €"). */
export function formatEuros(cents: number, lang: Language = currentLanguage()): string {
  const digits = cents % 100 ? 2 : 0;
  return (formats[lang + digits] ??= new Intl.NumberFormat(LOCALE_TAGS[lang], {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })).format(cents / 100);
}
