// axe-core: no serious or critical violation on the public entry pages (WCAG 2 A/AA rules).
import { blockingViolations } from "./axe";
import { expect, test } from "./fixtures";

for (const path of ["/", "/login", "/register"]) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const { blocking, passes } = await blockingViolations(page);
    expect(blocking).toEqual([]);
    expect(passes).toBeGreaterThan(10);
  });
}
