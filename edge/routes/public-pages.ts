// The pre-rendered public pages (/, /login, /search...), each drawn at build time in every language
// (web/dist/<page>.html in French, web/dist/en/<page>.html in English). The Worker runs first for
// them (wrangler.toml run_worker_first) only to pick which: the language the visitor chose (the
// web app keeps it in a cookie), else the first language the browser asks for (Accept-Language),
// the same rule the web app applies. So an English reader's first paint is already English: nothing
// moves when the app starts (the page is hydrated, not redrawn).
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { prerenderedAssetPath, PUBLIC_PAGES, type PublicPage } from "@db/constants/public-pages";
import { isLanguage, LANGUAGE_CHOICE_KEY, type Language } from "@db/i18n/languages";
import type { AppEnv } from "../lib/context";
import { pickLang } from "../lib/i18n";
import { withSecurityHeaders } from "./app-shell";

/** The chosen language, else the browser's first. */
function pageLanguage(c: Context<AppEnv>): Language {
  const chosen = getCookie(c, LANGUAGE_CHOICE_KEY);
  return isLanguage(chosen) ? chosen : pickLang(c.req.header("Accept-Language"));
}

/** GET and HEAD of the public pages, each in the visitor's language (a cache keeps one copy per language). */
export const publicPageRoutes = new Hono<AppEnv>().on(["GET", "HEAD"], [...PUBLIC_PAGES], async (c) => {
  const page = c.req.path as PublicPage;
  const assetUrl = new URL(prerenderedAssetPath(page, pageLanguage(c)), c.req.url);
  const asset = await c.env.ASSETS.fetch(new Request(assetUrl, { method: c.req.method, headers: c.req.raw.headers }));
  const response = withSecurityHeaders(asset);
  response.headers.append("Vary", "Cookie, Accept-Language");
  return response;
});
