// The web build: root is web/, output web/dist (served by the Worker's static assets binding).
// In `vite dev`, /api goes to wrangler dev on 8787 so cookies stay same-origin.
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root: webRoot,
  base: "/",
  plugins: [react(), tailwindcss()],
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
