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

/**
 * Where a visitor's chosen language is kept: the web app's localStorage key, and the cookie of the
 * same name the Worker reads to serve the public pages pre-rendered in that language.
 */
export const LANGUAGE_CHOICE_KEY = "veilleuse.lang";

/** A year: the choice outlives the session. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
