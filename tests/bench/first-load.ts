// First load of / in Chromium: which JavaScript the browser really fetches, and its gzip size.
// Also the time from starting the stack to the first 200 on / (database already migrated).
// Run: npx tsx tests/bench/first-load.ts   (prints figures, asserts nothing)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startStack } from "../../scripts/stack";

export const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
];

export async function main() {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const started = performance.now();
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true });
  const readyMs = performance.now() - started;
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; bytes: number; gzip: number }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body();
      scripts.push({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    const t0 = performance.now();
    await page.goto(stack.url, { waitUntil: "networkidle" });
    const loadMs = performance.now() - t0;
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(`First load of / (Chromium, local): ${scripts.length} JS files, ${kb(scripts.reduce((s, f) => s + f.bytes, 0))} KB raw, ${kb(scripts.reduce((s, f) => s + f.gzip, 0))} KB gzip; network idle after ${loadMs.toFixed(0)} ms`);
    for (const file of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(file.gzip).padStart(7)} KB gzip  ${file.url}`);
    console.log(`Stack start (migrate + seed + libSQL server + wrangler dev) to first 200 on /: ${(readyMs / 1000).toFixed(1)} s`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
