// Which language the visitor reads: the choice kept in a cookie, else English if the browser's
// preferred language is English, else French. Apart from lib/i18n.ts (and i18next) because the
// pre-rendered pages' boot script asks it too, to fetch that language's texts with the app.
// The cookie is the one place the choice lives: the Worker reads it to serve the public pages
// already drawn in that language (edge/routes/public-pages.ts). It was once in localStorage too, but
// a visitor's first read of localStorage opens the storage backend, which held the boot script's
// task ~30 ms on Lighthouse's fresh profile (x4 on its phone CPU), for a value the cookie holds.
import {
  isLanguage,
  LANGUAGE_CHOICE_KEY,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Language,
  languageOf,
} from "@db/i18n/languages";

const cookieLanguage = () =>
  document.cookie
    .split(";")
    .map((pair) => pair.trim().split("="))
    .find(([name]) => name === LANGUAGE_CHOICE_KEY)?.[1];

export function detectLanguage(): Language {
  const chosen = cookieLanguage();
  if (isLanguage(chosen)) return chosen;
  return languageOf(typeof navigator === "undefined" ? "" : navigator.language);
}

/** The cookie says the language the visitor reads: their choice, or the one detected on a first visit. */
export function keepLanguageCookie(lang: Language): void {
  if (cookieLanguage() === lang) return;
  document.cookie = `${LANGUAGE_CHOICE_KEY}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
