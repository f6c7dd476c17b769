// Sign-in as a user feels it: from the click on 'Se connecter' to the dashboard's greeting, with the
// network timeline of that interval (what waits on what). Runs a few times on a warm page.
// Run: npx tsx tests/bench/sign-in.ts   (prints figures, asserts nothing)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { startStack } from "../../scripts/stack";
import { CHROMIUM_ARGS } from "./first-load";

const RUNS = 5;

export async function main() {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ locale: "fr-FR" });
      timings.push(await signInOnce(await context.newPage(), stack.url, run === 0));
      await context.close();
    }
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(`Click on 'Se connecter' to the dashboard greeting, ${RUNS} runs: ${timings.map((ms) => ms.toFixed(0)).join(", ")} ms (median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms)`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

async function signInOnce(page: Page, url: string, printTimeline: boolean): Promise<number> {
  const account = DEMO_ACCOUNTS.parent;
  await page.goto(`${url}/login`, { waitUntil: "networkidle" });
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  const timeline: string[] = [];
  let clickedAt = 0;
  const at = () => (performance.now() - clickedAt).toFixed(0).padStart(5);
  page.on("request", (request) => clickedAt && timeline.push(`${at()} ms  -> ${request.method()} ${new URL(request.url()).pathname}`));
  page.on("requestfinished", (request) => clickedAt && timeline.push(`${at()} ms  <- ${new URL(request.url()).pathname}`));
  page.on("framenavigated", (frame) => clickedAt && frame === page.mainFrame() && timeline.push(`${at()} ms  URL ${new URL(frame.url()).pathname}`));
  clickedAt = performance.now();
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { level: 1, name: `Bonjour, ${account.firstName} !` }).waitFor();
  const elapsed = performance.now() - clickedAt;
  timeline.push(`${at()} ms  greeting visible`);
  if (printTimeline) console.log(`Timeline of the first sign-in:\n  ${timeline.join("\n  ")}`);
  return elapsed;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
