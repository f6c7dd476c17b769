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
  const document = await (await page.request.get("/api/openapi.json")).json();
  const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

  await page.goto("/api/docs");
  const blocks = page.locator(".opblock");
  await expect(blocks).toHaveCount(operations.length);
  const shown = await blocks.evaluateAll((elements) =>
    elements.map(
      (el) =>
        `${el.querySelector(".opblock-summary-method")?.textContent} ${el.querySelector(".opblock-summary-path")?.getAttribute("data-path")}`,
    ),
  );
  expect(shown.sort()).toEqual(operations.sort());
  await expect(page.getByText("Veilleuse API", { exact: false }).first()).toBeVisible();

  expect(foreign).toEqual([]);
  expect(await violations.list()).toEqual([]);
  expect(violations.console).toEqual([]);
});
