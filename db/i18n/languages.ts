// The interface languages: French first, English for those who ask for it.
// One rule for the server (Accept-Language) and the web app (the browser's language).
export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fr";

/** The locale each language formats dates and amounts in (British English: day before month, 24 h). */
export const LOCALE_TAGS: Record<Language, string> = { fr: "fr-FR", en: "en-GB" };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** English when the preferred language tag is English ("en", "en-GB"), French otherwise. */
export const languageOf = (tag: string | null | undefined): Language =>
  (tag ?? "").trim().toLowerCase().startsWith("en") ? "en" : DEFAULT_LANGUAGE;
