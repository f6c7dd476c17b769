// Server-side translation: only the texts the Worker sends, the validation messages and API errors
// it shares with the web app (db/i18n: errors and plan names in core.json, the rest in <lang>.json)
// and its emails (edge/i18n).
import { DEFAULT_LANGUAGE, type Language, languageOf } from "@db/i18n/languages";
import { interpolate, lookupMessage, type Messages } from "@db/i18n/messages";
import coreEn from "@db/i18n/en/core.json";
import sharedEn from "@db/i18n/en.json";
import coreFr from "@db/i18n/fr/core.json";
import sharedFr from "@db/i18n/fr.json";
import serverEn from "../i18n/en.json";
import serverFr from "../i18n/fr.json";

export type Lang = Language;
// Searched in order. The server's own messages (emails, SEO, API errors the web app never shows by
// key) are in edge/i18n, out of the web app's first load; a section may span both files.
const resources: Record<Lang, Messages[]> = {
  fr: [coreFr, sharedFr, serverFr],
  en: [coreEn, sharedEn, serverEn],
};

/** The request's language: 'en' when the client asks for English first, French otherwise (French-first product). */
export const pickLang = (acceptLanguage: string | null | undefined): Lang => languageOf(acceptLanguage?.split(",")[0]);

const lookup = (lang: Lang, key: string) => {
  for (const tree of resources[lang]) {
    const text = lookupMessage(tree, key);
    if (typeof text === "string") return text;
  }
  return undefined;
};

export function isMessageKey(key: string): boolean {
  return lookup(DEFAULT_LANGUAGE, key) !== undefined;
}

/** Translate an i18n key ({{param}} interpolation); unknown keys come back unchanged. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return interpolate(lookup(lang, key) ?? lookup(DEFAULT_LANGUAGE, key) ?? key, params);
}
