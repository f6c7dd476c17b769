// axe-core on the current page: the serious and critical WCAG 2 A/AA violations, as a11y.spec.ts
// counts them, for the specs that check a signed-in page in its real state.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { waitForApp } from "./fixtures";

export async function blockingViolations(page: Page) {
  await waitForApp(page); // axe skips inert content
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
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
