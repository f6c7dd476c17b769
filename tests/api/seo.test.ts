// robots.txt and sitemap.xml are real files for crawlers, with absolute URLs on the configured
// public origin, whatever Host the request claims. A public babysitter's page carries her own
// title, description, canonical URL and Open Graph tags; other profiles are never described.
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../db/constants/public-pages";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { PNG } from "../fixtures/images";
import { baseUrl, call, EVIL_HOST, execute, forged, type Member, newMember, queryRows } from "./helpers";

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
const sitterUrl = (id: string) => `${baseUrl()}/babysitter/${id}`;

describe("sitemap.xml", () => {
  it("lists every public page, then every public babysitter profile, with absolute URLs on the public origin", async () => {
    const { status, headers, body } = await call("GET", "/sitemap.xml");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const listed = locations(body);
    expect(listed.slice(0, PUBLIC_PAGES.length)).toEqual(PUBLIC_PAGES.map((path) => `${baseUrl()}${path}`));
    // Public and listed (edge/services/search/listing.ts: her own rate, a bio, some availability).
    const sitters = await queryRows(
      `SELECT p.id FROM profiles p JOIN babysitter_profiles bp ON bp.profile_id = p.id
       WHERE p.user_type = 'babysitter' AND p.profile_visibility = 'public' AND bp.rate_chosen_at IS NOT NULL
         AND trim(coalesce(p.bio, '')) <> ''
         AND EXISTS (SELECT 1 FROM json_each(bp.available_hours) d WHERE json_array_length(d.value) > 0)
       ORDER BY p.created_at, p.id`,
      [],
    );
    expect(sitters.length).toBeGreaterThan(100);
    expect(listed.slice(PUBLIC_PAGES.length)).toEqual(sitters.map((row) => sitterUrl(String(row.id))));
  });

  it("gives each profile the day it last changed, and leaves out members-only, hidden and non-babysitter profiles", async () => {
    const [members, hidden] = await Promise.all([newMember("babysitter"), newMember("babysitter")]);
    await execute("UPDATE profiles SET profile_visibility = 'members' WHERE id = ?", [members.profileId]);
    await execute("UPDATE profiles SET profile_visibility = 'hidden' WHERE id = ?", [hidden.profileId]);
    const demo = (await queryRows("SELECT id FROM profiles WHERE email = ?", [DEMO_ACCOUNTS.babysitter.email]))[0].id;
    await execute("UPDATE babysitter_profiles SET updated_at = '2031-02-03T04:05:06.000Z' WHERE profile_id = ?", [
      String(demo),
    ]);
    const { body } = await call("GET", "/sitemap.xml");
    expect(body).toContain(`<url><loc>${sitterUrl(String(demo))}</loc><lastmod>2031-02-03</lastmod></url>`);
    for (const id of [members.profileId, hidden.profileId]) expect(body).not.toContain(id);
    const parents = await queryRows("SELECT id FROM profiles WHERE user_type <> 'babysitter'", []);
    for (const row of parents) expect(body).not.toContain(String(row.id));
    const lastmods = [...body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m: RegExpMatchArray) => m[1]);
    expect(lastmods.length).toBe(locations(body).length - PUBLIC_PAGES.length);
    for (const day of lastmods) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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

/** The content of the first tag matching `pattern` in the page's head, or undefined. */
const metaContent = (html: string, attribute: string, name: string) =>
  html.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`))?.[1];

const unescapeAttribute = (value: string) =>
  value.replace(
    /&(quot|amp|lt|gt|#39);/g,
    (_, name: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#39": "'" })[name]!,
  );

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe("a babysitter's page for search engines and link previews", () => {
  let sitter: Member;
  beforeAll(async () => {
    sitter = await newMember("babysitter", { first_name: "Zoé", last_name: "Garnier", city: "Nantes" });
    await call("PATCH", "/api/profile", {
      cookie: sitter.cookie,
      json: {
        first_name: "Zoé",
        last_name: "Garnier",
        phone: "06 12 34 56 78",
        city: "Nantes",
        bio: 'Étudiante "sage-femme" <script>alert(1)</script> & passionnée de jeux de société avec les petits.',
      },
    });
    // Not listed yet (no rate of her own, no availability): her page is not for search engines.
    const unlisted = await page(`/babysitter/${sitter.profileId}`);
    expect(unlisted.html).toContain('<meta name="robots" content="noindex">');
    expect(unlisted.html).not.toMatch(/og:|canonical/);
    const tab = await call("PUT", "/api/profile/babysitter", {
      cookie: sitter.cookie,
      json: {
        hourly_rate_cents: 1500,
        experience_years: 1,
        languages: ["fr"],
        specialties: [],
        certifications: [],
        age_groups: [],
        available_hours: { sat: [["09:00", "12:00"]] },
        emergency_available: false,
        has_references: false,
      },
    });
    expect(tab.status).toBe(200);
  });

  it("has her title, description, canonical URL and Open Graph tags in the HTML, her text escaped", async () => {
    const { status, headers, html } = await page(`/babysitter/${sitter.profileId}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("text/html");
    expect(headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(html).toContain("<title>Zoé Garnier, baby-sitter à Nantes · Veilleuse</title>");
    expect(html).toContain(`<link rel="canonical" href="${sitterUrl(sitter.profileId)}">`);
    const description = metaContent(html, "name", "description")!;
    // An attribute value cannot be left: its quotes are escaped; what is inside stays inert text.
    expect(unescapeAttribute(description)).toBe(
      "Zoé Garnier, baby-sitter à Nantes : 1 an d'expérience, 15 € de l'heure. Étudiante \"sage-femme\" <script>alert(1)</script> & passionnée de jeux de société avec…",
    );
    // Cut at the description's length, on a word, with an ellipsis.
    expect(html.replace(/ content="[^"]*"/g, "")).not.toContain("alert(1)");
    expect(metaContent(html, "property", "og:title")).toBe("Zoé Garnier, baby-sitter à Nantes · Veilleuse");
    expect(metaContent(html, "property", "og:description")).toBe(description);
    expect(metaContent(html, "property", "og:url")).toBe(sitterUrl(sitter.profileId));
    expect(metaContent(html, "property", "og:type")).toBe("profile");
    expect(metaContent(html, "property", "og:locale")).toBe("fr_FR");
    expect(html).not.toContain("og:image");
    expect(html).not.toContain("noindex");
    expect(html).toContain('<div id="root"></div>');
  });

  it("adds og:image once she has a photo, and speaks English to an English visitor", async () => {
    const uploaded = await fetch(`${baseUrl()}/api/profile/photo`, {
      method: "POST",
      headers: { cookie: sitter.cookie, "content-type": "image/png" },
      body: PNG,
    });
    const photoUrl = ((await uploaded.json()) as any).profile.photo_url;
    const { html } = await page(`/babysitter/${sitter.profileId}`, { "accept-language": "en-GB,en" });
    expect(metaContent(html, "property", "og:image")).toBe(`${baseUrl()}${photoUrl}`);
    expect(html).toContain("<title>Zoé Garnier, babysitter in Nantes · Veilleuse</title>");
    expect(metaContent(html, "property", "og:locale")).toBe("en_GB");
  });

  it("builds its links on the configured origin with a forged Host", async () => {
    const { status, text } = await forged("GET", `/babysitter/${sitter.profileId}`, EVIL_HOST);
    expect(status).toBe(200);
    expect(text).toContain(`<link rel="canonical" href="${sitterUrl(sitter.profileId)}">`);
    expect(text).not.toContain("evil.example");
  });

  it("describes no members-only profile, and marks hidden, missing and non-babysitter ones noindex", async () => {
    await execute("UPDATE profiles SET profile_visibility = 'members' WHERE id = ?", [sitter.profileId]);
    const members = await page(`/babysitter/${sitter.profileId}`);
    expect(members.status).toBe(200);
    expect(members.html).toContain("<title>Veilleuse</title>");
    expect(members.html).not.toMatch(/og:|canonical|Garnier|noindex/);

    await execute("UPDATE profiles SET profile_visibility = 'hidden' WHERE id = ?", [sitter.profileId]);
    const parentId = String(
      (await queryRows("SELECT id FROM profiles WHERE email = ?", [DEMO_ACCOUNTS.parent.email]))[0].id,
    );
    for (const id of [sitter.profileId, parentId, "00000000-0000-4000-8000-000000000000"]) {
      const { status, html } = await page(`/babysitter/${id}`);
      expect(status, id).toBe(200);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain("<title>Veilleuse</title>");
      expect(html).not.toMatch(/og:|canonical|Garnier|Martin/);
    }
    await execute("UPDATE profiles SET profile_visibility = 'public' WHERE id = ?", [sitter.profileId]);
  });
});
