// axe-core on the current page: the serious and critical WCAG 2 A/AA violations. Every spec that
// checks accessibility goes through blockingViolations, so they all count the same way.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { waitForApp } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * One axe run in the page itself (AxeBuilder's legacy mode: axe.run, same-origin frames only). The
 * default mode also runs axe in each cross-origin frame and merges the results in a blank page it
 * opens for the purpose: about 1.9 core-seconds more per analysis on /search (4.4 against 2.5),
 * for frames the app does not have. The check below keeps it that way: a page that gains a
 * cross-origin iframe must be analysed with the default mode.
 *
 * `resultTypes: ["violations"]`: axe still runs every rule on every element and reports each
 * violation with all its elements, but builds a selector for one element only of each rule that
 * passed (the specs count passed rules, never their elements): 1.7 against 2.6 core-seconds per
 * analysis of /search on this machine.
 */
async function analyse(page: Page) {
  const origin = new URL(page.url()).origin;
  const crossOrigin = page
    .frames()
    .filter((frame) => frame.url() !== "about:blank" && new URL(frame.url()).origin !== origin);
  if (crossOrigin.length > 0) {
    throw new Error(`axe runs in legacy mode, which skips cross-origin frames; this page has ${crossOrigin.length}`);
  }
  return new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
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

export async function blockingViolations(page: Page) {
  await waitForApp(page); // axe skips inert content
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
