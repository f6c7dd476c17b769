// The web build: root is web/, output web/dist (served by the Worker's static assets binding).
// Then the public pages are pre-rendered into it (see prerenderPublicPages).
// In `vite dev`, /api goes to wrangler dev on 8787 so cookies stay same-origin.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { build, defineConfig, type Plugin } from "vite";
import { prerenderedAssetPath, PUBLIC_PAGES } from "../db/constants/public-pages";
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from "../db/i18n/languages";
import { APP_SHELL_PATH } from "../edge/lib/app-shell";
import { staticHeadersFile } from "../edge/lib/security-headers";
import { apiReferenceAssets } from "./build/api-reference";
import { inertUntilLive, PRERENDERED_ATTRIBUTE } from "./src/app/prerendered";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const alias = { "@web": `${webRoot}src`, "@edge": `${repoRoot}edge`, "@db": `${repoRoot}db` };
const EMPTY_ROOT = '<div id="root"></div>';
const HTML_LANG = `<html lang="${DEFAULT_LANGUAGE}">`;
const BOOT_ENTRY = "src/boot.ts";

/**
 * `/` is index.html, `/login` is login.html, `/en/` is en/index.html: the assets binding serves
 * /login from login.html, no redirect.
 */
const pageFile = (assetPath: string) =>
  assetPath.endsWith("/") ? `${assetPath.slice(1)}index.html` : `${assetPath.slice(1)}.html`;

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

/**
 * Bundles web/src/prerender.tsx for Node (packages stay external, resolved from node_modules). The
 * entry's name is new for each build, so a second build in the same process imports the new code:
 * the page chunks import the entry by its name, so a query string on the import would make a second
 * copy of every module they share with it (two i18next instances, two route tables).
 */
async function buildPrerenderer(): Promise<(pathname: string, lang: Language) => Promise<string>> {
  const outDir = `${repoRoot}node_modules/.cache/veilleuse-prerender`;
  const entryFileName = `prerender-${Date.now()}.mjs`;
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
      rollupOptions: { output: { entryFileNames: entryFileName } },
    },
  });
  const module = await import(pathToFileURL(`${outDir}/${entryFileName}`).href);
  return module.renderPage;
}

/**
 * The public pages' HTML, drawn at build time in each language and hydrated by the browser, so they
 * paint before any script runs (the Worker serves each visitor their language's). Each is the built index.html with the markup inside #root (no inline
 * script: the CSP stays script-src 'self'); the untouched index.html becomes the app shell. Its links,
 * buttons, forms and fields are `inert` until the app runs the page (inertUntilLive, in
 * web/src/app/prerendered.ts, says why).
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
      for (const marker of [EMPTY_ROOT, HTML_LANG])
        if (!shell.includes(marker)) throw new Error(`index.html has no ${marker} to pre-render into`);
      writeFileSync(join(outDir, `${APP_SHELL_PATH.slice(1)}.html`), shell);
      const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
      const template = pageTemplate(shell, manifest);
      const renderPage = await buildPrerenderer();
      for (const lang of LANGUAGES) {
        for (const path of PUBLIC_PAGES) {
          const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${inertUntilLive(await renderPage(path, lang))}</div>`;
          const html = template.replace(EMPTY_ROOT, root).replace(HTML_LANG, `<html lang="${lang}">`);
          const file = join(outDir, pageFile(prerenderedAssetPath(path, lang)));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, html);
        }
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
 * What web/src/boot.ts needs itself: the dynamic import's preloading, the bundler's runtime, which
 * language's texts to fetch, and the wait for a new task (the app's entry imports those too, from
 * this chunk).
 */
const BOOT_HELPERS =
  /vite\/preload-helper|rolldown\/runtime|web\/src\/lib\/(language|next-task)\.ts|web\/src\/i18n\/frame-texts\.ts|db\/i18n\/languages\.ts/;

/**
 * The chunks of the first load of `/`. Left to itself the bundler cuts the code into as many pieces
 * as there are different sets of lazy pages sharing it (one per icon, per small component), each a
 * request of its own that compresses worse alone. Instead:
 * - "boot": what the pre-rendered pages' script needs to start the app; it loads nothing else, so
 *   the first paint shares the network with no app code;
 * - "react" (React, its DOM renderer and scheduler) and "i18n" (i18next, react-i18next), which
 *   web/src/boot.ts runs each in a task of its own before the rest of the app (one long task split
 *   in three; both packages are kept whole either way, so importing them bare costs nothing);
 * - "frame": every other module the app's entry imports statically (the router, the header, the
 *   session; what the bundler tags `$initial`, tree-shaken, so a package's unused
 *   exports stay out); the bundler puts it in the app entry's chunk (index.html, with
 *   web/src/main.tsx), which is why main.tsx must not await at its top level;
 * - each page's own module stays its chunk: no other page's code joins the first load;
 * - "home-kit": what the home page imports itself beyond the frame (its icons, the plans, the page
 *   frame, formatting), a few hundred bytes each that other pages share: one chunk, not ten;
 * - "forms" (react-hook-form), "fields" (the form components) and "data" (react-query, the typed
 *   API client): what nearly every other page needs, three chunks rather than the twenty slivers
 *   the bundler cut for each set of pages sharing them (zod stays in the chunk the bundler cuts for
 *   it: a group would fill it with the whole package, locales and all; so does @hookform/resolvers,
 *   which imports zod: in "forms" it would bring zod to the sign-in page, whose form fetches it only
 *   when used, see lazyZodResolver). Each chunk costs the browser a request and a module to link
 *   before the page can run.
 */
