// First load of / in Chromium: which JavaScript the browser really fetches, and its gzip size.
// Also the time from starting the stack to the first 200 on / (database already migrated).
// Run: npx tsx tests/bench/first-load.ts   (prints figures, asserts nothing)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium";
import { startStack } from "../../scripts/stack";

export async function main() {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const started = performance.now();
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true });
  const readyMs = performance.now() - started;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const locale of ["fr-FR", "en-GB"]) await measure(browser, stack.url, locale);
    console.log(
      `Stack start (migrate + seed + libSQL server + wrangler dev) to first 200 on /: ${(readyMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** A first visit (empty cache) with a browser in `locale`: every script fetched, gzipped here. */
async function measure(browser: Browser, url: string, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const scripts: { url: string; bytes: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      bytes: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  const started = performance.now();
  await page.goto(url, { waitUntil: "networkidle" });
  const loadMs = performance.now() - started;
  const kb = (n: number) => (n / 1024).toFixed(1);
  const total = (key: "bytes" | "gzip") => kb(scripts.reduce((sum, file) => sum + file[key], 0));
  console.log(
    `First load of / with a ${locale} browser: ${scripts.length} JS files, ${total("bytes")} KB raw, ${total("gzip")} KB gzip; network idle after ${loadMs.toFixed(0)} ms`,
  );
  for (const file of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, 6))
    console.log(`  ${kb(file.gzip).padStart(7)} KB gzip  ${file.url}`);
  await context.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
