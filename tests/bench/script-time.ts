// Where a first visit's JavaScript time goes, chunk by chunk: V8's sampling profiler (one sample
// every 100 µs) through LOADS first visits per page and language (a new context each, a phone's
// viewport, the visitor's language in its cookie), from the navigation until QUIET_MS later. It
// prints, per load, the script time in all (V8's idle and "(program)" samples left out) and each
// chunk's own time, hashes stripped so two builds compare line by line. The main-thread bench says
// how that time is cut into tasks; this one says whose code it is, which that bench cannot, and it
// moves less from run to run (script time, not tasks over a threshold).
// SCRIPT_TIME_FUNCTIONS=30 also prints the functions with the most time of their own (read them
// on an unminified build: `minify: false` in web/vite.config.ts's build, not committed).
// Run: npx tsx tests/bench/script-time.ts   (prints figures, asserts nothing)
import type { Browser } from "playwright-core";
import { phoneVisitor, withStackAndShell } from "./first-visits";
import { type Language, LANGUAGES } from "../../db/i18n/languages";

const PAGES = process.env.SCRIPT_TIME_PAGES?.split(",") ?? ["/", "/search"];
const LOADS = 8;
const QUIET_MS = 3_500;
const SAMPLING_INTERVAL_US = 100;
const CHUNKS_SHOWN = 8;
const FUNCTIONS_SHOWN = Number(process.env.SCRIPT_TIME_FUNCTIONS ?? 0);
/** Samples that are not script: V8 waiting, or the browser's own work on the main thread. */
const NOT_SCRIPT = new Set(["(idle)", "(program)", "(root)"]);

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
/** Microseconds per name, summed over loads. */
type Tally = Map<string, number>;

/** A chunk's name without its content hash (`react-D1tIrKzj.js` -> `react.js`); "(native)" for V8's own. */
function chunkName(url: string): string {
  const file = url.replace(/[?#].*$/, "").replace(/.*\//, "");
  return file ? file.replace(/-[\w-]{8}\.js$/, ".js") : "(native)";
}

function add(tally: Tally, key: string, us: number) {
  tally.set(key, (tally.get(key) ?? 0) + us);
}

/** Each sample's time goes to the function on top of the stack (its "self" time). */
function tallySelfTime(profile: Profile, byChunk: Tally, byFunction: Tally) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    // The delta after a sample is the time it stands for (the first delta is the start offset).
    const us = profile.timeDeltas[index + 1] ?? 0;
    if (!frame || NOT_SCRIPT.has(frame.functionName)) return;
    add(byChunk, chunkName(frame.url), us);
    add(byFunction, `${frame.functionName || "(anonymous)"} ${chunkName(frame.url)}:${frame.lineNumber + 1}`, us);
  });
}

async function profiledFirstVisit(browser: Browser, url: string, language: Language): Promise<Profile> {
  const { context, page } = await phoneVisitor(browser, url, language);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  await cdp.send("Profiler.start");
  await page.goto(url);
  await new Promise((done) => setTimeout(done, QUIET_MS));
  const { profile } = await cdp.send("Profiler.stop");
  await context.close();
  return profile as Profile;
}

function top(tally: Tally, count: number): string[] {
  return [...tally]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${(us / 1000 / LOADS).toFixed(1).padStart(7)} ms  ${name}`);
}

export async function main() {
  await withStackAndShell(async (origin, browser) => {
    console.log(`Script time of first visits, phone viewport, ${LOADS} loads each, per load:`);
    for (const path of PAGES) {
      for (const language of LANGUAGES) {
        const url = `${origin}${path}`;
        await profiledFirstVisit(browser, url, language); // the Worker's and the browser's cold start
        const byChunk: Tally = new Map();
        const byFunction: Tally = new Map();
        for (let load = 0; load < LOADS; load++) {
          tallySelfTime(await profiledFirstVisit(browser, url, language), byChunk, byFunction);
        }
        const total = [...byChunk.values()].reduce((sum, us) => sum + us, 0);
        console.log(`${language} ${path}: ${(total / 1000 / LOADS).toFixed(1)} ms of script`);
        for (const line of top(byChunk, CHUNKS_SHOWN)) console.log(`  ${line}`);
        if (FUNCTIONS_SHOWN > 0) for (const line of top(byFunction, FUNCTIONS_SHOWN)) console.log(`    ${line}`);
      }
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
