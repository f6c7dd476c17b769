// The search map's tiles are one setting (db/constants/map.ts) that both the map and the
// Content-Security-Policy read: the pages may load images from the tile server, and only from it.
import { describe, expect, it } from "vitest";
import { MAP_TILES, tileOrigins } from "@db/constants/map";
import { contentSecurityPolicy, staticHeadersFile } from "@edge/lib/security-headers";

const imgSrc = (csp: string) => csp.split("; ").find((directive) => directive.startsWith("img-src "))!;

describe("map tiles", () => {
  it("default to OpenStreetMap's standard tiles, with its attribution", () => {
    expect(MAP_TILES.url).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(MAP_TILES.attribution).toContain("OpenStreetMap");
    expect(tileOrigins()).toEqual(["https://tile.openstreetmap.org"]);
  });

  it("give one origin per subdomain of a {s} template, and refuse plain http", () => {
    const server = { url: "https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png", attribution: "x", maxZoom: 18 };
    expect(tileOrigins({ ...server, subdomains: ["a", "b"] })).toEqual([
      "https://a.tiles.example.org",
      "https://b.tiles.example.org",
    ]);
    expect(() => tileOrigins({ ...server, url: "http://tiles.example.org/{z}/{x}/{y}.png" })).toThrow(/https/);
  });

  it("are the only foreign images the pages' policy allows, never a wildcard", () => {
    expect(imgSrc(contentSecurityPolicy())).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(staticHeadersFile()).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(contentSecurityPolicy()).not.toMatch(/img-src[^;]*\*/);
  });
});
