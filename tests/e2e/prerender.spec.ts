// The public pages are pre-rendered in each language: their content is in the HTML, in the
// visitor's language (it paints before any script runs) and the script hydrates that very DOM,
// without an error, for any visitor.
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { expect, signIn, test, userMenuButton, waitForApp } from "./fixtures";

/**
 * Console errors and uncaught exceptions (React reports hydration mismatches through both), but
 * not the browser's own log of an HTTP error status (a signed-out visitor's /api/me is a 401).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("/login's HTML holds the French page, with no inline script", async ({ request }) => {
  const response = await request.get("/login");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<h1[^>]*>Connexion<\/h1>/);
  expect(html).toContain("Se connecter");
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});

/**
 * `path` paints its level-1 heading before any script runs, then the script adopts that very node
 * (hydration, not a redraw: nothing moves) without an error, and the form takes typing.
 */
async function paintsThenHydrates(page: Page, path: string, heading: string, emailLabel: string) {
  const errors = watchErrors(page);
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((release) => (releaseScripts = release));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  const title = page.getByRole("heading", { level: 1, name: heading });
  await expect(title).toBeVisible();
  // Before its scripts run the page reads, but its form, fields and buttons are inert (a submit
  // would be the browser's own GET, with the password in the URL); the text around them is not.
  await expect(page.locator("#root")).not.toHaveAttribute("data-live");
  await expect(page.locator("form")).toHaveAttribute("inert", "");
  await expect(page.getByLabel(emailLabel)).toHaveAttribute("inert", "");
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await expect(title).not.toHaveAttribute("inert");
  // A mark on the DOM node (a property, not an attribute): it survives only if React adopts the node.
  await title.evaluate((node) => Object.assign(node, { drawnBeforeScripts: true }));

  releaseScripts();
  await expect(page.locator("#root")).toHaveAttribute("data-live", "");
  await expect(page.locator("[inert], [data-until-live]")).toHaveCount(0);
  expect(await title.evaluate((node) => (node as unknown as { drawnBeforeScripts?: boolean }).drawnBeforeScripts)).toBe(
    true,
  );
  await page.getByLabel(emailLabel).fill("quelquun@example.com");
  await expect(page.getByLabel(emailLabel)).toHaveValue("quelquun@example.com");
  expect(errors).toEqual([]);
}

test("/login paints before its scripts run, then hydrates that same DOM without an error", async ({ page }) => {
  await paintsThenHydrates(page, "/login", "Connexion", "Email");
});

test.describe("an English browser", () => {
  test.use({ locale: "en-GB" });
  test("gets /login drawn in English before its scripts run, then hydrated as is", async ({ page }) => {
    await paintsThenHydrates(page, "/login", "Sign in", "Email");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  // Writing `lang` on <html>, even its own value, makes the browser compute the whole page's style
  // again: the app writes it only when the language changes.
  test("keeps <html lang> as drawn while the app starts, and writes it once on a switch to French", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const writes: string[] = [];
      (window as unknown as { __langWrites: string[] }).__langWrites = writes;
      new MutationObserver((records) => {
        for (const record of records)
          if (record.target === document.documentElement) writes.push(document.documentElement.lang);
      }).observe(document, { subtree: true, attributeFilter: ["lang"] });
    });
    const langWrites = () => page.evaluate(() => (window as unknown as { __langWrites: string[] }).__langWrites);
    await page.goto("/");
    await waitForApp(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await langWrites()).toEqual([]);
    await page.getByRole("button", { name: "FR – Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(await langWrites()).toEqual(["fr"]);
  });

  test("that chose French gets the pages drawn in French from then on", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "A trusted babysitter, found in minutes" })).toBeVisible();
    await page.getByRole("button", { name: "FR – Français" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Une baby-sitter de confiance/ })).toBeVisible();
    const html = await (await page.request.get("/login")).text();
    expect(html).toMatch(/<h1[^>]*>Connexion<\/h1>/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: /^Une baby-sitter de confiance/ })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test("a signed-in parent on the pre-rendered home page gets their menu, without a hydration error", async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const errors = watchErrors(page);
  await page.goto("/");
  await expect(userMenuButton(page)).toBeVisible();
  await expect(page.getByRole("link", { name: "Connexion" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a deep link gets the bare app shell, not the home page's content", async ({ request, page }) => {
  const html = await (await request.get("/terms/../bookings")).text();
  expect(html).toContain('<div id="root"></div>');
  await page.goto("/bookings");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
});

test("a pre-rendered page runs React's chunk, then i18next's, then the app's, each fetched once the one before has run", async ({
  page,
}) => {
  // web/src/boot.ts imports them one after another, each in a task of its own, to split the long
  // task of the app's start (the browser runs a whole module graph in one task).
  await page.route("**/assets/*.js", (route) => route.continue()); // no HTTP cache: every chunk is fetched
  const steps: string[] = [];
  const chunk = (url: string) => /\/assets\/(react|i18n|index)-[\w-]+\.js$/.exec(url)?.[1];
  page.on("request", (request) => {
    const name = chunk(request.url());
    if (name) steps.push(`ask ${name}`);
  });
  page.on("requestfinished", (request) => {
    const name = chunk(request.url());
    if (name) steps.push(`got ${name}`);
  });
  await page.goto("/search");
  await waitForApp(page);
  expect(steps).toEqual(["ask react", "got react", "ask i18n", "got i18n", "ask index", "got index"]);
});

test("the chunks every first visit runs ask V8 to compile them as they arrive; a page's own chunk does not", async ({
  page,
}) => {
  // web/vite.config.ts (EAGER_CHUNKS): a script that starts with this comment has all its functions
  // compiled off the main thread as it streams in, instead of each on the main thread when first called.
  const HINT = "//# allFunctionsCalledOnLoad";
  await page.route("**/assets/*.js", (route) => route.continue()); // no HTTP cache: every chunk is fetched
  const firstLines: Promise<[string, string]>[] = [];
  page.on("response", (response) => {
    const name = /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(response.url())?.[1];
    if (name) firstLines.push(response.text().then((body) => [name, body.split("\n")[0]]));
  });
  await page.goto("/search");
  await waitForApp(page);
  const hinted = (await Promise.all(firstLines)).filter(([, line]) => line === HINT).map(([name]) => name);
  expect(new Set(hinted)).toEqual(new Set(["boot", "react", "i18n", "index", "data"]));
});

test("starting the app and opening another page add no preload link: the browser fetches a page's chunks as it reads them", async ({
  page,
}) => {
  // Each <link rel="modulepreload"> a script adds starts a fetch in the task that adds it; Vite's
  // helper added one per chunk of the page, the largest part of the task that starts /login.
  const preloadLinks = () => page.locator('link[rel="modulepreload"]').count();
  await page.goto("/login");
  await expect(page.locator("#root")).toHaveAttribute("data-live", "");
  expect(await preloadLinks()).toBe(0);
  await page.getByRole("main").getByRole("link", { name: "Inscription" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await preloadLinks()).toBe(0);
});
