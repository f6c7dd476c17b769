// /babysitter/{id}: the app shell, with the babysitter's own <title>, description, canonical URL
// and Open Graph tags written into its head before the app runs, so search engines and link
// previews see her page. Only public, listed babysitter profiles are described; a members-only one
// gets the plain shell, a missing, hidden or not yet listed one (services/search/listing.ts) the shell
// marked noindex. Her texts only ever pass
// through HTMLRewriter's setAttribute / setInnerContent (escaped); the markup added is constant.
import type { Context } from "hono";
import { createDb } from "@db/client";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { pickLang } from "../lib/i18n";
import { findSeoSitter, type PageMeta, sitterPageMeta } from "../services/search/seo";
import { fetchAppShell, serveAppShell, wantsPage } from "./app-shell";

/** Constant markup: empty tags the second pass fills with setAttribute. */
const TAGS = [
  '<link rel="canonical">',
  '<meta property="og:type" content="profile">',
  '<meta property="og:site_name" content="Veilleuse">',
  '<meta property="og:title">',
  '<meta property="og:description">',
  '<meta property="og:url">',
  '<meta property="og:locale">',
].join("");
const IMAGE_TAG = '<meta property="og:image">';
const NOINDEX_TAG = '<meta name="robots" content="noindex">';

const setAttribute = (name: string, value: string) => ({
  element: (element: Element) => void element.setAttribute(name, value),
});

/** Without etag: the body is no longer the asset the etag names. */
function rewritten(response: Response): Response {
  const copy = new Response(response.body, response);
  copy.headers.delete("etag");
  return copy;
}

function describe(shell: Response, meta: PageMeta): Response {
  const withTags = new HTMLRewriter()
    .on("head", { element: (head) => void head.append(TAGS + (meta.image ? IMAGE_TAG : ""), { html: true }) })
    .transform(shell);
  const filled = new HTMLRewriter()
    .on("title", { element: (title) => void title.setInnerContent(meta.title, { html: false }) })
    .on('meta[name="description"]', setAttribute("content", meta.description))
    .on('link[rel="canonical"]', setAttribute("href", meta.url))
    .on('meta[property="og:title"]', setAttribute("content", meta.title))
    .on('meta[property="og:description"]', setAttribute("content", meta.description))
    .on('meta[property="og:url"]', setAttribute("content", meta.url))
    .on('meta[property="og:locale"]', setAttribute("content", meta.locale))
    .on('meta[property="og:image"]', setAttribute("content", meta.image ?? ""))
    .transform(withTags);
  return rewritten(filled);
}

function noindex(shell: Response): Response {
  return rewritten(
    new HTMLRewriter()
      .on("head", { element: (head) => void head.append(NOINDEX_TAG, { html: true }) })
      .transform(shell),
  );
}

export async function serveSitterPage(c: Context<AppEnv>): Promise<Response> {
  if (!wantsPage(c)) return serveAppShell(c);
  const shell = await fetchAppShell(c);
  let sitter;
  try {
    sitter = await findSeoSitter(createDb(c.env), c.req.param("id") ?? "");
  } catch (error) {
    // The page still works without its description: the app loads the profile itself.
    console.error("babysitter page: profile lookup failed", error);
    return shell;
  }
  if (sitter?.visibility === "public" && sitter.listed) {
    // In the visitor's language (crawlers, which send none, read French); the document's lang
    // attribute stays the app's to set, once it knows the stored choice.
    const meta = sitterPageMeta(sitter, pickLang(c.req.header("accept-language")), publicOrigin(c.env));
    return describe(shell, meta);
  }
  return sitter?.visibility === "members" && sitter.listed ? shell : noindex(shell);
}
