// The web app's translations, on i18next and react-i18next: the interface's texts (web/src/i18n),
// the validation messages and API errors it shares with the server (db/i18n), and each feature's
// own texts (`defineTexts`, bundled with the feature's chunk). French, the language the public pages
// are pre-rendered in, is bundled; the English texts are chunks of their own, fetched only by those
// who read English, and always before anything is drawn in English (switchTo, textsReady).
// Plurals (`key_one` / `key_other`, `_zero` where French says 0 apart), `{{name}}` values and
// number and date formats (formatValue) all go through i18next (numbers and euros without
// Intl where they can: plain-number-format.ts).
// Language rule: the stored choice, else English if the browser is English, else French.
import { use } from "react";
import i18next, { type Resource } from "i18next";
import { initReactI18next, useTranslation as useI18nextTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES, LOCALE_TAGS } from "@db/i18n/languages";
import { CONSTANT_VARIABLES } from "@db/i18n/text-variables";
import { FRAME_TEXTS } from "../i18n/frame-texts";
import { detectLanguage, keepLanguageCookie } from "./language";
import { plainNumberFormat } from "./plain-number-format";

export { LANGUAGES, type Language } from "@db/i18n/languages";
export { detectLanguage } from "./language";

type TOptions = Record<string, unknown>;
type Messages = { readonly [key: string]: unknown };

/** t(key) and t(key, { name, count }) give a string (the key itself when it is missing); returnObjects gives a list. */
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

/**
 * Every text lives in i18next's one default namespace, merged tree by tree: a feature's keys sit
 * beside the frame's ("auth.login.title", "common.retry"), and a key a tree already has keeps its
 * first text.
 */
const NS = "translation";

const i18n = i18next.createInstance({
  // The visitor's language from the start, so the frame fetches only its texts; French in the
  // build's pre-render (Node), which draws each language in turn (switchTo).
  lng: typeof document === "undefined" ? DEFAULT_LANGUAGE : detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  resources: { fr: { [NS]: {} } } satisfies Resource,
  // Init is synchronous: the texts are added as their chunks arrive, and pages wait for them (textsReady).
  initAsync: false,
  cacheInBuiltFormats: true,
  // React escapes what it renders; the limits the texts quote ({{passwordMinLength}}) are always known.
  interpolation: { escapeValue: false, defaultVariables: CONSTANT_VARIABLES },
  // A component draws again when the language changes, never when a feature adds its texts.
  react: { useSuspense: false, bindI18n: "languageChanged", bindI18nStore: "" },
});
i18n.use(initReactI18next);
const HOOK_OPTIONS = { i18n };
void i18n.init();

/**
 * i18next's "number" and "currency" formats write the app's shapes themselves (plain-number-format.ts:
 * the first Intl.NumberFormat of a page costs 30-70 ms of main thread in Chromium) and build the
 * Intl formatter, once per locale and options, only for what they leave to it.
 */
for (const [name, style] of [
  ["number", undefined],
  ["currency", "currency"],
] as const) {
  i18n.services.formatter!.addCached(name, (locale: string | undefined, options: Intl.NumberFormatOptions) => {
    const styled = { ...options, style };
    let intl: Intl.NumberFormat | undefined;
    return (value: number) =>
      plainNumberFormat(value, locale ?? "", styled) ?? (intl ??= new Intl.NumberFormat(locale, styled)).format(value);
  });
}

const addTexts = (lang: Language, tree: Messages) => i18n.addResourceBundle(lang, NS, tree, true, false);

/**
 * The texts of t(key) calls without options, in the current language. A page draws the same labels
 * many times (twenty search cards each name their languages, specialties and the same five field
 * labels), and each i18next call resolves the key, looks for plurals, nesting and `{{values}}`
 * again: ~50 ms of the /search page's first render on Lighthouse's phone CPU went there. Emptied
 * whenever texts are added (a missing key's answer is the key itself) or the language changes.
 */
const plainTexts = new Map<string, string>();
i18n.store.on("added", () => plainTexts.clear());
i18n.on("languageChanged", () => plainTexts.clear());
const cachedTs = new WeakMap<object, TFunction>();

function withPlainTextCache(t: TFunction): TFunction {
  let cached = cachedTs.get(t);
  if (!cached) {
    cached = ((key: string, options?: TOptions) => {
      if (options !== undefined) return t(key, options);
      let text = plainTexts.get(key);
      if (text === undefined) plainTexts.set(key, (text = t(key)));
      return text;
    }) as TFunction;
    cachedTs.set(t, cached);
  }
  return cached;
}

