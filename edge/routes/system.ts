// Health, public configuration and the OpenAPI document.
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { oauthProviders } from "../auth/create-auth";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { buildOpenApiDocument, type RouteDoc } from "../lib/openapi";

export const systemDocs: RouteDoc[] = [
  {
    method: "get", path: "/api/health", tags: ["system"], summary: "Liveness and the database round trip.",
    responses: {
      200: { description: "Healthy", schema: z.object({ status: z.literal("ok"), db: z.object({ ok: z.boolean(), latencyMs: z.number() }) }) },
      503: { description: "Database unreachable" },
    },
  },
  {
    method: "get", path: "/api/config", tags: ["system"], summary: "Public configuration: which sign-in providers are set up.",
    responses: { 200: { description: "Config", schema: z.object({ oauth: z.object({ google: z.boolean(), facebook: z.boolean() }) }) } },
  },
  { method: "get", path: "/api/openapi.json", tags: ["system"], summary: "This document.", responses: { 200: { description: "OpenAPI 3.1" } } },
];

export function systemRoutes(allDocs: () => RouteDoc[]) {
  return new Hono<AppEnv>()
    .get("/health", async (c) => {
      const started = performance.now();
      try {
        await c.var.db.run(sql`select 1`);
        return c.json({ status: "ok" as const, db: { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 } }, 200);
      } catch {
        return c.json({ status: "degraded" as const, db: { ok: false, latencyMs: null } }, 503);
      }
    })
    .get("/config", (c) => c.json({ oauth: oauthProviders(c.env) }, 200))
    .get("/openapi.json", (c) => c.json(buildOpenApiDocument(allDocs(), publicOrigin(c.env))));
}
