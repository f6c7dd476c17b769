// Dates, times and numbers of bookings, reviews and messages: stored UTC times shown in Europe/Paris
// (both languages), in the interface language's locale (db/i18n/languages LOCALE_TAGS: fr-FR,
// en-GB): "vendredi 13 novembre 2026" / "Friday, 13 November 2026", "4,8" / "4.8". Without `lang`,
// the current language (a component that calls useTranslation draws again when it changes). A module
// of its own so the first load of / (which formats plan prices, format.ts) does not carry these.
import type { Language } from "@db/i18n/languages";
import { PARIS_TIME_ZONE, parisTimeRange } from "@db/time/paris-time";
import { currentLanguage, formatValue } from "./i18n";

const DATE_OPTIONS = {
  long: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  day: { day: "numeric", month: "long", year: "numeric" },
  clock: { hour: "2-digit", minute: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A date style, in Paris time, through i18next's formatters (each Intl formatter built once). */
const formatDate = (iso: string, style: keyof typeof DATE_OPTIONS, lang: Language) =>
  formatValue(new Date(iso), "datetime", { ...DATE_OPTIONS[style], timeZone: PARIS_TIME_ZONE }, lang);

const formatDecimal = (value: number, minDecimals: number, maxDecimals: number, lang: Language) =>
  formatValue(value, "number", { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals }, lang);

/** A stored UTC time as its Paris date: "mardi 14 avril 2026" / "Tuesday, 14 April 2026". */
export const formatLongDate = (iso: string, lang: Language = currentLanguage()) => formatDate(iso, "long", lang);

/** A stored UTC time as its Paris day, without the weekday: "14 avril 2026" / "14 April 2026". */
export const formatDay = (iso: string, lang: Language = currentLanguage()) => formatDate(iso, "day", lang);

/** A stored UTC time as its Paris clock time, 24-hour in both languages: "18:30". */
export const formatClockTime = (iso: string, lang: Language = currentLanguage()) => formatDate(iso, "clock", lang);

/**
 * A booking's Paris time range, the one formatter of every screen that shows one: "18:30 – 22:00",
 * and past midnight "20:00 – 01:00 (+1 j)" / "20:00 – 01:00 (+1 d)" (db/time/paris-time.ts, which
 * the emails and notices use too).
 */
export const formatTimeRange = (startIso: string, endIso: string, lang: Language = currentLanguage()) =>
  parisTimeRange(startIso, endIso, lang);

/** An average rating, always one decimal: "4,8" / "4.8", "5,0" / "5.0". */
export const formatRating = (rating: number, lang: Language = currentLanguage()) => formatDecimal(rating, 1, 1, lang);

/** A count or a measure, up to `maxDecimals` decimals: "1 250" / "1,250", "2,5" / "2.5". */
export const formatNumber = (value: number, maxDecimals = 0, lang: Language = currentLanguage()) =>
  formatDecimal(value, 0, maxDecimals, lang);
