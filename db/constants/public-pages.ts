// The public pages that need no session and no query string: the web build pre-renders each one
// (web/dist/<page>.html, in French; web/dist/en/<page>.html, in English) and the Worker lists them
// in /sitemap.xml.
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages";

export const PUBLIC_PAGES = [
  "/",
  "/search",
  "/demo",
  "/login",
  "/register",
  "/forgot-password",
  "/terms",
  "/privacy",
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * Where the build writes a public page drawn in `lang`, as a path of the static assets: French at
 * the page's own path (web/dist/login.html for /login), another language under its code
 * (web/dist/en/login.html). The Worker serves each visitor the one in their language.
 */
export const prerenderedAssetPath = (page: PublicPage, lang: Language): string =>
  lang === DEFAULT_LANGUAGE ? page : `/${lang}${page === "/" ? "/" : page}`;
