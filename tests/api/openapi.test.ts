// The API contract: every /api route the app registers is in the live OpenAPI document with an
// answer schema, and the document is valid OpenAPI 3.1 (checked by a real validator).
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "@edge/app";
import { baseUrl, call } from "./helpers";

type Operation = {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

let document: Document;
beforeAll(async () => {
  const { status, body } = await call("GET", "/api/openapi.json");
  expect(status).toBe(200);
  document = body;
});

/** Hono's `/reset-password/:token` is OpenAPI's `/reset-password/{token}`. */
const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, "{$1}");

/** Every API endpoint the app answers (middleware and the 404 catch-all are registered for ALL methods). */
const registeredApiRoutes = () =>
  app.routes
    .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
    .map((route) => ({ method: route.method.toLowerCase(), path: openApiPath(route.path) }));

/**
 * A route promises an answer: a 2xx with a schema, or, for the links a browser follows (an email's
 * reset link, a provider's return), a 3xx that says where it goes, or the realtime socket's 101.
 */
function promisesAnAnswer(operation: Operation): boolean {
  return Object.entries(operation.responses).some(([status, response]) => {
    if (status === "101") return true;
    if (/^2\d\d$/.test(status))
      return Object.values(response.content ?? {}).some((media) => media.schema !== undefined);
    return /^3\d\d$/.test(status) && response.headers?.location !== undefined;
  });
}

describe("the OpenAPI document", () => {
  it("lists every /api route the app registers, each with an answer schema", () => {
    const routes = registeredApiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const missing = routes
      .filter(({ method, path }) => !document.paths[path]?.[method])
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    const withoutAnswer = routes
      .filter(({ method, path }) => !promisesAnAnswer(document.paths[path][method]))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(withoutAnswer).toEqual([]);
  });

  it("documents nothing the app does not answer", () => {
    const registered = new Set(registeredApiRoutes().map(({ method, path }) => `${method} ${path}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !registered.has(operation))).toEqual([]);
  });

  it("is valid OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("takes its schemas from the routes' validators, enums and DTOs", () => {
    const signUp = document.paths["/api/auth/sign-up/email"].post as Operation & {
      requestBody: { content: Record<string, { schema: any }> };
    };
    const body = signUp.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(["user_type", "first_name", "last_name", "email", "phone", "city", "password"]),
    );
    expect(body.properties.user_type.enum).toEqual(["parent", "babysitter"]);
    expect(body.additionalProperties).toBe(false);

    const profile = document.components.schemas.Profile as { properties: Record<string, { enum?: string[] }> };
    expect(profile.properties.user_type.enum).toEqual(["parent", "babysitter", "admin", "agency"]);
    const signedIn = document.paths["/api/auth/sign-in/email"].post.responses["200"].content!["application/json"]
      .schema as any;
    // Signed in, or (two-factor on) asked for a code: the first of the two answers carries the profile.
    expect((signedIn.anyOf?.[0] ?? signedIn).properties.profile).toBeDefined();
    expect(JSON.stringify(document.paths["/api/me"].get.responses["200"])).toContain("#/components/schemas/Profile");
  });

  it("documents the 403 an unconfirmed email meets where it may not act yet", () => {
    const gated = [
      ["post", "/api/bookings"],
      ["post", "/api/bookings/preview"],
      ["patch", "/api/bookings/{id}/status"],
      ["post", "/api/conversations"],
      ["post", "/api/conversations/{conversationId}/messages"],
    ] as const;
    for (const [method, path] of gated) {
      const forbidden = document.paths[path][method].responses["403"] as { description?: string } | undefined;
      expect(forbidden?.description, `${method} ${path}`).toContain("EMAIL_NOT_VERIFIED");
    }
  });

  it("says which routes need a session, and documents their 401", () => {
    const me = document.paths["/api/me"].get;
    expect(me.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(me.responses["401"].content!["application/json"].schema).toEqual({ $ref: "#/components/schemas/ApiError" });
    expect(document.paths["/api/health"].get.security).toBeUndefined();
    expect(document.components.securitySchemes.bearerAuth).toEqual({ type: "http", scheme: "bearer" });
  });
});

describe("the interactive API reference", () => {
  it("is a page of our own scripts that reads the live document", async () => {
    const response = await fetch(new URL("/api/docs", baseUrl()));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api-reference\//);
      expect(inline.trim()).toBe("");
    }
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const asset = await fetch(new URL(src[1], baseUrl()));
      expect(asset.status, src[1]).toBe(200);
    }
  });
});
