// Lighthouse (mobile, simulated throttling: its default) on the public pages: the four category
// scores and LCP, TBT and CLS. Each page runs RUNS times and the median of each figure is printed
// (the machine is shared, figures move), for a French visitor and an English one (each gets the page
// pre-rendered in their language).
// Lighthouse's browser says en-US whatever Chromium's flags, so the visitor's choice is stored
// in its cookie beforehand, as the language switch does. Each audit is a first visit: Lighthouse
// empties the HTTP cache before it (its storage reset), and that reset keeps cookies (its
// `clearStorageTypes` are file systems, shader cache, service workers and Cache Storage), which
// `languageKept` checks after each audit.
// The stack is the test stacks' unwatched Worker (no file watcher polling beside the audits), and
// each page is audited once per language before its counted runs and those audits are thrown away:
// the first loads after a start pay for the Worker's and the browser's cold caches (the first
// counted French audit read 78 against 93 to 99 when only the English page had been warmed), which
// a visitor of a running site does not meet, and Lighthouse's simulation multiplies whatever the
// machine was doing at the time by four.
// Run: npx tsx tests/bench/lighthouse.ts   (prints figures, asserts nothing; see PAGES and RUNS)
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_HEADLESS_SHELL_PATH } from "../../scripts/chromium";
import lighthouse from "lighthouse";
import { type BrowserContext, chromium } from "playwright-core";
import { type Language, LANGUAGE_CHOICE_KEY, LANGUAGES } from "../../db/i18n/languages";
import { startStack } from "../../scripts/stack";
import { median } from "./timed";

/** LIGHTHOUSE_PAGES=/search LIGHTHOUSE_RUNS=5 narrows a run to the pages being worked on. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/login", "/register", "/search"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/**
 * Chromium's headless shell: the same Blink and V8 as the full browser, without its interface. In
 * new headless mode the full browser still builds its toolbar's web pages (the omnibox popup and
 * its AI mode box, the reload button) in a renderer of their own: in a trace of one load of /search
 * that renderer's main thread ran 3.1 s beside the page's 4.1 s (29 Nov 2026), on a machine of two
 * cores, and every task of the page that it slowed Lighthouse's simulation multiplied by four.
 * /search, 6 audits each, alternating: 78 to 89 in the full browser, 79 to 97 in the shell.
 */
const CHROME_FLAGS = ["--no-sandbox", "--disable-gpu"];
/** A run can fail to record its trace (NO_NAVSTART, seen on a cold browser): it is run again. */
const ATTEMPTS = 3;

type Figures = Record<(typeof CATEGORIES)[number] | "lcpMs" | "tbtMs" | "cls" | "benchmarkIndex", number>;

/** Runs `use` on the default context of the browser Lighthouse drives, then lets go of it. */
async function inAuditedBrowser<T>(port: number, use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    return await use(browser.contexts()[0]);
  } finally {
    await browser.close();
  }
}

/**
 * The visitor's language choice, stored as the language switch stores it: in the cookie the Worker
 * serves the pre-rendered pages by and the web app reads before the browser's language.
 */
function storeLanguage(origin: string, port: number, language: Language): Promise<void> {
  return inAuditedBrowser(port, async (context) => {
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(
      ([key, value]) => {
        document.cookie = `${key}=${value}; Path=/`;
      },
      [LANGUAGE_CHOICE_KEY, language],
    );
    await page.close();
  });
}

/** The visitor's language cookie is still set after the audits (a reset took it otherwise). */
function languageKept(origin: string, port: number, language: Language): Promise<void> {
  return inAuditedBrowser(port, async (context) => {
    const cookies = await context.cookies(origin);
    const kept = cookies.find((cookie) => cookie.name === LANGUAGE_CHOICE_KEY)?.value;
    if (kept !== language) throw new Error(`The ${language} visitor's cookie is gone (found ${kept})`);
  });
}

async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  saveReport(result.lhr);
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) {
    if (attempt < ATTEMPTS) return audit(url, port, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    benchmarkIndex: environment.benchmarkIndex,
  };
}

/** LIGHTHOUSE_SAVE=<folder> keeps each audit's whole report there (its long tasks, its trace's figures). */
let saved = 0;
function saveReport(lhr: object) {
  const folder = process.env.LIGHTHOUSE_SAVE;
  if (folder) writeFileSync(join(folder, `audit-${String(++saved).padStart(3, "0")}.json`), JSON.stringify(lhr));
}

/**
 * The languages of a page's runs take turns (French then English, then English then French...), so
 * both meet the same minutes of the machine: its speed drifts, and when each language had its pages
 * audited in a block, the block audited second tended to read lower whichever language it was
 * (docs/testing.md, 28 and 29 Nov 2026).
 */
const languageOrder = (run: number): Language[] => (run % 2 === 0 ? [...LANGUAGES] : [...LANGUAGES].reverse());

function print(path: string, runs: Figures[]) {
  const m = (key: keyof Figures) => median(runs.map((run) => run[key]));
  const scores = CATEGORIES.map((category) => `${category} ${m(category)}`).join(", ");
  const performances = runs.map((run) => run.performance).join("/");
  console.log(
    `${path.padEnd(10)} ${scores}; LCP ${(m("lcpMs") / 1000).toFixed(2)} s, TBT ${m("tbtMs").toFixed(0)} ms, CLS ${m("cls").toFixed(3)}  (performance per run: ${performances}; host benchmarkIndex ${m("benchmarkIndex").toFixed(0)})`,
  );
}

export async function main() {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true, watch: false });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_HEADLESS_SHELL_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const figures = new Map<string, Figures[]>();
    for (const path of PAGES) {
      for (const language of LANGUAGES) {
        await storeLanguage(stack.url, chrome.port, language);
        await audit(`${stack.url}${path}`, chrome.port);
      }
      for (let run = 0; run < RUNS; run++) {
        for (const language of languageOrder(run)) {
          await storeLanguage(stack.url, chrome.port, language);
          const key = `${language} ${path}`;
          figures.set(key, [...(figures.get(key) ?? []), await audit(`${stack.url}${path}`, chrome.port)]);
          await languageKept(stack.url, chrome.port, language);
        }
      }
    }
    for (const language of LANGUAGES) {
      console.log(`Lighthouse, ${language} visitor, ${RUNS} runs per page, mobile with simulated throttling, medians:`);
      for (const path of PAGES) print(path, figures.get(`${language} ${path}`)!);
    }
  } finally {
    chrome.kill();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
