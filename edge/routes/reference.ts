// The API's own description for API clients: the OpenAPI 3.1 document, generated from the routes'
// definitions, and an interactive reference (Swagger UI) that reads it. The reference's scripts
// are files of our own build (web/build/api-reference.ts copies them), never a CDN: it works
// offline and under the same strict Content-Security-Policy as the app (no inline script).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { API_REFERENCE_ASSETS } from "../lib/api-reference-assets";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { createApi, documentFrame, jsonResponse } from "../lib/openapi";

const getDocument = createRoute({
  method: "get",
  path: "/openapi.json",
  tags: ["system"],
  summary: "This document (OpenAPI 3.1).",
  responses: { 200: jsonResponse("OpenAPI 3.1 document", z.record(z.string(), z.unknown())) },
});

const getReference = createRoute({
  method: "get",
  path: "/docs",
  tags: ["system"],
  summary: "Interactive API reference (Swagger UI) on the live document.",
  responses: { 200: { description: "HTML page", content: { "text/html": { schema: z.string() } } } },
});

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Veilleuse API reference</title>
<link rel="stylesheet" href="${API_REFERENCE_ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_REFERENCE_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${API_REFERENCE_ASSETS}/init.js"></script>
</body>
</html>`;

/** `api` is the whole API router: the document is built on request, from every route it holds. */
export const referenceRoutes = (api: () => OpenAPIHono<AppEnv>) =>
  createApi()
    .openapi(getDocument, (c) => c.json(api().getOpenAPI31Document(documentFrame(publicOrigin(c.env))), 200))
    .openapi(getReference, (c) => c.html(REFERENCE_PAGE));
