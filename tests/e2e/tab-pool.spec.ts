// The lent tab (tab-pool.ts): what one test leaves in its tab, the next test of the file never
// sees. That the next test really got the same tab shows in the HTTP cache, the one thing a lent
// tab keeps: the app's entry script comes from it without a byte on the wire.
import type { Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures";

const PROBE = "lent-tab-probe";

/** Bytes on the wire for the page's script files (0 for each served from the HTTP cache). */
const scriptBytes = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js"))
      .map((entry) => (entry as PerformanceResourceTiming).transferSize),
  );

test("a test leaves local and session storage, a cookie and a window name in its tab", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  const left = await page.evaluate((probe) => {
    localStorage.setItem(probe, "1");
    sessionStorage.setItem(probe, "1");
    document.cookie = `${probe}=1; path=/`;
    window.name = probe;
    return [localStorage.getItem(probe), sessionStorage.getItem(probe), document.cookie.includes(probe), window.name];
  }, PROBE);
  expect(left).toEqual(["1", "1", true, PROBE]);
});

test("the next test meets none of it, in the same tab", async ({ page, freshTab }) => {
  await page.goto("/");
  await waitForApp(page);
  const found = await page.evaluate(
    (probe) => [
      localStorage.getItem(probe),
      sessionStorage.getItem(probe),
      document.cookie.includes(probe),
      window.name,
    ],
    PROBE,
  );
  expect(found).toEqual([null, null, false, ""]);
  // A lent tab: every script from the HTTP cache. A fresh one (E2E_FRESH_TABS=1, or a trace): fetched.
  const bytes = await scriptBytes(page);
  expect(bytes.length).toBeGreaterThan(0);
  if (freshTab) expect(bytes.every((size) => size > 0)).toBe(true);
  else expect(bytes).toEqual(bytes.map(() => 0));
});
