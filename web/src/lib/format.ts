// Amounts follow the interface language: its locale (db/i18n/languages LOCALE_TAGS:
// fr-FR, en-GB) writes "14,50 €" in French and "€14.50" in English, through i18next's formatters (which keep
// each Intl formatter they build). Without `lang`, the current
// language: a component that calls useTranslation draws again when it changes, and so formats again.
// Dates, times and ratings are in format-paris.ts, out of the first load of /.
import { currentLanguage, formatValue, type Language } from "./i18n";

/** Integer cents -> "19 €" / "€19", or "18,50 €" / "€18.50" with cents (never "18,5 €"). */
export function formatEuros(cents: number, lang: Language = currentLanguage()): string {
  const digits = cents % 100 ? 2 : 0;
  const options = { currency: "EUR", minimumFractionDigits: digits, maximumFractionDigits: digits };
  return formatValue(cents / 100, "currency", options, lang);
}
