// i18next starts in French, the default language the public pages are pre-rendered in; English is a
// chunk of its own, fetched only by those who read it (the first load of / stays lean).
// Language rule (spec core-flows §1): stored choice, else English if the browser is English, else French.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import fr from "../i18n/fr.json";

export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANG_STORAGE_KEY = "veilleuse.lang";

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

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fr";
}

async function loadResources(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, "translation")) return;
  const { default: resources } = await import("../i18n/en.json");
  i18n.addResourceBundle(lang, "translation", resources);
}

async function switchTo(lang: Language): Promise<void> {
  await loadResources(lang);
  await i18n.changeLanguage(lang);
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
  if (preferred !== currentLanguage()) await switchTo(preferred);
}

i18n.on("languageChanged", (lang) => {
  if (typeof document !== "undefined") document.documentElement.lang = lang;
});

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: fr } },
  partialBundledLanguages: true,
  lng: "fr",
  fallbackLng: "fr",
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});
if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();

export default i18n;
