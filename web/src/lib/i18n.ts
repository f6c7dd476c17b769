// i18next with both resource files bundled (they are small and the first paint needs one of them).
// Language rule (spec core-flows §1): stored choice, else English if the browser is English, else French.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../i18n/en.json";
import fr from "../i18n/fr.json";
import { CONSTANT_VARIABLES } from "@db/constants/text-variables";

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

export async function changeLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // the switch still applies for this visit
  }
  await i18n.changeLanguage(lang);
}

i18n.on("languageChanged", (lang) => {
  if (typeof document !== "undefined") document.documentElement.lang = lang;
});

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: fr }, en: { translation: en } },
  lng: detectLanguage(),
  fallbackLng: "fr",
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false, defaultVariables: CONSTANT_VARIABLES }, // React escapes
  returnNull: false,
});
document.documentElement.lang = currentLanguage();

export default i18n;
