// axe-core: no serious or critical violation on the public entry pages (axe's default rules).
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

test("the analysis reports what it must: a nameless button (WCAG) and a positive tabindex (best practice)", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() =>
    document.body.insertAdjacentHTML("beforeend", '<button></button><div tabindex="5">…</div>'),
  );
  const { blocking } = await blockingViolations(page);
  expect(blocking.map((violation) => violation.id).sort()).toEqual(["button-name", "tabindex"]);
});
