// The Worker's configuration: the public origin is required and checked, and a Worker without it
// refuses to serve (503) instead of taking an origin from the request.
import { describe, expect, it } from "vitest";
import worker from "../../edge/worker";
import type { Env } from "../../edge/env";
import { configProblem, configProblemOnce, publicOrigin, trustedOrigins } from "../../edge/lib/config";
import {
  contentSecurityPolicy,
  HASHED_ASSETS_CACHE_CONTROL,
  securityHeaders,
  staticHeadersFile,
  STRIPE_CSP,
} from "../../edge/lib/security-headers";
import { billingSettings } from "../../edge/lib/billing-config";

const SECRET = "a-production-secret-of-at-least-32-chars";
const env = (vars: Partial<Env>) => ({ LIBSQL_URL: "http://127.0.0.1:1", BETTER_AUTH_SECRET: SECRET, ...vars }) as Env;
const ctx = {
  waitUntil: () => undefined,
  passThroughOnException: () => undefined,
  props: {},
} as unknown as ExecutionContext;

describe("configProblem", () => {
  it("accepts a complete production configuration", () => {
    expect(configProblem(env({ PUBLIC_ORIGIN: "https://veilleuse.fr" }))).toBeNull();
    expect(publicOrigin(env({ PUBLIC_ORIGIN: "https://veilleuse.fr/" }))).toBe("https://veilleuse.fr");
  });

  it.each([
    [{}, /PUBLIC_ORIGIN is not set/],
    [{ PUBLIC_ORIGIN: "veilleuse.fr" }, /not a URL/],
    [{ PUBLIC_ORIGIN: "https://veilleuse.fr/app" }, /without a path/],
    [{ PUBLIC_ORIGIN: "ftp://veilleuse.fr" }, /http\(s\) origin/],
    [{ PUBLIC_ORIGIN: "http://veilleuse.fr" }, /https in production/],
    [{ PUBLIC_ORIGIN: "https://veilleuse.fr", BETTER_AUTH_SECRET: "short" }, /BETTER_AUTH_SECRET/],
  ] as const)("refuses %j", (vars, message) => {
    expect(configProblem(env(vars))).toMatch(message);
  });

  it("allows plain http and any secret length in development", () => {
    expect(
      configProblem(env({ APP_ENV: "development", PUBLIC_ORIGIN: "http://127.0.0.1:8787", BETTER_AUTH_SECRET: "dev" })),
    ).toBeNull();
  });

  it("parses an origin once per configuration: the same http origin stays refused in production", () => {
    const development = env({ APP_ENV: "development", PUBLIC_ORIGIN: "http://veilleuse.test" });
    expect(publicOrigin(development)).toBe("http://veilleuse.test");
    expect(publicOrigin(development)).toBe("http://veilleuse.test");
    expect(() => publicOrigin(env({ PUBLIC_ORIGIN: "http://veilleuse.test" }))).toThrow(/https in production/);
    expect(configProblem(env({ PUBLIC_ORIGIN: "http://veilleuse.test" }))).toMatch(/https in production/);
  });

  it("trusts the public origin, the desktop app and TRUSTED_ORIGINS, nothing from a request", () => {
    expect(
      trustedOrigins(env({ PUBLIC_ORIGIN: "https://veilleuse.fr", TRUSTED_ORIGINS: "https://admin.veilleuse.fr, " })),
    ).toEqual(["https://veilleuse.fr", "app://veilleuse", "https://admin.veilleuse.fr"]);
  });
});

describe("the Worker without its public origin", () => {
  it("answers 503 to every request, with the security headers", async () => {
    const misconfigured = env({});
    for (let attempt = 0; attempt < 2; attempt++) {
      const request = new Request("http://evil.example/api/health", { headers: { host: "evil.example" } });
      const response = await worker.fetch(request as never, misconfigured, ctx);
      expect(response.status).toBe(503);
      expect(await response.text()).not.toContain("evil.example");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
    }
  });
});

