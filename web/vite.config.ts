// The web build: root is web/, output web/dist (served by the Worker's static assets binding).
// Then the public pages are pre-rendered into it (see prerenderPublicPages).
// In `vite dev`, /api goes to wrangler dev on 8787 so cookies stay same-origin.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { PUBLIC_PAGES } from "../db/constants/public-pages";
import { APP_SHELL_PATH } from "../edge/lib/app-shell";
import { staticHeadersFile } from "../edge/lib/security-headers";
import { apiReferenceAssets } from "./build/api-reference";
import { PRERENDERED_ATTRIBUTE } from "./src/app/prerendered";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const alias = { "@web": `${webRoot}src`, "@edge": `${repoRoot}edge`, "@db": `${repoRoot}db` };
const EMPTY_ROOT = '<div id="root"></div>';
const BOOT_ENTRY = "src/boot.ts";

/** `/` is index.html, `/login` is login.html: the assets binding serves /login from it, no redirect. */
const pageFile = (path: string) => (path === "/" ? "index.html" : `${path.slice(1)}.html`);

type Manifest = Record<string, { file: string }>;

/**
 * A pre-rendered page is the app shell with its content inside #root, and web/src/boot.ts for script
 * instead of the entry and its modulepreload links: the page paints before any JavaScript is
 * fetched, and the app follows.
 */
function pageTemplate(shell: string, manifest: Manifest): string {
  const entry = /<script type="module" crossorigin src="[^"]+"><\/script>/;
  if (!entry.test(shell)) throw new Error("the app shell has no entry script to replace");
  return shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace(entry, `<script type="module" crossorigin src="/${manifest[BOOT_ENTRY].file}"></script>`);
}

/** Bundles web/src/prerender.tsx for Node (packages stay external, resolved from node_modules). */
async function buildPrerenderer(): Promise<(pathname: string) => Promise<string>> {
  const outDir = `${repoRoot}node_modules/.cache/veilleuse-prerender`;
  await build({
    configFile: false,
    root: webRoot,
    logLevel: "warn",
    resolve: { alias },
    plugins: [react()],
    build: {
      ssr: `${webRoot}src/prerender.tsx`,
      outDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
    },
  });
  const module = await import(`${pathToFileURL(`${outDir}/prerender.mjs`).href}?build=${Date.now()}`);
  return module.renderPage;
}

/**
 * The public pages' HTML, drawn at build time in French and hydrated by the browser, so they paint
 * before any script runs. Each is the built index.html with the markup inside #root (no inline
 * script: the CSP stays script-src 'self'); the untouched index.html becomes the app shell. The root
 * is `inert` until hydrated: typing into a form React has not taken over yet would be wiped, and a
 * submit would be the browser's own GET with the password in the URL.
 */
const prerenderPublicPages = (): Plugin => {
  let outDir = "";
  return {
    name: "veilleuse-prerender-public-pages",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const shell = readFileSync(join(outDir, "index.html"), "utf8");
      if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to pre-render into`);
      writeFileSync(join(outDir, `${APP_SHELL_PATH.slice(1)}.html`), shell);
      const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
      const template = pageTemplate(shell, manifest);
      const renderPage = await buildPrerenderer();
      for (const path of PUBLIC_PAGES) {
        const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}" inert>${await renderPage(path)}</div>`;
        writeFileSync(join(outDir, pageFile(path)), template.replace(EMPTY_ROOT, root));
      }
    },
  };
};

/** web/dist/_headers: the security headers for every page and file the assets binding serves. */
const securityHeadersFile = (): Plugin => ({
  name: "veilleuse-security-headers",
  apply: "build",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: "_headers", source: staticHeadersFile() });
  },
});

/**
 * The router and the data layer in one chunk. Every page needs both, so they are on the first load
 * anyway; left to itself rollup cuts them into as many pieces as there are different sets of lazy
 * pages importing them, and each piece costs its own request and compresses worse alone.
 */
function frameChunk(id: string): string | undefined {
  if (/node_modules\/(react-router|react-router-dom|@tanstack\/(query-core|react-query))\//.test(id)) return "frame";
  return undefined;
}

export default defineConfig({
  root: webRoot,
  base: "/",
  plugins: [react(), tailwindcss(), securityHeadersFile(), apiReferenceAssets(), prerenderPublicPages()],
  resolve: { alias },
  build: {
    outDir: `${webRoot}dist`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // The app (index.html, the app shell) and the pre-rendered pages' script (see pageTemplate).
    rollupOptions: {
      input: [`${webRoot}index.html`, `${webRoot}${BOOT_ENTRY}`],
      output: { manualChunks: frameChunk },
    },
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8787", changeOrigin: false } },
  },
});