const ENTRIES = [`${webRoot}${BOOT_ENTRY}`, `${webRoot}src/main.tsx`];
const chunkGroups = [
  { name: "boot", test: BOOT_HELPERS, priority: 4 },
  { name: "react", test: /node_modules\/(react|react-dom|scheduler)\//, priority: 3 },
  { name: "i18n", test: /node_modules\/(i18next|react-i18next)\//, priority: 3 },
  {
    name: "frame",
    tags: ["$initial" as const],
    test: (id: string) => !BOOT_HELPERS.test(id) && !ENTRIES.includes(id),
    priority: 2,
  },
  { name: "home-kit", test: (id: string) => homePageImports.has(id), priority: 1 },
  {
    name: "forms",
    test: /node_modules\/react-hook-form\/|\/web\/src\/components\/form\/error-text\.ts/,
    priority: 0,
  },
  {
    name: "fields",
    test: /\/web\/src\/components\/form\/(?!error-text)|\/web\/src\/lib\/server-message\.ts/,
    priority: 0,
  },
  {
    name: "data",
    test: /node_modules\/(@tanstack\/(query-core|react-query)|hono)\/|\/web\/src\/lib\/(api-client|query-client)\.ts/,
    // Above "forms": the form helpers import the API client, which a group would otherwise pull in.
    priority: 1,
  },
];

/**
 * The chunks every first visit runs at once: the boot helpers, React, i18next, the app's entry and
 * its data layer. V8 compiles a function when it is first called, on the main thread, inside
 * whichever task calls it (on /search, React's chunk started in one 50 ms task, compiling and
 * running the factory that holds react-dom). A script whose first line is the magic comment
 * `//# allFunctionsCalledOnLoad` (V8's explicit compile hints, Chromium 136 and later; other
 * browsers see a plain comment) has all its functions compiled off the main thread while it
 * streams in. Nearly all of these chunks' code runs before the page is live, so compiling it early
 * wastes little; page chunks and lazy pieces (the map, zod) keep V8's lazy compilation.
 */
const EAGER_CHUNKS = new Set(["boot", "react", "i18n", "index", "data"]);
const COMPILE_HINT = "//# allFunctionsCalledOnLoad"; // rolldown puts a line break after a banner
/** Added after minification (postBanner), which would strip a comment added before it. */
const compileHint = (chunk: { name: string }) => (EAGER_CHUNKS.has(chunk.name) ? COMPILE_HINT : "");

/**
 * A dynamic import (a page, a lazy piece) preloads nothing: the browser fetches the chunk, then the
 * chunks it imports as it reads them. Vite's preload helper would add a <link rel="modulepreload">
 * to the document for each chunk beforehand, all in one task: on /login, 13 links took ~30 ms of
 * a desktop CPU (each starts a fetch), four times that on Lighthouse's phone, in the task that
 * starts the app. Without them /login's Total Blocking Time fell from ~440 ms to ~250 ms and
 * /register's from ~390 ms to ~160 ms (median of 5). The price is a round trip or two while a
 * page's chunks arrive, the first time that page opens. The app shell's own preload links
 * (index.html, read by the browser's preload scanner at no script cost) stay, and so do a lazy
 * chunk's stylesheets (the map's), which Vite adds itself.
 */
const pageDependencies = (_file: string, deps: string[], { hostType }: { hostType: "html" | "js" }) =>
  hostType === "html" ? deps : [];

const HOME_PAGE = `${webRoot}src/features/home/home-page.tsx`;
/** The modules web/src/features/home/home-page.tsx imports, recorded as the graph is built (before chunks are cut). */
const homePageImports = new Set<string>();
const recordHomePageImports = (): Plugin => ({
  name: "veilleuse-home-page-imports",
  moduleParsed(info) {
    if (info.id === HOME_PAGE) for (const id of info.importedIds) homePageImports.add(id);
  },
});

/**
 * VEILLEUSE_BUNDLE_REPORT=1 npm run build:web writes what each chunk is made of (modules, their
 * gzip share) to node_modules/.cache/veilleuse-bundle/ as an HTML treemap and raw JSON
 * (scripts/bundle-report.ts prints the first load of / from it). Off by default: a build artefact.
 */
const bundleReport = (): Plugin[] => {
  if (!process.env.VEILLEUSE_BUNDLE_REPORT) return [];
  const dir = `${repoRoot}node_modules/.cache/veilleuse-bundle`;
  return [
    visualizer({ filename: `${dir}/report.html`, gzipSize: true, template: "treemap" }) as Plugin,
    visualizer({ filename: `${dir}/report.json`, gzipSize: true, template: "raw-data" }) as Plugin,
  ];
};

export default defineConfig({
  root: webRoot,
  base: "/",
  plugins: [
    react(),
    tailwindcss(),
    securityHeadersFile(),
    apiReferenceAssets(),
    prerenderPublicPages(),
    recordHomePageImports(),
    ...bundleReport(),
  ],
  resolve: { alias },
  build: {
    outDir: `${webRoot}dist`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the app supports (and Electron) knows <link rel="modulepreload">.
    modulePreload: { polyfill: false, resolveDependencies: pageDependencies },
    // The app (index.html, the app shell) and the pre-rendered pages' script (see pageTemplate).
    rollupOptions: {
      input: [`${webRoot}index.html`, `${webRoot}${BOOT_ENTRY}`],
      output: { codeSplitting: { groups: chunkGroups }, postBanner: compileHint },
    },
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8787", changeOrigin: false } },
  },
});
