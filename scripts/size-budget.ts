// The JavaScript the first load of / fetches, gzipped, must stay within budget in each language.
// Read from the built web/dist: the Vite manifest gives the pre-rendered page's script (boot), the
// app's entry it starts and the home page's chunk (loaded before hydration), each with its static
// imports, and the texts the page is drawn with in that language (the frame's and the home page's,
// a chunk per language). A deterministic byte count, so `npm test` can fail on it;
// tests/bench/first-load.ts checks the same in a real browser.
// Run: npx tsx scripts/size-budget.ts   (after npm run build:web)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Language, LANGUAGES } from "../db/i18n/languages";
import { ROOT } from "./stack";

const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;
/**
 * Manifest keys of what `/` runs: web/src/boot.ts, the app's entry (index.html's chunk, web/src/main.tsx
 * with the frame) and the page it pre-loads.
 */
export const FIRST_LOAD_MODULES = ["src/boot.ts", "index.html", "src/features/home/home-page.tsx"];
/** Manifest keys of the texts `/` is drawn with, in a language. */
export const firstLoadTexts = (lang: Language) => [`src/i18n/frame-${lang}.ts`, `src/features/home/i18n/${lang}.json`];

export type ManifestChunk = { file: string; imports?: string[] };
export const DIST = join(ROOT, "web/dist");

/** The files of `keys` and, transitively, of their static imports (dynamic imports load later). */
export function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in web/dist/.vite/manifest.json`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
}

function firstLoadScripts(lang: Language): { file: string; gzip: number }[] {
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  return staticClosure(manifest, [...FIRST_LOAD_MODULES, ...firstLoadTexts(lang)])
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
}

export function checkSizeBudget(): void {
  for (const lang of LANGUAGES) checkLanguage(lang);
}

function checkLanguage(lang: Language): void {
  const scripts = firstLoadScripts(lang);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const { file, gzip } of scripts) console.log(`${kb(gzip).padStart(9)}  ${file}`);
  console.log(
    `${kb(total).padStart(9)}  total gzip for the first load of / in ${lang} (${total} bytes, ${scripts.length} files; budget ${FIRST_LOAD_BUDGET_BYTES} bytes)`,
  );
  if (total > FIRST_LOAD_BUDGET_BYTES) {
    throw new Error(
      `the first load of / in ${lang} is ${kb(total)} of JavaScript (gzip), over its ${kb(FIRST_LOAD_BUDGET_BYTES)} budget`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) checkSizeBudget();
