// axe-core: no serious or critical violation on the public entry pages (WCAG 2 A/AA rules).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForApp } from "./fixtures";

for (const path of ["/", "/login", "/register"]) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await waitForApp(page); // axe skips inert content
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((n) => n.target.join(" ")),
      }));
    expect(blocking).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(10);
  });
}
