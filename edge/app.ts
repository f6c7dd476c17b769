// The Worker's Hono app: the JSON API under /api (routes chained so Hono RPC keeps their types for
// the web client: `hc<AppType>`), and the built web app for every other path.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { createDb } from "@db/client";
import { trustedOrigins } from "./lib/config";
import type { AppEnv } from "./lib/context";
import { ApiError } from "./lib/errors";
import { pickLang } from "./lib/i18n";
import type { RouteDoc } from "./lib/openapi";
import { handleError, handleNotFound } from "./middleware/errors";
import { withSecurityHeaders } from "./middleware/security-headers";
import { authDocs, authRoutes } from "./routes/auth";
import { serveAppShell } from "./routes/app-shell";
import { meDocs, meRoutes } from "./routes/me";
import { seoRoutes } from "./routes/seo";
import { systemDocs, systemRoutes } from "./routes/system";

const MAX_BODY_BYTES = 64 * 1024;

const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("lang", pickLang(c.req.header("accept-language")));
  c.set("db", createDb(c.env));
  await next();
});

const allowedOrigins = createMiddleware<AppEnv>((c, next) =>
  cors({
    origin: (origin) => (trustedOrigins(c.env).includes(origin) ? origin : null),
    credentials: true,
    allowHeaders: ["content-type", "authorization", "accept-language"],
    exposeHeaders: ["set-auth-token"],
  })(c, next),
);

const allDocs = (): RouteDoc[] => [...systemDocs, ...authDocs, ...meDocs];

const api = new Hono<AppEnv>()
  .use(withSecurityHeaders)
  .use(allowedOrigins)
  .use(requestContext)
  .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new ApiError(413, "PAYLOAD_TOO_LARGE", "errors.invalidInput"); } }))
  .route("/auth", authRoutes)
  .route("/me", meRoutes)
  .route("/", systemRoutes(allDocs))
  // Registered last so it only catches what no API route matched (before the web app's fallback).
  .all("*", handleNotFound);

api.onError(handleError);

export const app = new Hono<AppEnv>()
  .route("/api", api)
  .route("/", seoRoutes)
  // Files and pre-rendered pages are served by the assets binding before the Worker runs (with the
  // headers of web/dist/_headers); any other path gets the app shell.
  .all("*", serveAppShell);

app.onError(handleError);

export type AppType = typeof app;
