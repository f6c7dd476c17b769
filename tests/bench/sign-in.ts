// Sign-in as a user feels it: from the click on 'Se connecter' to the dashboard's greeting, with the
// network timeline of that interval (what waits on what). Runs a few times on a warm page.
// Run: npx tsx tests/bench/sign-in.ts   (prints figures, asserts nothing)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { startStack } from "../../scripts/stack";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium";

const RUNS = 5;

export async function main() {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ locale: "fr-FR" });
      timings.push(await signInOnce(await context.newPage(), stack.url, run === 0));
      await context.close();
    }
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `Click on 'Se connecter' to the greeting in the DOM, ${RUNS} runs: ${timings.map((ms) => ms.toFixed(0)).join(", ")} ms (median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms)`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/**
 * Times are taken in the page (its own clock): from the click event to the frame where the
 * greeting is in the DOM, so the driver's polling adds nothing.
 */
async function signInOnce(page: Page, url: string, printTimeline: boolean): Promise<number> {
  const account = DEMO_ACCOUNTS.parent;
  const greeting = `Bonjour, ${account.firstName} !`;
  await page.goto(`${url}/login`);
  await page.getByRole("button", { name: "Se connecter" }).waitFor();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await page.evaluate((text) => {
    const marks: Record<string, number> = {};
    (window as unknown as { signInMarks: Record<string, number> }).signInMarks = marks;
    document.addEventListener("click", () => (marks.click = performance.now()), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector("h1")?.textContent !== text) return;
      marks.greeting = performance.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, greeting);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForFunction(() => "greeting" in (window as unknown as { signInMarks: object }).signInMarks);
  const marks = await page.evaluate(() => (window as unknown as { signInMarks: Record<string, number> }).signInMarks);
  if (printTimeline)
    console.log(
      `Timeline of the first sign-in (ms after the click):\n  ${await timeline(page, marks.click, marks.greeting)}`,
    );
  return marks.greeting - marks.click;
}

/** The requests between the click and the greeting, from the page's resource timing. */
async function timeline(page: Page, from: number, to: number): Promise<string> {
  const entries = await page.evaluate(
    ([start, end]) =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => entry.startTime >= start && entry.startTime <= end)
        .map((entry) => ({
          name: new URL(entry.name).pathname,
          start: entry.startTime - start,
          end: entry.responseEnd - start,
        })),
    [from, to],
  );
  const lines = entries.map(
    (entry) => `${entry.start.toFixed(0).padStart(5)} -> ${entry.end.toFixed(0).padStart(5)}  ${entry.name}`,
  );
  return [...lines, `${(to - from).toFixed(0).padStart(5)}           greeting in the DOM`].join("\n  ");
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
