// The main thread of a first visit, from Chromium's own trace: what Lighthouse's Total Blocking
// Time is made of, without its noise. Lighthouse simulates a phone from one unthrottled load and
// multiplies each task by four; a task then blocks by what exceeds 50 ms. This bench loads each
// page LOADS times (a new context each: a first visit, the visitor's language in its cookie, a
// phone's viewport), traces the page's main thread, and prints per page and language the medians
// of: that estimate of the blocking time, the main thread's busy time after the first paint, and
// the longest task. A run takes about two minutes where the Lighthouse bench takes eight, but this
// machine's speed moves its medians too: by up to 40 % from one run to the next (29 Nov 2026), so
// two builds are compared by running them in turn, more than once.
// Nothing is injected into the page while it is traced (no locator polls): the bench waits a fixed
// QUIET_MS after the load, then checks that the page came alive (#root[data-live]).
// Run: npx tsx tests/bench/main-thread.ts   (prints figures, asserts nothing)
import type { Browser } from "playwright-core";
import { phoneVisitor, withStackAndShell } from "./first-visits";
import { median } from "./timed";
import { type Language, LANGUAGES } from "../../db/i18n/languages";

const PAGES = ["/", "/search"];
const LOADS = 8;
const QUIET_MS = 3_500;
/** Lighthouse's simulated phone: four times slower, and 50 ms of a task are not blocking. */
const SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;
const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "toplevel"];

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
};
type Load = { blockingMs: number; busyMs: number; longestMs: number; live: boolean };

const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/** The outermost tasks of the thread that painted the page first, after that first paint. */
function tasksAfterFirstPaint(events: TraceEvent[]): number[] {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return [];
  const mainThread = events.find(
    (event) => event.name === "thread_name" && event.pid === paint.pid && event.args?.name === "CrRendererMain",
  );
  const tasks = events
    .filter((event) => event.pid === paint.pid && event.tid === mainThread?.tid)
    .filter((event) => event.ph === "X" && TASK_NAMES.has(event.name) && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const outermost: number[] = [];
  let end = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the previous task
    end = task.ts + (task.dur ?? 0);
    if (task.ts >= paint.ts) outermost.push((task.dur ?? 0) / 1000);
  }
  return outermost;
}

async function firstVisit(browser: Browser, url: string, language: Language): Promise<Load> {
  const { context, page } = await phoneVisitor(browser, url, language);
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => {
    events.push(...(value as unknown as TraceEvent[])); // the protocol types events as string maps
  });
  const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
  await cdp.send("Tracing.start", { categories: TRACE_CATEGORIES.join(","), transferMode: "ReportEvents" });
  await page.goto(url);
  await new Promise((done) => setTimeout(done, QUIET_MS));
  await cdp.send("Tracing.end");
  await complete;
  const live = (await page.locator("#root[data-live]").count()) === 1;
  await context.close();
  const tasks = tasksAfterFirstPaint(events);
  return {
    blockingMs: tasks.reduce((sum, ms) => sum + Math.max(0, ms * SLOWDOWN - BLOCKING_AFTER_MS), 0),
    busyMs: tasks.reduce((sum, ms) => sum + ms, 0),
    longestMs: Math.max(0, ...tasks),
    live,
  };
}

export async function main() {
  await withStackAndShell(async (origin, browser) => {
    console.log(`First visits, phone viewport, ${LOADS} loads each, medians (estimate = sum of 4 x task - 50 ms):`);
    for (const language of LANGUAGES) {
      for (const path of PAGES) {
        await firstVisit(browser, `${origin}${path}`, language); // the Worker's and the browser's cold start
        const loads: Load[] = [];
        for (let run = 0; run < LOADS; run++) loads.push(await firstVisit(browser, `${origin}${path}`, language));
        const m = (key: "blockingMs" | "busyMs" | "longestMs") => median(loads.map((load) => load[key])).toFixed(0);
        const estimates = loads.map((load) => load.blockingMs.toFixed(0)).join("/");
        const notLive = loads.filter((load) => !load.live).length;
        console.log(
          `${language} ${path.padEnd(8)} blocking estimate ${m("blockingMs")} ms (${estimates}), main thread after the first paint ${m("busyMs")} ms, longest task ${m("longestMs")} ms${notLive ? `; ${notLive} loads not live after ${QUIET_MS} ms` : ""}`,
        );
      }
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
