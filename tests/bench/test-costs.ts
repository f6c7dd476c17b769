// What the end-to-end suite pays for, in CPU: the suite is bound by the machine's two cores, so its
// time is the sum of what its steps cost. Prints core-seconds per step of a typical test (a new
// browser context, a page load, a sign-in through the form, another page), split by process
// (Chromium's renderer, browser, GPU and network processes; workerd), then the cost of one axe
// analysis of /search, and what a test saves in the tab the fixtures lend from test to test. Linux
// only: it reads /proc.
// Run: npx tsx tests/bench/test-costs.ts   (prints figures, asserts nothing)
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL_PATH, E2E_CHROMIUM_ARGS } from "../../scripts/chromium";
import { startStack } from "../../scripts/stack";
import { analyse } from "../e2e/axe";
import { TabPool } from "../e2e/tab-pool";

const RUNS = 6;
const AXE_RUNS = 4;
export const TICKS_PER_SECOND = 100;

export type Process = { parent: number; ticks: number; childTicks: number; command: string };

/** Every process of the machine now, by pid (/proc): its parent, CPU ticks and command line. */
export function processes(): Map<number, Process> {
  const table = new Map<number, Process>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.set(Number(pid), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        childTicks: Number(fields[13]) + Number(fields[14]),
        command: readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "),
      });
    } catch {
      // the process ended while the table was read
    }
  }
  return table;
}

const isChromium = (each: Process | undefined) => each?.command.includes("chromium-headless-shell") ?? false;

/**
 * Core-seconds so far per kind of process, this script's own (Playwright's client) included. A
 * renderer's time stays counted after it exits: until the zygote that forked it reaps it, it is a
 * process without a command line under Chromium; then it is in the zygote's reaped-children counters.
 */
function cpuByKind(): Record<string, number> {
  const table = processes();
  const own = process.cpuUsage();
  const kinds: Record<string, number> = { "Playwright (this script)": (own.user + own.system) / 1e6 };
  for (const each of table.values()) {
    let kind: string | undefined;
    if (each.command.includes("workerd")) kind = "workerd";
    else if (isChromium(each)) {
      const type = each.command.match(/--type=([\w-]+)/)?.[1] ?? "browser";
      kind = `chromium ${type === "zygote" ? "renderer" : type}`;
    } else if (each.command === "" && isChromium(table.get(each.parent))) kind = "chromium renderer";
    if (!kind) continue;
    const reaped = kind === "chromium browser" ? 0 : each.childTicks;
    kinds[kind] = (kinds[kind] ?? 0) + (each.ticks + reaped) / TICKS_PER_SECOND;
  }
  return kinds;
}

const totals = new Map<string, Record<string, number>>();

async function measured(step: string, action: () => Promise<unknown>): Promise<void> {
  const before = cpuByKind();
  await action();
  const after = cpuByKind();
  const sums = totals.get(step) ?? {};
  for (const kind of Object.keys(after)) sums[kind] = (sums[kind] ?? 0) + after[kind] - (before[kind] ?? 0);
  totals.set(step, sums);
}

async function oneTest(browser: Browser, url: string): Promise<void> {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const account = DEMO_ACCOUNTS.parent;
  const heading = () => page!.getByRole("heading", { level: 1 }).first().waitFor();
  await measured("new context and page", async () => {
    context = await browser.newContext({ locale: "fr-FR" });
    page = await context.newPage();
  });
  await measured("load /login", async () => {
    await page!.goto(`${url}/login`);
    await page!.locator("#root[data-live]").waitFor({ state: "attached" });
  });
  await measured("sign in through the form, to the dashboard", async () => {
    await page!.locator('input[type="email"]').fill(account.email);
    await page!.locator('input[type="password"]').fill(account.password);
    await page!.locator('button[type="submit"]').click();
    await page!.waitForURL(/dashboard/);
    await heading();
  });
  await measured("load /search", async () => {
    await page!.goto(`${url}/search`);
    await page!.getByRole("article").first().waitFor();
  });
  await measured("close the context", () => context!.close());
}

/** A load of /login, a sign-in through the form and a load of /search, on `page`. */
async function visit(page: Page, url: string): Promise<void> {
  const account = DEMO_ACCOUNTS.parent;
  await page.goto(`${url}/login`);
  await page.locator("#root[data-live]").waitFor({ state: "attached" });
  await page.locator('input[type="email"]').fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/dashboard/);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.goto(`${url}/search`);
  await page.getByRole("article").first().waitFor();
}

