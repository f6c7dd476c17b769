// The holes a security review found (SECURITY.md), each closed and kept closed: forged Host
// headers, headers on every response, better-auth's unused endpoints, tokens in JSON, per-address
// limits.
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  baseUrl,
  call,
  cookieFrom,
  countRows,
  EVIL_HOST,
  forged,
  fromAddress,
  freshAddress,
  signUp,
  uniqueEmail,
  validRegistration,
  waitForEmail,
} from "./helpers";

describe("the public origin comes from configuration, never from the request", () => {
  it("a reset email asked for with a forged Host links to the real origin", async () => {
    const form = validRegistration();
    await signUp(form);
    const asked = await forged(
      "POST",
      "/api/auth/request-password-reset",
      { ...EVIL_HOST, ...fromAddress(freshAddress()) },
      {
        email: form.email,
        redirectTo: "/reset-password",
      },
    );
    expect(asked.status).toBe(200);
    // The reset email by its subject: the welcome email of the sign-up may be the newest one.
    const email = await waitForEmail(form.email, "Réinitialisation de votre mot de passe Veilleuse");
    expect(email?.body).toContain(`${baseUrl()}/api/auth/reset-password/`);
    expect(email?.body).not.toContain("evil.example");
  });

  it("OpenAPI names the real server", async () => {
    const doc = await forged("GET", "/api/openapi.json", EVIL_HOST);
    expect(JSON.parse(doc.text).servers).toEqual([{ url: baseUrl() }]);
  });

  it("CORS allows the app's origins only, whatever the Host", async () => {
    const preflight = (origin: string) =>
      forged("OPTIONS", "/api/me", { ...EVIL_HOST, origin, "access-control-request-method": "GET" });
    expect((await preflight("http://evil.example")).headers["access-control-allow-origin"]).toBeUndefined();
    expect((await preflight(baseUrl())).headers["access-control-allow-origin"]).toBe(baseUrl());
    expect((await preflight("app://veilleuse")).headers["access-control-allow-origin"]).toBe("app://veilleuse");
  });
});

