// The web app's translations: the interface's texts (web/src/i18n) and the validation messages and
// API errors it shares with the server (db/i18n). French, the default language the public pages are
// pre-rendered in, is bundled; English is a chunk of its own, fetched only by those who read it. The
// app needs nested keys, {{name}} values and lists (returnObjects), which this small translator
// does; i18next and react-i18next cost 17 KB gzip of the first load of / (scripts/size-budget.ts)
// for the same result.
// Language rule (spec core-flows §1): stored choice, else English if the browser is English, else French.
import { useCallback, useSyncExternalStore } from "react";
import { interpolate, lookupMessage, type Messages } from "@db/i18n/messages";
import sharedFr from "@db/i18n/fr.json";
import interfaceFr from "../i18n/fr.json";

export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANG_STORAGE_KEY = "veilleuse.lang";
const DEFAULT_LANGUAGE: Language = "fr";

type TOptions = Record<string, unknown>;

/** t(key) and t(key, { name }) give a string (the key itself when it is missing); returnObjects gives a list. */
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

const messages: Partial<Record<Language, Messages>> = { fr: { ...interfaceFr, ...sharedFr } };

async function loadEnglish(): Promise<Messages> {
  const [interfaceEn, sharedEn] = await Promise.all([import("../i18n/en.json"), import("@db/i18n/en.json")]);
  return { ...interfaceEn.default, ...sharedEn.default };
}
let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANG_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage can be disabled (private mode, policies)
  }
}

export function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const browser = typeof navigator === "undefined" ? "" : (navigator.language ?? "");
  return browser.toLowerCase().startsWith("en") ? "en" : "fr";
}

export const currentLanguage = (): Language => language;

function translateIn(lang: Language, key: string, options: TOptions = {}): unknown {
  const value = lookupMessage(messages[lang], key) ?? lookupMessage(messages[DEFAULT_LANGUAGE], key);
  if (typeof value === "string") return interpolate(value, options);
  return options.returnObjects && value !== undefined ? value : key;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The current language and its `t`; the component renders again when the language changes. The
 * pre-render and the hydration read French (the server snapshot), the language the HTML was drawn in.
 */
export function useTranslation(): { t: TFunction; language: Language } {
  const lang = useSyncExternalStore(subscribe, currentLanguage, () => DEFAULT_LANGUAGE);
  const translate = useCallback((key: string, options?: TOptions) => translateIn(lang, key, options), [lang]);
  return { t: translate as TFunction, language: lang };
}

async function switchTo(lang: Language): Promise<void> {
  messages[lang] ??= await loadEnglish();
  language = lang;
  document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

export async function changeLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // the switch still applies for this visit
  }
  await switchTo(lang);
}

/** The visitor's language (stored or the browser's), once the French page has been drawn or hydrated. */
export async function applyPreferredLanguage(): Promise<void> {
  const preferred = detectLanguage();
  if (preferred !== language) await switchTo(preferred);
}
