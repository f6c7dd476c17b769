// The interactive API reference: served from our own files (no CDN), under the strict CSP, and
// listing every operation of the live OpenAPI document.
import { expect, test, watchViolations } from "./fixtures";

test("/api/docs lists every route of the live document, offline and without a CSP violation", async ({
  page,
  baseURL,
}) => {
  const violations = await watchViolations(page);
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
  });
  const spec = await (await page.request.get("/api/openapi.json")).json();
  const operations = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

  await page.goto("/api/docs");
  // Swagger UI lists 150 rows or more (tags and operations) in a virtual list: only the rows near
  // the viewport are in the page. So the test reads it as a person does, scrolling to the end and
  // noting every operation that passes.
  await expect(page.locator(".opblock").first()).toBeVisible();
  const shown = new Set<string>();
  for (let step = 0; step < 500; step++) {
    const rows = await page
      .locator(".opblock")
      .evaluateAll((elements) =>
        elements.map(
          (el) =>
            `${el.querySelector(".opblock-summary-method")?.textContent} ${el.querySelector(".opblock-summary-path")?.getAttribute("data-path")}`,
        ),
      );
    rows.forEach((row) => shown.add(row));
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atEnd && shown.size >= operations.length) break;
    await page.evaluate(() => window.scrollBy(0, Math.floor(window.innerHeight * 0.7)));
    // Two frames: the scroll event, then the list's new rows drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  expect([...shown].sort()).toEqual(operations.sort());
  await expect(page.getByText("Veilleuse API", { exact: false }).first()).toBeVisible();

  expect(foreign).toEqual([]);
  expect(await violations.list()).toEqual([]);
  expect(violations.console).toEqual([]);
});
