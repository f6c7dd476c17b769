// The console's Analytics section as the demo admin uses it, by clicks: a visitor first searches a
// word of her own on /search (another browser context), then the admin goes in through the header's
// menu and the console's sidebar, finds the word among the top searches, switches the period (the
// URL follows), opens the searches-per-day chart's table, and the page passes axe and fits a
// phone's width without sideways scrolling.
import { blockingViolations } from "./axe";
import { expect, ownClientAddress, randomLetters, test, userMenuButton, waitForApp } from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in is limited per address: this file's own, so other files' sign-ins never count against it.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PHONE = { width: 390, height: 844 };

const analyticsAnswer = (period: string) => (response: { url: () => string }) => {
  const url = new URL(response.url());
  return url.pathname === "/api/admin/analytics" && url.searchParams.get("period") === period;
};

test("an admin finds a visitor's search among the top searches, changes the period and reads a chart's table", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, a sign-in and four periods' figures on a machine shared with other workers.
  test.setTimeout(120_000);
  // A visitor, in a browser of her own, searches a word nobody else types (first in the alphabet's
  // order among words searched as often, so it is in the top list).
  const word = `aaveilleuse${randomLetters(6).toLowerCase()}`;
  const visitorContext = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/search");
  await waitForApp(visitor);
  const searched = visitor.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/search" && response.url().includes(word),
  );
  await visitor.getByLabel("Nom, ville ou présentation").fill(word);
  expect((await searched).status()).toBe(200);
  await visitorContext.close();

  await signInAs(page, "admin");
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: /^Analyses/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analyses");

  // The word, as text, in the top searches (recorded after the visitor's answer: refresh until it is).
  const top = page.getByRole("region", { name: "Recherches les plus fréquentes" });
  await expect(async () => {
    await page.getByRole("button", { name: "Actualiser" }).click();
    await expect(top.getByRole("rowheader", { name: word, exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });

  // Ninety days: in the URL, and the searches per day cover them, in the chart's table.
  const quarterly = page.waitForResponse(analyticsAnswer("90d"));
  await page.getByRole("combobox", { name: "Période" }).selectOption({ label: "90 jours" });
  expect((await quarterly).status()).toBe(200);
  await expect(page).toHaveURL((url) => url.searchParams.get("period") === "90d");
  const perDay = page.getByRole("region", { name: "Recherches par jour" });
  await perDay.getByRole("button", { name: "Voir le tableau" }).click();
  const table = perDay.getByRole("table", { name: "Recherches par jour" });
  await expect(table.getByRole("columnheader").first()).toHaveText("Jour");
  expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(90);
  await expect(perDay.getByRole("img", { name: /^Recherches sur 90 jours, par jour : / })).toBeVisible();
  await expect(page.getByRole("region", { name: "Rétention par cohorte mensuelle" })).toBeVisible();
  expect((await blockingViolations(page)).blocking).toEqual([]);

  // A phone: the page is no wider than the screen (the cohorts' table scrolls inside its card).
  await page.setViewportSize(PHONE);
  await expect(perDay).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
