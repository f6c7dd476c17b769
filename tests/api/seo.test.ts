// robots.txt and sitemap.xml are real files for crawlers, with absolute URLs on the configured
// public origin, whatever Host the request claims.
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../db/constants/public-pages";
import { baseUrl, call, EVIL_HOST, forged } from "./helpers";

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe("sitemap.xml", () => {
  it("lists every public page with an absolute URL on the public origin", async () => {
    const { status, headers, body } = await call("GET", "/sitemap.xml");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locations(body)).toEqual(PUBLIC_PAGES.map((path) => `${baseUrl()}${path}`));
  });

  it("keeps the configured origin with a forged Host and X-Forwarded-Host", async () => {
    const { status, text } = await forged("GET", "/sitemap.xml", EVIL_HOST);
    expect(status).toBe(200);
    expect(locations(text)).toContain(`${baseUrl()}/login`);
    expect(text).not.toContain("evil.example");
  });
});

describe("robots.txt", () => {
  it("is plain text pointing to the sitemap's absolute URL, and keeps crawlers out of the API", async () => {
    const { status, headers, body } = await call("GET", "/robots.txt");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(body).toContain("User-agent: *\nDisallow: /api/\n");
    expect(body).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });

  it("keeps the configured origin with a forged Host and X-Forwarded-Host", async () => {
    const { text } = await forged("GET", "/robots.txt", EVIL_HOST);
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    expect(text).not.toContain("evil.example");
  });
});
