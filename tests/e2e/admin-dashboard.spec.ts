// The console's dashboard as the demo admin uses it, by clicks: in through the header's account
// menu to /admin, the seeded world's paid plans counted, the period switched to a year (the URL
// follows, the series go by week), the revenue chart's table adding up to the total its name gives,
// 'Actualiser' asking the server again, her own sign-in in the recent activity, the conversion
// funnel with its table, axe, and a phone's width without sideways scrolling.
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import { expect, ownClientAddress, test, userMenuButton } from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in is limited per address: this file's own, so other files' sign-ins never count against it.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PHONE = { width: 390, height: 844 };

/** Euros as the French page writes them ("1 234,50 €", "19 €") in cents. */
function cents(text: string): number {
  const [units, decimals = "0"] = text.replace(/[^\d,]/g, "").split(",");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

const dashboardAnswer = (period: string) => (response: { url: () => string }) => {
  const url = new URL(response.url());
  return url.pathname === "/api/admin/dashboard" && url.searchParams.get("period") === period;
};

test("an admin reads a year of figures, checks the revenue table against its chart, and refreshes", async ({
  page,
}) => {
  await signInAs(page, "admin");
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord");

  // The seeded sitters' paid plans: a count above 0 (no leading zero).
  const paidPlans = page
    .getByRole("region", { name: "Indicateurs clés" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Abonnements payants", exact: true }) });
  await expect(paidPlans.getByRole("paragraph").first()).toHaveText(/^[1-9][\d\s]*$/);

  // A year: in the URL, and the series by week.
  const yearly = page.waitForResponse(dashboardAnswer("1y"));
  await page.getByRole("combobox", { name: "Période" }).selectOption({ label: "1 an" });
  await yearly;
  await expect(page).toHaveURL((url) => url.searchParams.get("period") === "1y");
  const revenue = page.getByRole("region", { name: "Revenus des abonnements" });
  await expect(revenue.getByText(/, par semaine\.$/)).toBeVisible();

  // The chart's text alternative: its table's rows add up to the total the chart's name gives.
  await revenue.getByRole("button", { name: "Voir le tableau" }).click();
  const table = revenue.getByRole("table", { name: "Revenus des abonnements" });
  await expect(table.getByRole("columnheader").first()).toHaveText("Semaine");
  expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(52);
  const chart = revenue.getByRole("img", { name: /au total/ });
  const summary = (await chart.getAttribute("aria-label")) ?? "";
  const total = cents(/ : (.+?) au total/.exec(summary)?.[1] ?? "");
  expect(total).toBeGreaterThan(0);
  const amounts = await table.locator("tbody td").allTextContents();
  expect(amounts.reduce((sum, amount) => sum + cents(amount), 0)).toBe(total);

  // 'Actualiser' asks the server again.
  const refreshed = page.waitForResponse(dashboardAnswer("1y"));
  await page.getByRole("button", { name: "Actualiser" }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: /^Mis à jour à \d\d:\d\d$/ })).toBeVisible();

  // Her own sign-in, in words, with her name; the whole log is a link away.
  const activity = page.getByRole("region", { name: "Activité récente" });
  await expect(
    activity
      .getByRole("listitem")
      .filter({ has: page.getByText("Connexion", { exact: true }) })
      .filter({ hasText: `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}` })
      .first(),
  ).toBeVisible();
  await expect(activity.getByRole("link", { name: "Tout le journal" })).toHaveAttribute("href", "/admin/audit");

  // The funnel of the year's sign-ups, a panel per role, each step in its table with its share.
  const funnel = page.getByRole("region", { name: "Conversion des parents" });
  await funnel.getByRole("button", { name: "Voir le tableau" }).click();
  const steps = funnel.getByRole("table", { name: "Conversion des parents" });
  await expect(steps.getByRole("rowheader")).toHaveText([
    "Inscription",
    "Première recherche",
    "Première demande de réservation",
    "Réservation acceptée",
    "Garde terminée",
  ]);
  await expect(steps.locator("tbody tr").first().locator("td").last()).toHaveText(/^(100\s%|—)$/);
  await expect(page.getByRole("region", { name: "Conversion des baby-sitters" })).toBeVisible();
  expect((await blockingViolations(page)).blocking).toEqual([]);

  // A phone: the page is no wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(chart).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
