// Server-side translation: only the texts the Worker sends (errors, validation messages, emails),
// in edge/i18n/{fr,en}.json. The web app imports the errors and validation messages from there too,
// so a form shows the very sentence the API would answer.
import { CONSTANT_VARIABLES } from "@db/constants/text-variables";
import en from "../i18n/en.json";
import fr from "../i18n/fr.json";

export type Lang = "fr" | "en";
const resources: Record<Lang, unknown> = { fr, en };

/** The request's language: 'en' when the client asks for English first, French otherwise (French-first product). */
export function pickLang(acceptLanguage: string | null | undefined): Lang {
  const first = acceptLanguage?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "fr";
}

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function isMessageKey(key: string): boolean {
  return lookup(resources.fr, key) !== undefined;
}

/**
 * Translate an i18n key (i18next-style {{param}} interpolation, with the constants the texts quote,
 * as the web's i18next does); unknown keys come back unchanged.
 */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(resources[lang], key) ?? lookup(resources.fr, key) ?? key;
  const values: Record<string, string | number> = { ...CONSTANT_VARIABLES, ...params };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
