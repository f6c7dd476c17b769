import { describe, expect, it } from "vitest";
import { HASHED_ASSETS_CACHE_CONTROL } from "../../edge/lib/security-headers";
import { call } from "./helpers";

describe("the Worker serves the app and the API", () => {
  it("reports the database round trip on /api/health", async () => {
    const { status, body } = await call("GET", "/api/health");
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.db.ok).toBe(true);
    expect(body.db.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("serves the pre-rendered public pages, and the bare app shell on any other client path", async () => {
    const home = await call("GET", "/");
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toContain("text/html");
    expect(home.body).toContain('<div id="root" data-prerendered="/">');
    const login = await call("GET", "/login");
    expect(login.status).toBe(200);
    expect(login.body).toMatch(/<div id="root" data-prerendered="\/login">.*<h1[^>]*>Connexion<\/h1>/s);
    // Its form is inert until the app runs the page: a submit before then would be the browser's own GET.
    expect(login.body).toMatch(/<form inert data-until-live[\s>]/);
    const deep = await call("GET", "/babysitter/some-id/anything");
    expect(deep.status).toBe(200);
    expect(deep.headers.get("content-type")).toContain("text/html");
    expect(deep.body).toContain('<div id="root"></div>');
    // The same file, marked for the checkout page when Stripe is configured (as in these tests).
    expect(deep.body).toContain('<html lang="fr" data-payments="stripe">');
    expect(deep.body.replace(' data-payments="stripe"', "")).toBe((await call("GET", "/app-shell")).body);
  });

  it("lets browsers keep the hashed scripts for good, while pages are asked for each time", async () => {
    const login = await call("GET", "/login");
    const script = login.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const file = await call("GET", script!);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe(HASHED_ASSETS_CACHE_CONTROL);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff"); // the /* rule still applies
    expect(login.headers.get("cache-control") ?? "").not.toContain("immutable");
  });

  it("answers a missing file with a 404, not the app shell", async () => {
    const { status, body } = await call("GET", "/assets/no-such-chunk.js");
    expect(status).toBe(404);
    expect(body).not.toContain('<div id="root"');
  });

  it("answers unknown API paths with a JSON 404, not the web app", async () => {
    const { status, body } = await call("GET", "/api/does-not-exist");
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: "NOT_FOUND", message: "Ressource introuvable" } });
  });

  it("tells which OAuth providers are configured (none locally)", async () => {
    const { status, body } = await call("GET", "/api/config");
    expect(status).toBe(200);
    expect(body).toEqual({ oauth: { google: false, facebook: false } });
  });

  it("says clearly that an unconfigured OAuth provider cannot be used", async () => {
    const { status, body } = await call("POST", "/api/auth/sign-in/social", {
      json: { provider: "google", callbackURL: "/dashboard" },
      headers: { origin: "http://127.0.0.1" },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.error.code).toBe("PROVIDER_NOT_FOUND");
    expect(body.error.message).toContain("n'est pas configurée");
  });
});

describe("cross-origin calls", () => {
  it("allow the desktop app's origin with credentials and expose the bearer token header", async () => {
    const { status, headers } = await call("OPTIONS", "/api/me", {
      headers: {
        origin: "app://veilleuse",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(status).toBeLessThan(300);
    expect(headers.get("access-control-allow-origin")).toBe("app://veilleuse");
    expect(headers.get("access-control-allow-credentials")).toBe("true");
  });

  it("refuse other origins", async () => {
    const { headers } = await call("OPTIONS", "/api/me", {
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(headers.get("access-control-allow-origin")).toBeNull();
  });
});
