// The demo world's avatars: the seed stores them where an uploaded photo goes (the PHOTOS bucket, in
// wrangler dev's local state beside the database) and names them in profiles.photo_url the same
// way, so the Worker serves them at /api/photos/{key} like any photo, and the search shows them.
import { describe, expect, it } from "vitest";
import { baseUrl, call, queryRows } from "./helpers";

const AVATAR_URL = /^\/api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.svg$/;

describe("seeded avatars", () => {
  it("give every seeded sitter a photo the Worker serves as an image", async () => {
    const [missing] = await queryRows(
      "SELECT count(*) AS n FROM profiles WHERE user_type = 'babysitter' AND email LIKE '%@demo.veilleuse.fr' AND photo_url IS NULL",
      [],
    );
    expect(Number(missing.n)).toBe(0);
    const sitters = await queryRows(
      "SELECT photo_url FROM profiles WHERE user_type = 'babysitter' AND email LIKE '%@demo.veilleuse.fr' ORDER BY id LIMIT 3",
      [],
    );
    expect(sitters).toHaveLength(3);
    for (const { photo_url } of sitters) {
      expect(String(photo_url)).toMatch(AVATAR_URL);
      const response = await fetch(`${baseUrl()}${photo_url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(response.headers.get("cache-control")).toContain("immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    }
  });

  it("are what the search cards show", async () => {
    const { status, body } = await call("GET", "/api/search?location=Lyon");
    expect(status).toBe(200);
    const seeded = new Set(
      (
        await queryRows(
          "SELECT id FROM profiles WHERE user_type = 'babysitter' AND email LIKE '%@demo.veilleuse.fr' AND city = 'Lyon'",
          [],
        )
      ).map((row) => String(row.id)),
    );
    const cards = (body.results as { id: string; photo_url: string | null }[]).filter((c) => seeded.has(c.id));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.photo_url).toMatch(AVATAR_URL);
  });

  it("answer 404 for an avatar key nobody stored", async () => {
    const response = await fetch(`${baseUrl()}/api/photos/00000000-0000-4000-8000-000000000000.svg`);
    expect(response.status).toBe(404);
  });
});
