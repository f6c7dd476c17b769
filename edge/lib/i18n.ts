// Server-side translation with the web app's own resource files: one text, one place.
import fr from "../../web/src/i18n/fr.json";
import en from "../../web/src/i18n/en.json";
import { interpolate, lookupMessage, type Messages } from "../../web/src/i18n/messages";

export type Lang = "fr" | "en";
const resources: Record<Lang, Messages> = { fr, en };

/** The request's language: 'en' when the client asks for English first, French otherwise (French-first product). */
export function pickLang(acceptLanguage: string | null | undefined): Lang {
  const first = acceptLanguage?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "fr";
}

function lookup(tree: Messages, key: string): string | undefined {
  const node = lookupMessage(tree, key);
  return typeof node === "string" ? node : undefined;
}

export function isMessageKey(key: string): boolean {
  return lookup(resources.fr, key) !== undefined;
}

/** Translate an i18n key ({{param}} interpolation); unknown keys come back unchanged. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return interpolate(lookup(resources[lang], key) ?? lookup(resources.fr, key) ?? key, params);
}
