// The pre-rendered public pages come in the visitor's language: the one chosen in the app (its
// cookie), else the browser's first (Accept-Language), the rule the web app applies. A page drawn in
// the right language paints in it and is hydrated as is; nothing moves when the app starts.
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../db/constants/public-pages";
import { LANGUAGE_CHOICE_KEY } from "../../db/i18n/languages";
import { call } from "./helpers";

const htmlLang = (body: unknown) => String(body).match(/<html lang="(\w+)">/)?.[1];
const heading = (body: unknown) => String(body).match(/<h1[^>]*>([^<]+)/)?.[1];

describe("a public page", () => {
  it.each(PUBLIC_PAGES)("%s is French for a French browser and English for an English one", async (path) => {
    const french = await call("GET", path, { headers: { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" } });
    const english = await call("GET", path, { headers: { "accept-language": "en-GB,en;q=0.9" } });
    expect([french.status, english.status]).toEqual([200, 200]);
    expect([htmlLang(french.body), htmlLang(english.body)]).toEqual(["fr", "en"]);
    expect(String(english.body)).toContain(`data-prerendered="${path}"`);
    expect(english.headers.get("vary")).toMatch(/Cookie, Accept-Language/);
  });

  it("follows the language chosen in the app over the browser's, and French when neither is English", async () => {
    const chosenFrench = await call("GET", "/", {
      headers: { "accept-language": "en-US" },
      cookie: `${LANGUAGE_CHOICE_KEY}=fr`,
    });
    const chosenEnglish = await call("GET", "/login", {
      headers: { "accept-language": "fr-FR" },
      cookie: `${LANGUAGE_CHOICE_KEY}=en`,
    });
    const german = await call("GET", "/", { headers: { "accept-language": "de-DE,en;q=0.5" } });
    const unknownChoice = await call("GET", "/", {
      headers: { "accept-language": "en-US" },
      cookie: `${LANGUAGE_CHOICE_KEY}=<script>`,
    });
    expect(heading(chosenFrench.body)).toBe("Une baby-sitter de confiance, trouvée en quelques minutes");
    expect(htmlLang(chosenEnglish.body)).toBe("en");
    expect(htmlLang(german.body)).toBe("fr");
    expect(htmlLang(unknownChoice.body)).toBe("en"); // an unknown choice is no choice: the browser's then
  });

  it("carries the security headers in either language, and a HEAD has no body", async () => {
    for (const lang of ["fr", "en"]) {
      const { headers } = await call("GET", "/register", { headers: { "accept-language": lang } });
      expect(headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(headers.get("x-frame-options")).toBe("DENY");
    }
    const head = await call("HEAD", "/search", { headers: { "accept-language": "en" } });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });
});
