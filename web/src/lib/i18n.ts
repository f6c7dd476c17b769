// The web app's translations: the interface's texts (web/src/i18n) and the validation messages and
// API errors it shares with the server (db/i18n). French, the default language the public pages are
// pre-rendered in, is bundled; English is a chunk of its own, fetched only by those who read it. The
// app needs nested keys, {{name}} values and lists (returnObjects), which this small translator
// does; i18next and react-i18next cost 17 KB gzip of the first load of / (scripts/size-budget.ts)
// for the same result.
// Language rule (spec core-flows §1): stored choice, else English if the browser is English, else French.
import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES, languageOf } from "@db/i18n/languages";
import { interpolate, lookupMessage, type Messages } from "@db/i18n/messages";
import sharedFr from "@db/i18n/fr.json";
import interfaceFr from "../i18n/fr.json";

export { LANGUAGES, type Language } from "@db/i18n/languages";
export const LANG_STORAGE_KEY = "veilleuse.lang";

type TOptions = Record<string, unknown>;

/** t(key) and t(key, { name }) give a string (the key itself when it is missing); returnObjects gives a list. */
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

/**
 * The catalogue, as separate trees per language: the frame's and the shared texts (French bundled,
 * English fetched on demand), then each feature's namespace, added when its chunk loads.
 */
const catalogue: Record<Language, Messages[]> = { fr: [interfaceFr, sharedFr], en: [] };
let englishFrame: Promise<void> | undefined;

/** The frame's and the shared English texts (features bring their own). */
function loadEnglishFrame(): Promise<void> {
  englishFrame ??= Promise.all([import("../i18n/en.json"), import("@db/i18n/en.json")]).then(
    ([interfaceEn, sharedEn]) => void catalogue.en.push(interfaceEn.default, sharedEn.default),
  );
  return englishFrame;
}

/** A feature's texts, in both languages, bundled with the feature's chunk (its `texts.ts`). */
export type FeatureTexts = { readonly fr: Messages; readonly en: Messages };

/** Adds a feature's namespace to the catalogue, once; pass the result to useTranslation. */
export function defineTexts(texts: FeatureTexts): FeatureTexts {
  for (const lang of LANGUAGES) if (!catalogue[lang].includes(texts[lang])) catalogue[lang].push(texts[lang]);
  return texts;
}

const lookupIn = (lang: Language, key: string): unknown => {
  for (const tree of catalogue[lang]) {
    const value = lookupMessage(tree, key);
    if (value !== undefined) return value;
  }
  return undefined;
};

let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

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
  return languageOf(typeof navigator === "undefined" ? "" : navigator.language);
}

export const currentLanguage = (): Language => language;

function translateIn(lang: Language, key: string, options: TOptions = {}): unknown {
  const value = lookupIn(lang, key) ?? lookupIn(DEFAULT_LANGUAGE, key);
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
 * A feature's component names its namespace (`useTranslation(authTexts)`), which its chunk carries;
 * the frame's and the shared keys (common, nav, pages, validation, errors) are always there.
 */
export function useTranslation(namespace?: FeatureTexts): { t: TFunction; language: Language } {
  if (namespace) defineTexts(namespace);
  const lang = useSyncExternalStore(subscribe, currentLanguage, () => DEFAULT_LANGUAGE);
  const translate = useCallback((key: string, options?: TOptions) => translateIn(lang, key, options), [lang]);
  return { t: translate as TFunction, language: lang };
}

async function switchTo(lang: Language): Promise<void> {
  if (lang === "en") await loadEnglishFrame();
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
