// The API reference's files (/api/docs, edge/routes/reference.ts): Swagger UI from the
// swagger-ui-dist package and the script that starts it, emitted into the build so the page loads
// nothing from a CDN and runs under the app's strict Content-Security-Policy (no inline script).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { API_REFERENCE_ASSETS } from "../../edge/lib/api-reference-assets";

const SWAGGER_FILES = ["swagger-ui-bundle.js", "swagger-ui.css"];

/** Reads the live document; no validator badge (it would send the document to swagger.io). */
const START_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
  });
});
`;

export const apiReferenceAssets = (): Plugin => ({
  name: "veilleuse-api-reference",
  apply: "build",
  generateBundle() {
    const dist = dirname(fileURLToPath(import.meta.resolve("swagger-ui-dist/package.json")));
    const folder = API_REFERENCE_ASSETS.slice(1);
    for (const file of SWAGGER_FILES) {
      this.emitFile({ type: "asset", fileName: `${folder}/${file}`, source: readFileSync(join(dist, file)) });
    }
    this.emitFile({ type: "asset", fileName: `${folder}/init.js`, source: START_SCRIPT });
  },
});
