// The console's Geography section as the demo admin uses it, by clicks: in through the header's
// menu and the sidebar, the seeded world's cities in the ranking; the metric and the period switched
// (the URL follows); the ranking sorted by revenue both ways by its header; a city searched by name;
// its panel opened from the keyboard (market penetration), another from its bubble on the map; the
// CSV exported and read against the ranking on screen; axe, and a phone's width without sideways
// scrolling.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe";
import { expect, ownClientAddress, test, toast, userMenuButton } from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in is limited per address: this file's own, so other files' sign-ins never count against it.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PHONE = { width: 390, height: 844 };

/** Euros or a count as the French page writes them ("1 234,50 €", "19 €", "12") in hundredths. */
function hundredths(text: string): number {
  const [units, decimals = "0"] = text.replace(/[^\d,]/g, "").split(",");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

const geographyAnswer = (check: (params: URLSearchParams) => boolean) => (response: { url: () => string }) => {
  const url = new URL(response.url());
  return url.pathname === "/api/admin/geography" && check(url.searchParams);
};

/**
 * The ranking's rows: the city's name and the text of each cell, once the page shows the answer it
 * asked for. Until then it keeps the previous answer on screen marked aria-busy (a new sort's response
 * has arrived a moment before its rows are drawn).
 */
async function rankingRows(page: Page): Promise<string[][]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const table = page.getByRole("table", { name: "Classement des villes" });
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

/** Column positions in the ranking (city, department, subscribers, revenue, growth, ...). */
const CITY = 0;
const SUBSCRIBERS = 2;
const REVENUE = 3;

test("an admin reads the cities: metric and period, sort, search, a city's panel, the CSV", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "admin");
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: /^Géographie/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/geography$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Géographie");

  // The seeded world's cities, by subscribers (the default order, largest first).
  const table = page.getByRole("table", { name: "Classement des villes" });
  await expect(table.getByRole("button", { name: "Ouvrir la fiche de Paris" })).toBeVisible();
  const byDefault = await rankingRows(page);
  expect(byDefault.length).toBeGreaterThanOrEqual(5);
  const subscribers = byDefault.map((row) => hundredths(row[SUBSCRIBERS]));
  expect(subscribers).toEqual([...subscribers].sort((a, b) => b - a));
  expect(subscribers[0]).toBeGreaterThan(0);

  // The metric and the period: both in the URL.
  const revenueMetric = page.waitForResponse(geographyAnswer((params) => params.get("metric") === "revenue"));
  await page.getByRole("combobox", { name: "Indicateur" }).selectOption({ label: "Revenus" });
  await revenueMetric;
  await expect(page).toHaveURL((url) => url.searchParams.get("metric") === "revenue");
  const year = page.waitForResponse(geographyAnswer((params) => params.get("period") === "1y"));
  await page.getByRole("combobox", { name: "Période" }).selectOption({ label: "1 an" });
  await year;
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("period") === "1y" && url.searchParams.get("metric") === "revenue",
  );
  await expect(page.getByText("Taille des bulles : Revenus")).toBeVisible();

  // Sorted by revenue from its header: the largest first, then, clicked again, the smallest first.
  const sortButton = table.getByRole("button", { name: "Revenus" });
  const byRevenue = page.waitForResponse(geographyAnswer((params) => params.get("sort") === "revenue"));
  await sortButton.click();
  await byRevenue;
  await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "revenue");
  await expect(table.getByRole("columnheader", { name: "Revenus" })).toHaveAttribute("aria-sort", "descending");
  const descending = (await rankingRows(page)).map((row) => hundredths(row[REVENUE]));
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  const ascendingAnswer = page.waitForResponse(geographyAnswer((params) => params.get("dir") === "asc"));
  await sortButton.click();
  await ascendingAnswer;
  await expect(page).toHaveURL((url) => url.searchParams.get("dir") === "asc");
  await expect(table.getByRole("columnheader", { name: "Revenus" })).toHaveAttribute("aria-sort", "ascending");
  const ascending = (await rankingRows(page)).map((row) => hundredths(row[REVENUE]));
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  // The CSV: the ranking as on screen (same cities, same order, same subscribers and revenue).
  const onScreen = await rankingRows(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exporter en CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^geographie-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(toast(page, `Export téléchargé : ${download.suggestedFilename()}`)).toBeVisible();
  const file = await readFile(await download.path(), "utf8");
  expect(file.startsWith("\uFEFF")).toBe(true);
  const [header, ...lines] = file
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
  expect(header.slice(0, 5)).toEqual(["Ville", "Département", "Population", "Abonnés", "Revenus (€)"]);
  expect(header.at(-1)).toBe("Demande non satisfaite");
  // Every city the search matches (the screen shows the first page of them).
  expect(lines.length).toBeGreaterThanOrEqual(onScreen.length);
  const firstPage = lines.slice(0, onScreen.length);
  expect(firstPage.map((cells) => cells[0])).toEqual(onScreen.map((row) => row[CITY]));
  expect(firstPage.map((cells) => Number(cells[3]))).toEqual(onScreen.map((row) => hundredths(row[SUBSCRIBERS]) / 100));
  expect(firstPage.map((cells) => Math.round(Number(cells[4]) * 100))).toEqual(
    onScreen.map((row) => hundredths(row[REVENUE])),
  );

  // A city searched by name, on the server; the search is the URL's.
  const search = page.getByRole("searchbox", { name: "Rechercher", exact: true });
  const searched = page.waitForResponse(geographyAnswer((params) => params.get("q") === "lyon"));
  await search.fill("lyon");
  await searched;
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === "lyon");
  await expect(table.locator("tbody tr")).toHaveCount(1);

  // Its panel, from the keyboard: the heading takes the focus; the market penetration is there.
  const opener = table.getByRole("button", { name: "Ouvrir la fiche de Lyon" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("city-panel");
  await expect(panel.getByRole("heading", { name: "Lyon (69)" })).toBeFocused();
  await expect(panel.getByText("Pénétration du marché")).toBeVisible();
  await expect(panel.getByText("Baby-sitters pour 10 000 habitants")).toBeVisible();
  await expect(panel.getByText(/^\d+ sur \d+ \(/)).toBeVisible();
  await panel.getByRole("button", { name: "Fermer la fiche" }).click();
  await expect(panel).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Another from its bubble on the map (the map shows every city, whatever the search).
  await page.getByRole("button", { name: /^Paris : Revenus .+ Ouvrir la fiche de la ville$/ }).click();
  await expect(panel.getByRole("heading", { name: "Paris (75)" })).toBeVisible();
  await expect(panel.getByText("Demande non satisfaite").first()).toBeVisible();

  // The top-5 lists open a city too.
  await page.getByTestId("top-subscribers").getByRole("button").first().click();
  await expect(panel.getByRole("heading", { level: 2 })).toBeVisible();

  expect((await blockingViolations(page)).blocking).toEqual([]);

  // A phone: the page is no wider than the screen (the ranking scrolls inside its own box).
  await page.setViewportSize(PHONE);
  await expect(table).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
