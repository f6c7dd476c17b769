// Which language the visitor reads: the choice stored on this device, else English if the browser's
// preferred language is English, else French. Apart from lib/i18n.ts (and i18next) because the
// pre-rendered pages' boot script asks it too, to fetch that language's texts with the app.
import { isLanguage, type Language, languageOf } from "@db/i18n/languages";

export const LANG_STORAGE_KEY = "veilleuse.lang";

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
