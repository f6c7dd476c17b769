// /robots.txt and /sitemap.xml for search engines. Both carry absolute URLs built from the
// configured public origin, never from the request (a forged Host cannot plant another site's
// links): that is why the Worker serves them instead of static files. The sitemap lists the
// public pages, then every public babysitter profile with the date it last changed.
import { Hono } from "hono";
import { createDb } from "@db/client";
import { PUBLIC_PAGES } from "@db/constants/public-pages";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { withSecurityHeaders } from "../middleware/security-headers";
import { SITEMAP_MAX_URLS, sitemapSitters } from "../services/search/seo";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`);

type SitemapEntry = { path: string; lastmod?: string };

const urlElement = (origin: string, { path, lastmod }: SitemapEntry) =>
  `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`;

function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => urlElement(origin, entry));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Everything may be crawled but the API; the sitemap says which pages matter. */
const robotsTxt = (origin: string) =>
  ["User-agent: *", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");

export const seoRoutes = new Hono<AppEnv>()
  .get("/robots.txt", withSecurityHeaders, (c) =>
    c.body(robotsTxt(publicOrigin(c.env)), 200, { "content-type": "text/plain; charset=utf-8" }),
  )
  .get("/sitemap.xml", withSecurityHeaders, async (c) => {
    const sitters = await sitemapSitters(createDb(c.env), SITEMAP_MAX_URLS - PUBLIC_PAGES.length);
    const entries = [
      ...PUBLIC_PAGES.map((path) => ({ path })),
      // W3C dates: the day is all a crawler needs.
      ...sitters.map(({ id, lastmod }) => ({ path: `/babysitter/${id}`, lastmod: lastmod.slice(0, 10) })),
    ];
    return c.body(sitemapXml(publicOrigin(c.env), entries), 200, { "content-type": "application/xml; charset=utf-8" });
  });