type Loader = () => Promise<{ default: Messages }>;

/** A set of texts, per language: in the same chunk (a tree), or a chunk of its own fetched when read (a loader). */
export type FeatureTexts = { readonly [lang in Language]: Messages | Loader };

/** Every set of texts defined so far, the frame's first: a language is ready once each of them is. */
const registered = new Set<FeatureTexts>();
/** Where each set stands in each language: on its way, or in i18next. */
const progress = new Map<FeatureTexts, Partial<Record<Language, Promise<void> | "added">>>();

/** Adds a set's texts in `lang` (fetching them if they are a chunk of their own); undefined once there. */
function loadTexts(texts: FeatureTexts, lang: Language): Promise<void> | undefined {
  const states = progress.get(texts) ?? {};
  progress.set(texts, states);
  const state = states[lang];
  if (state !== undefined) return state === "added" ? undefined : state;
  const source = texts[lang];
  if (typeof source !== "function") {
    addTexts(lang, source);
    states[lang] = "added";
    return undefined;
  }
  const pending = source().then((module) => {
    addTexts(lang, module.default);
    states[lang] = "added";
  });
  pending.catch(() => delete states[lang]); // a failed fetch is tried again on the next read
  states[lang] = pending;
  return pending;
}

/**
 * Adds a set of texts, once; pass the result to useTranslation. The texts a chunk carries are added
 * at once; those of the current language that are a chunk of their own are fetched at once, the
 * others when their language is chosen.
 */
export function defineTexts(texts: FeatureTexts): FeatureTexts {
  if (registered.has(texts)) return texts;
  registered.add(texts);
  for (const lang of LANGUAGES) if (typeof texts[lang] !== "function") loadTexts(texts, lang);
  loadTexts(texts, currentLanguage())?.catch((error: unknown) => console.error(error));
  return texts;
}

/**
 * The frame's texts and those it shares with the server (common, nav, validation, errors...), a
 * chunk per language: a visitor fetches only the language the page is drawn in.
 */
defineTexts(FRAME_TEXTS);

/** Resolves once every text defined so far is there in the current language (a page waits for it). */
export function textsReady(): Promise<void> {
  const lang = currentLanguage();
  return Promise.all([...registered].map((texts) => loadTexts(texts, lang))).then(() => undefined);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * `value` formatted by i18next's formatters (each built once per locale and options) in the
 * language's locale: `format` is "number", "currency", "datetime"...
 */
export function formatValue(value: unknown, format: string, options: TOptions, lang = currentLanguage()): string {
  return i18n.services.formatter!.format(value, format, LOCALE_TAGS[lang], options) as string;
}

/**
 * The current language and its `t`; the component renders again when the language changes. The
 * pre-render and the hydration read French, the language the HTML was drawn in. A feature's
 * component names its texts (`useTranslation(authTexts)`), which its chunk carries; the frame's and
 * the shared keys (common, nav, pages, validation, errors) are always there.
 */
export function useTranslation(texts?: FeatureTexts): { t: TFunction; language: Language } {
  if (texts) defineTexts(texts);
  const { t, i18n: instance } = useI18nextTranslation(NS, HOOK_OPTIONS);
  const lang = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  // Texts still on their way in this language (a chunk loaded after the switch): wait for them
  // under the nearest Suspense rather than draw French in an English page.
  const pending = texts && progress.get(texts)?.[lang];
  if (pending instanceof Promise) use(pending);
  return { t: withPlainTextCache(t as unknown as TFunction), language: lang };
}

/** Draws in `lang` from now on, once its texts are there (the pre-render draws each page in each language). */
export async function switchTo(lang: Language): Promise<void> {
  await Promise.all([...registered].map((texts) => loadTexts(texts, lang)));
  await i18n.changeLanguage(lang);
  // Only a change: setting `lang`, even to the value it has, makes the browser compute the style of
  // the whole page again (every element inherits the language).
  if (typeof document !== "undefined" && document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

/** The visitor's choice: stored once its texts are there, so a failed fetch changes nothing. */
export async function changeLanguage(lang: Language): Promise<void> {
  await switchTo(lang);
  keepLanguageCookie(lang);
}

/** Switches to the visitor's language (stored or the browser's), its texts fetched first. */
export async function applyPreferredLanguage(): Promise<void> {
  const preferred = detectLanguage();
  keepLanguageCookie(preferred);
  await switchTo(preferred);
}
