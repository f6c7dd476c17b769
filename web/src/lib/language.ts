// Which language the visitor reads: the choice stored on this device, else English if the browser's
// preferred language is English, else French. Apart from lib/i18n.ts (and i18next) because the
// pre-rendered pages' boot script asks it too, to fetch that language's texts with the app.
// The choice is also kept in a cookie, which the Worker reads to serve the public pages already
// drawn in that language (edge/routes/public-pages.ts).
import {
  isLanguage,
  LANGUAGE_CHOICE_KEY,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Language,
  languageOf,
} from "@db/i18n/languages";

function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_CHOICE_KEY);
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

const cookieLanguage = () =>
  document.cookie
    .split(";")
    .map((pair) => pair.trim().split("="))
    .find(([name]) => name === LANGUAGE_CHOICE_KEY)?.[1];

/** The cookie says the language the visitor reads (a choice stored before the cookie existed too). */
export function keepLanguageCookie(lang: Language): void {
  if (cookieLanguage() === lang) return;
  document.cookie = `${LANGUAGE_CHOICE_KEY}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The visitor's choice, on this device and for the Worker. */
export function storeLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_CHOICE_KEY, lang);
  } catch {
    // the switch still applies for this visit, and the cookie keeps it
  }
  keepLanguageCookie(lang);
}