describe("configProblemOnce", () => {
  /** An env that counts how often its public origin is read. */
  function countingEnv(vars: Partial<Env>) {
    const reads = { count: 0 };
    const counted = env(vars);
    const origin = counted.PUBLIC_ORIGIN;
    Object.defineProperty(counted, "PUBLIC_ORIGIN", {
      get: () => {
        reads.count++;
        return origin;
      },
    });
    return { counted, reads };
  }

  it("checks an env object once and gives the same verdict after, good or bad", () => {
    const good = countingEnv({ PUBLIC_ORIGIN: "https://veilleuse.fr" });
    expect(configProblemOnce(good.counted)).toBeNull();
    const readsAfterFirstCheck = good.reads.count;
    expect(readsAfterFirstCheck).toBeGreaterThan(0);
    expect(configProblemOnce(good.counted)).toBeNull();
    expect(good.reads.count).toBe(readsAfterFirstCheck);

    const bad = countingEnv({});
    expect(configProblemOnce(bad.counted)).toMatch(/PUBLIC_ORIGIN is not set/);
    expect(configProblemOnce(bad.counted)).toMatch(/PUBLIC_ORIGIN is not set/);
  });

  it("checks each env object on its own: a good one does not vouch for another", () => {
    expect(configProblemOnce(env({ PUBLIC_ORIGIN: "https://veilleuse.fr" }))).toBeNull();
    expect(configProblemOnce(env({ PUBLIC_ORIGIN: "http://veilleuse.fr" }))).toMatch(/https in production/);
  });
});

describe("security headers", () => {
  it("include HSTS for two years (browsers ignore it over plain http)", () => {
    expect(securityHeaders()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("are written as the static assets' _headers file, for every path", () => {
    const file = staticHeadersFile().split("\n");
    expect(file[1]).toBe("/*");
    for (const [name, value] of Object.entries(securityHeaders())) expect(file).toContain(`  ${name}: ${value}`);
  });

  it("let browsers keep the hashed files of /assets/ for good, and nothing else", () => {
    const file = staticHeadersFile().split("\n");
    const assetsRule = file.indexOf("/assets/*");
    expect(assetsRule).toBeGreaterThan(1);
    expect(file[assetsRule + 1]).toBe(`  cache-control: ${HASHED_ASSETS_CACHE_CONTROL}`);
    expect(file.filter((line) => line.includes("cache-control"))).toHaveLength(1);
  });

  it("let a page reach extra origins and their sockets only when asked", () => {
    expect(contentSecurityPolicy()).toContain("connect-src 'self';");
    expect(contentSecurityPolicy({ connect: ["https://api.veilleuse.fr"] })).toContain(
      "connect-src 'self' https://api.veilleuse.fr wss://api.veilleuse.fr;",
    );
  });
});

describe("the payment provider", () => {
  const stripe = {
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    STRIPE_PRICE_STANDARD: "price_s",
    STRIPE_PRICE_PREMIUM: "price_p",
  };
  const origin = { PUBLIC_ORIGIN: "https://veilleuse.fr" };

  it("is Stripe with every key, and a half-configured Stripe is a configuration error, not a silent demo", () => {
    expect(configProblem(env({ ...origin, ...stripe }))).toBeNull();
    expect(billingSettings(env({ ...origin, ...stripe }))).toMatchObject({
      kind: "stripe",
      prices: { standard: "price_s", premium: "price_p" },
      apiBase: null,
    });
    expect(configProblem(env({ ...origin, ...stripe, STRIPE_WEBHOOK_SECRET: "" }))).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(configProblem(env({ ...origin, ...stripe, STRIPE_API_BASE: "not a url" }))).toMatch(/STRIPE_API_BASE/);
  });

  it("is the demo provider without keys outside production, and none in production", () => {
    expect(billingSettings(env({ APP_ENV: "development" }))).toEqual({ kind: "demo" });
    expect(billingSettings(env({ ...origin }))).toEqual({ kind: "unavailable" });
  });

  it("lets Stripe.js and its frames in only when asked, and frames nothing otherwise", () => {
    expect(contentSecurityPolicy()).toContain("frame-src 'none'");
    expect(contentSecurityPolicy()).not.toContain("stripe");
    const withStripe = contentSecurityPolicy(STRIPE_CSP);
    expect(withStripe).toContain("script-src 'self' https://js.stripe.com;");
    expect(withStripe).toContain("frame-src https://js.stripe.com https://hooks.stripe.com;");
    expect(withStripe).toContain("https://api.stripe.com");
  });
});
