// axe-core on the current page: the serious and critical violations of axe's default rules (WCAG 2
// A/AA and axe's best practices, such as a positive tabindex or a label given by a title only).
// Every spec that checks accessibility goes through blockingViolations, so they all count the same
// way.
import axe, { type AxeResults } from "axe-core";
import type { Page } from "@playwright/test";
import { waitForApp } from "./fixtures";

/**
 * axe's script, then its frames setting: it talks to same-origin frames only, where the script is
 * put too (a page that gains a cross-origin frame is refused below instead of half analysed).
 */
const AXE_SCRIPT = `${axe.source};axe.configure({ allowedOrigins: ["<same_origin>"] });`;

/**
 * One axe run in the page itself. axe-core's own Playwright wrapper (@axe-core/playwright) evaluated
 * axe's 560 KB script twice per analysis in legacy mode, and in its default mode also merged the
 * frames' results in a blank page it opened. On /search, medians of 6 in one tab (29 Nov 2026): 1.28 s
 * per analysis through the wrapper's legacy mode, 1.07 s run here directly; the default mode cost
 * 4.4 core-seconds.
 *
 * `resultTypes: ["violations"]`: axe still runs every rule on every element and reports each
 * violation with all its elements, but builds a selector for one element only of each rule that
 * passed (the specs count passed rules, never their elements): 1.7 against 2.6 core-seconds per
 * analysis of /search on this machine.
 */
export async function analyse(page: Page): Promise<AxeResults> {
  const origin = new URL(page.url()).origin;
  const crossOrigin = page
    .frames()
    .filter((frame) => frame.url() !== "about:blank" && new URL(frame.url()).origin !== origin);
  if (crossOrigin.length > 0) {
    throw new Error(`axe talks to same-origin frames only; this page has ${crossOrigin.length} of another origin`);
  }
  for (const frame of page.frames()) await frame.evaluate(AXE_SCRIPT);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }),
  );
}

/**
 * axe measures colours as they are drawn, so a toast half faded in or out would read as low
 * contrast. Waiting for running animations to end is not enough: a toast's time runs out while axe
 * works (a second or two) and its fade-out starts then. So while axe runs, every transition and
 * animation jumps to its end (what the user sees once it settles): a leaving toast is at opacity 0,
 * which axe skips, and an arriving one is fully drawn.
 */
const STILL_FRAMES = "*, *::before, *::after { transition: none !important; animation: none !important; }";

async function analyseStill(page: Page) {
  const still = await page.addStyleTag({ content: STILL_FRAMES });
  try {
    return await analyse(page);
  } finally {
    await still.evaluate((element) => element.parentNode?.removeChild(element));
  }
}

/**
 * axe judges the page at rest. A region marked aria-busy is between two states: a table refreshing
 * after a sort is dimmed while the sorted rows are on their way, and a spec that moves on once the
 * URL or a header shows the new state would otherwise race that refresh (CI, 29 Nov 2026: contrast
 * "violations" in the users table, then drawn at 60 % opacity, all inside it). A spec that checks the
 * busy state itself uses blockingViolationsNow.
 */
async function waitUntilSettled(page: Page) {
  await waitForApp(page); // axe skips inert content
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

export async function blockingViolations(page: Page) {
  await waitUntilSettled(page);
  return blockingViolationsNow(page);
}

/** The serious and critical violations of the page as it is drawn now, busy regions included. */
export async function blockingViolationsNow(page: Page) {
  const results = await analyseStill(page);
  return {
    passes: results.passes.length,
    blocking: results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      })),
  };
}