/**
 * The same visit in a new context each time, and in the tab the end-to-end fixtures lend from test
 * to test (tests/e2e/tab-pool.ts: reset between tests, the HTTP cache kept), closing or resetting
 * included; and in the lent tab of a browser started as the end-to-end suite starts it
 * (E2E_CHROMIUM_ARGS: its renderer kept from visit to visit).
 */
async function tabReuseCost(browser: Browser, e2eBrowser: Browser, url: string): Promise<Record<string, number>> {
  const options = { baseURL: url, locale: "fr-FR" };
  const pool = new TabPool(browser);
  const e2ePool = new TabPool(e2eBrowser);
  const machine = {
    "a visit in a new context": 0,
    "a visit in the lent tab": 0,
    "a visit in the lent tab, renderer kept (E2E_CHROMIUM_ARGS)": 0,
  };
  const both = async (step: keyof typeof machine, action: () => Promise<void>) => {
    const before = machineBusySeconds();
    await measured(step, action);
    machine[step] += machineBusySeconds() - before;
  };
  for (let run = 0; run < RUNS; run++) {
    await both("a visit in a new context", async () => {
      const context = await browser.newContext(options);
      await visit(await context.newPage(), url);
      await context.close();
    });
    await both("a visit in the lent tab", async () => {
      const tab = await pool.borrow(options);
      await visit(tab.page, url);
      await pool.giveBack(tab, options);
    });
    await both("a visit in the lent tab, renderer kept (E2E_CHROMIUM_ARGS)", async () => {
      const tab = await e2ePool.borrow(options);
      await visit(tab.page, url);
      await e2ePool.giveBack(tab, options);
    });
  }
  await pool.closeAll();
  await e2ePool.closeAll();
  return machine;
}

/**
 * The whole machine's busy CPU so far (/proc/stat), kernel work included that no process of the
 * table is charged with (a new renderer's page faults are partly served by kernel threads).
 */
function machineBusySeconds(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + fields[4];
  return (fields.reduce((sum, value) => sum + value, 0) - idle) / TICKS_PER_SECOND;
}

async function axeCost(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto(`${url}/search`);
  await page.getByRole("article").first().waitFor();
  for (let run = 0; run < AXE_RUNS; run++) await measured("axe on /search, as the specs run it", () => analyse(page));
  await context.close();
}

function print(step: string, sums: Record<string, number>, runs: number) {
  const parts = Object.entries(sums)
    .filter(([, seconds]) => seconds / runs >= 0.005)
    .sort((a, b) => b[1] - a[1]);
  const total = parts.reduce((sum, [, seconds]) => sum + seconds, 0) / runs;
  const detail = parts.map(([kind, seconds]) => `${kind} ${(seconds / runs).toFixed(2)}`).join(", ");
  console.log(`${step}: ${total.toFixed(2)} core-s (${detail})`);
}

export async function main() {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  const e2eBrowser = await chromium.launch({ executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: E2E_CHROMIUM_ARGS });
  try {
    await oneTest(browser, stack.url); // warms the Worker and the browser: not counted
    totals.clear();
    for (let run = 0; run < RUNS; run++) await oneTest(browser, stack.url);
    console.log(`A typical test's steps in Chromium's headless shell, mean of ${RUNS}:`);
    for (const [step, sums] of totals) print(step, sums, RUNS);
    totals.clear();
    const machine = await tabReuseCost(browser, e2eBrowser, stack.url);
    console.log(`A visit (/login, a sign-in, /search) in a new context or in the lent tab, mean of ${RUNS}:`);
    for (const [step, sums] of totals) print(step, sums, RUNS);
    for (const [step, seconds] of Object.entries(machine))
      console.log(`${step}, the whole machine's busy CPU: ${(seconds / RUNS).toFixed(2)} core-s`);
    totals.clear();
    await axeCost(browser, stack.url);
    console.log(`One axe analysis (tests/e2e/axe.ts), mean of ${AXE_RUNS}:`);
    for (const [step, sums] of totals) print(step, sums, AXE_RUNS);
  } finally {
    await browser.close();
    await e2eBrowser.close();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
