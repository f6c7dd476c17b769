import { describe, expect, it } from "vitest";
import { call } from "./helpers";

describe("the Worker serves the app and the API", () => {
  it("reports the database round trip on /api/health", async () => {
    const { status, body } = await call("GET", "/api/health");
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.db.ok).toBe(true);
    expect(body.db.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("serves the web build on / and index.html for any client path", async () => {
    const home = await call("GET", "/");
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toContain("text/html");
    expect(home.body).toContain('<div id="root">');
    const deep = await call("GET", "/babysitter/some-id/anything");
    expect(deep.status).toBe(200);
    expect(deep.body).toBe(home.body);
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
      headers: { origin: "app://veilleuse", "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
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
