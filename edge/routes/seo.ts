// /robots.txt and /sitemap.xml for search engines. Both carry absolute URLs built from the
// configured public origin, never from the request (a forged Host cannot plant another site's
// links): that is why the Worker serves them instead of static files.
import { Hono } from "hono";
import { PUBLIC_PAGES } from "@db/constants/public-pages";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { withSecurityHeaders } from "../middleware/security-headers";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`);

function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
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
  .get("/sitemap.xml", withSecurityHeaders, (c) =>
    c.body(sitemapXml(publicOrigin(c.env)), 200, { "content-type": "application/xml; charset=utf-8" }),
  );
