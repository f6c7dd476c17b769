// The web build: root is web/, output web/dist (served by the Worker's static assets binding).
// In `vite dev`, /api goes to wrangler dev on 8787 so cookies stay same-origin.
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { staticHeadersFile } from "../edge/lib/security-headers";
import { apiReferenceAssets } from "./build/api-reference";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** web/dist/_headers: the security headers for every page and file the assets binding serves. */
const securityHeadersFile = (): Plugin => ({
  name: "veilleuse-security-headers",
  apply: "build",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: "_headers", source: staticHeadersFile() });
  },
});

export default defineConfig({
  root: webRoot,
  base: "/",
  plugins: [react(), tailwindcss(), securityHeadersFile(), apiReferenceAssets()],
  resolve: {
    alias: {
      "@web": `${webRoot}src`,
      "@edge": `${repoRoot}edge`,
      "@db": `${repoRoot}db`,
    },
  },
  build: {
    outDir: `${webRoot}dist`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8787", changeOrigin: false } },
  },
});
