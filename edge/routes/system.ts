// Health and the public configuration.
import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { SOCIAL_PROVIDERS } from "@db/schema/enums";
import { oauthProviders } from "../auth/create-auth";
import { createApi, jsonResponse } from "../lib/openapi";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  db: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }),
});

const getHealth = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness and the database round trip.",
  responses: {
    200: jsonResponse("Healthy", healthSchema),
    503: jsonResponse("Database unreachable", healthSchema),
  },
});

const getConfig = createRoute({
  method: "get",
  path: "/config",
  tags: ["system"],
  summary: "Public configuration: which sign-in providers are set up.",
  responses: {
    200: jsonResponse("Config", z.object({ oauth: z.record(z.enum(SOCIAL_PROVIDERS), z.boolean()) })),
  },
});

export const systemRoutes = createApi()
  .openapi(getHealth, async (c) => {
    const started = performance.now();
    try {
      await c.var.db.run(sql`select 1`);
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      return c.json({ status: "ok" as const, db: { ok: true, latencyMs } }, 200);
    } catch {
      return c.json({ status: "degraded" as const, db: { ok: false, latencyMs: null } }, 503);
    }
  })
  .openapi(getConfig, (c) => c.json({ oauth: oauthProviders(c.env) }, 200));