describe("every response carries the security headers", () => {
  const paths = [
    "/",
    "/login",
    "/reset-password?token=abc",
    "/dashboard",
    "/api/health",
    "/api/does-not-exist",
    "/sitemap.xml",
    "/robots.txt",
  ];

  it.each(paths)("%s", async (path) => {
    const { headers } = await call("GET", path);
    const csp = headers.get("content-security-policy") ?? "";
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("permissions-policy")).toMatch(/^geolocation=\(self\), camera=\(\)/);
    expect(headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("on the built scripts too", async () => {
    const html = (await call("GET", "/")).body as string;
    const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
    expect(script).toBeTruthy();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script in the page
    const { status, headers } = await call("GET", script!);
    expect(status).toBe(200);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("only the better-auth endpoints the product uses are reachable", () => {
  it("update-user is not exposed: markup in a name or a javascript: image changes nothing", async () => {
    const form = validRegistration();
    await signUp(form);
    const cookie = cookieFrom(
      (
        await call("POST", "/api/auth/sign-in/email", {
          json: { email: form.email, password: form.password },
          headers: fromAddress(freshAddress()),
        })
      ).headers,
    );
    const attempt = await call("POST", "/api/auth/update-user", {
      json: { name: "<img src=x onerror=alert(1)>", image: "javascript:alert(1)" },
      cookie,
      headers: { origin: baseUrl() },
    });
    expect(attempt.status).toBe(404);
    expect(
      await countRows("SELECT count(*) FROM user WHERE email = ? AND (name LIKE '%<%' OR image IS NOT NULL)", [
        form.email,
      ]),
    ).toBe(0);
  });

  it.each([
    ["POST", "/api/auth/change-email"],
    ["POST", "/api/auth/delete-user"],
    ["GET", "/api/auth/list-sessions"],
    ["POST", "/api/auth/revoke-sessions"],
    ["GET", "/api/auth/list-accounts"],
    ["POST", "/api/auth/sign-in/anonymous"],
    ["GET", "/api/auth/error"],
  ])("%s %s is a 404", async (method, path) => {
    const { status, body } = await call(method, path, {
      json: method === "POST" ? {} : undefined,
      headers: { origin: baseUrl() },
    });
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
  });

  it("unknown fields and outside links are refused on the ones we keep", async () => {
    const extra = await call("POST", "/api/auth/request-password-reset", {
      json: { email: "a@exemple.fr", callbackURL: "x" },
      headers: fromAddress(freshAddress()),
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatchObject({ code: "UNKNOWN_FIELD", field: "callbackURL" });

    for (const redirectTo of ["https://evil.example/reset", "//evil.example/reset", "/\\evil.example"]) {
      const outside = await call("POST", "/api/auth/request-password-reset", {
        json: { email: "a@exemple.fr", redirectTo },
        headers: fromAddress(freshAddress()),
      });
      expect(outside.status).toBe(400);
      expect(outside.body.error).toMatchObject({ code: "VALIDATION", field: "redirectTo" });
    }
    const social = await call("POST", "/api/auth/sign-in/social", {
      json: { provider: "google", callbackURL: "https://evil.example" },
    });
    expect(social.body.error).toMatchObject({ code: "VALIDATION", field: "callbackURL" });
    const provider = await call("POST", "/api/auth/sign-in/social", { json: { provider: "github" } });
    expect(provider.body.error).toMatchObject({ code: "VALIDATION", field: "provider" });
    const link = await call("GET", "/api/auth/reset-password/abc?callbackURL=https%3A%2F%2Fevil.example");
    expect(link.status).toBe(400);
    const mangled = await call("GET", "/api/auth/reset-password/a%3Cb%3E?callbackURL=%2Freset-password");
    expect(mangled.body.error).toMatchObject({ code: "VALIDATION", message: "Lien invalide ou expiré" });
    const callback = await call("GET", "/api/auth/callback/github?code=x&state=y");
    expect(callback.body.error).toMatchObject({ code: "VALIDATION", field: "provider" });
  });
});

describe("session tokens never reach a browser page's script", () => {
  it("get-session answers without the token", async () => {
    const { email, password } = DEMO_ACCOUNTS.parent;
    const signedIn = await call("POST", "/api/auth/sign-in/email", {
      json: { email, password },
      headers: fromAddress(freshAddress()),
    });
    const cookie = cookieFrom(signedIn.headers);
    const token = decodeURIComponent(cookie.match(/session_token=([^.;]+)/)![1]);
    const session = await call("GET", "/api/auth/get-session", { cookie });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(email);
    expect(session.body.session.token).toBeUndefined();
    expect(JSON.stringify(session.body)).not.toContain(token);
    expect((await call("GET", "/api/auth/get-session")).body).toBeNull();
  });

  it("a browser page's sign-in gets the HttpOnly cookie but no bearer token; the desktop app and API clients get one", async () => {
    const { email, password } = DEMO_ACCOUNTS.babysitter;
    const signInFrom = (headers: Record<string, string>) =>
      call("POST", "/api/auth/sign-in/email", {
        json: { email, password },
        headers: { ...fromAddress(freshAddress()), ...headers },
      });
    const page = await signInFrom({ origin: baseUrl(), "sec-fetch-site": "same-origin" });
    expect(page.status).toBe(200);
    expect(page.headers.get("set-auth-token")).toBeNull();
    expect(page.headers.getSetCookie().join()).toMatch(/session_token=.*HttpOnly/i);
    expect((await signInFrom({ origin: "app://veilleuse" })).headers.get("set-auth-token")).toBeTruthy();
    expect((await signInFrom({})).headers.get("set-auth-token")).toBeTruthy();
  });
});

describe("what a stranger can repeat is limited per address", () => {
  it("a sign-up burst from one address gets 429 with Retry-After, and the refused one writes nothing", async () => {
    const address = fromAddress(freshAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signUp(validRegistration(), address)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const refused = validRegistration();
    const answer = await signUp(refused, address);
    expect(answer.status).toBe(429);
    expect(answer.body.error).toEqual({
      code: "RATE_LIMITED",
      message: "Trop de requêtes. Réessayez dans 60 minute(s).",
      retryAfterMinutes: 60,
    });
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(59 * 60);
    expect(await countRows("SELECT count(*) FROM user WHERE email = ?", [refused.email as string])).toBe(0);
    // Another address is unaffected.
    expect((await signUp(validRegistration())).status).toBe(200);
  });

  it("X-Forwarded-For never changes the address counted", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      await signUp(validRegistration(), { ...fromAddress(address), "x-forwarded-for": `203.0.113.${i}` });
    }
    const dodged = await signUp(validRegistration(), { ...fromAddress(address), "x-forwarded-for": "203.0.113.200" });
    expect(dodged.status).toBe(429);
  });

  it("IPv6 addresses count per /64", async () => {
    for (let i = 1; i <= 10; i++)
      expect((await signUp(validRegistration(), fromAddress(`2001:db8:5:6::${i.toString(16)}`))).status).toBe(200);
    expect((await signUp(validRegistration(), fromAddress("2001:db8:5:6:ffff:1:2:3"))).status).toBe(429);
    expect((await signUp(validRegistration(), fromAddress("2001:db8:5:7::1"))).status).toBe(200);
  });

  it("sign-in attempts from one address are limited, whatever the accounts", async () => {
    const address = fromAddress(freshAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await call("POST", "/api/auth/sign-in/email", {
            json: { email: DEMO_ACCOUNTS.parent.email, password: DEMO_ACCOUNTS.parent.password },
            headers: address,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("better-auth's own limits (OAuth start: 3 in 10 s) answer in our shape, with Retry-After", async () => {
    const address = fromAddress(freshAddress());
    const start = () =>
      call("POST", "/api/auth/sign-in/social", {
        json: { provider: "google" },
        headers: { ...address, origin: baseUrl() },
      });
    for (let i = 0; i < 3; i++) expect((await start()).body.error.code).toBe("PROVIDER_NOT_FOUND");
    const fourth = await start();
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe("RATE_LIMITED");
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("reset requests are limited per address and per requested email", async () => {
    const target = uniqueEmail("reset");
    const ask = (address: string) =>
      call("POST", "/api/auth/request-password-reset", {
        json: { email: target, redirectTo: "/reset-password" },
        headers: fromAddress(address),
      });
    for (let i = 0; i < 3; i++) expect((await ask(freshAddress())).status).toBe(200);
    const flood = await ask(freshAddress());
    expect(flood.status).toBe(429);
    expect(flood.headers.get("retry-after")).toBeTruthy();

    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await call("POST", "/api/auth/request-password-reset", {
            json: { email: uniqueEmail("many") },
            headers: fromAddress(address),
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
