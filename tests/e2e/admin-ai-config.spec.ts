// The console's AI settings as the demo admin uses them, by clicks and keys: from the sidebar to
// Correspondance; the price weight to 1 and the others to 0 with the keyboard (kept across a trip to
// another tab); the Test on Lyon ranks the sample search differently from the ranking in force; a
// maximum distance of 80 is refused under its field and nothing is saved; a valid save shows its
// toast and its author. Meanwhile a parent, signed in in a browser of her own, sees Lyon's first
// results in another order after the save than before it. Then the defaults come back through the
// confirmation, and the form shows them. axe on the page with both rankings shown; no sideways
// scroll on a phone. Whatever happens, the settings are back at their defaults afterwards.
import type { Page } from "@playwright/test";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { DEMO_AI_SETTINGS } from "../../db/seed/build-operations";
import { blockingViolations } from "./axe";
import { expect, ownClientAddress, signedInPage, test, toast, waitForApp } from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in is limited per address: this file's own, so other files' sign-ins never count against it.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PHONE = { width: 390, height: 844 };
const FIRST_CARDS = 5;
const OTHER_WEIGHTS = ["Poids du profil", "Poids de la distance", "Poids de la disponibilité", "Poids de la note"];

// The settings are the whole stack's: put the demo world's back (the defaults, but the background
// check, off in the demo) even when the test stops halfway.
test.afterEach(async ({ page }) => {
  const restored = await page.request.post("/api/admin/ai-config/restore-defaults");
  // 401: the admin never signed in, so nothing was changed.
  expect([200, 401]).toContain(restored.status());
  if (restored.status() === 200) {
    const security = await page.request.put("/api/admin/ai-config/security", { data: DEMO_AI_SETTINGS.security });
    expect(security.status()).toBe(200);
  }
});

/** The names of the first result cards a parent sees for Lyon, in order. */
async function lyonFirstNames(parent: Page): Promise<string[]> {
  await parent.goto("/search?location=Lyon");
  await waitForApp(parent);
  const cards = parent.getByRole("article");
  await expect(cards.nth(FIRST_CARDS - 1)).toBeVisible();
  return (await cards.locator("h3").allTextContents()).slice(0, FIRST_CARDS);
}

test("an admin ranks by price alone, tests it on Lyon, saves it (a parent's search follows) and restores the defaults", async ({
  newTab,
  page,
}) => {
  test.setTimeout(120_000);
  const parent = await signedInPage(newTab, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  const orderBefore = await lyonFirstNames(parent);

  await signInAs(page, "admin");
  await page.goto("/admin");
  await waitForApp(page);
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: /^Configuration IA/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/ai-config$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuration IA");
  await expect(page.getByRole("tab", { name: "Correspondance" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");

  // Price alone: its slider to the end, the other weights to the start, by keyboard.
  const price = panel.getByRole("slider", { name: "Poids du prix" });
  await price.focus();
  await page.keyboard.press("End");
  await expect(price).toHaveAttribute("aria-valuetext", "1 sur 1");
  for (const name of OTHER_WEIGHTS) {
    const slider = panel.getByRole("slider", { name });
    await slider.focus();
    await page.keyboard.press("Home");
    await expect(slider).toHaveAttribute("aria-valuetext", "0 sur 1");
  }
  await expect(panel.getByText("Modifications non enregistrées")).toBeVisible();
  // Another tab and back: the unsaved values wait.
  await page.getByRole("tab", { name: "Sécurité" }).click();
  await expect(panel.getByRole("checkbox", { name: "Blocage automatique" })).toBeChecked();
  await page.getByRole("tab", { name: "Correspondance" }).click();
  await expect(price).toHaveAttribute("aria-valuetext", "1 sur 1");

  // The test on Lyon: the unsaved weights rank it otherwise than the weights in force.
  await panel.getByRole("textbox", { name: "Ville" }).fill("Lyon");
  await panel.getByRole("button", { name: "Tester", exact: true }).click();
  const proposed = panel.getByRole("list", { name: "Avec ces réglages" });
  const current = panel.getByRole("list", { name: "Réglages actuels" });
  await expect(proposed.getByRole("listitem").first()).toBeVisible();
  await expect(panel.getByText("Les deux classements diffèrent.")).toBeVisible();
  const tested = await proposed.getByTestId("ranked-name").allTextContents();
  const inForce = await current.getByTestId("ranked-name").allTextContents();
  expect(tested.length).toBeGreaterThan(1);
  expect(tested).not.toEqual(inForce);
  // Each sitter's score parts read as words, and the moves are said.
  await expect(proposed.getByRole("listitem").first()).toContainText(/profil \d+ % · distance \d+ %.*prix \d+ %/);
  await expect(
    proposed.getByText(/^(Monte|Descend) de \d+ places?$|^Entre dans les 10 premières$/).first(),
  ).toBeVisible();
  expect((await blockingViolations(page)).blocking).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize({ width: 1280, height: 720 });

  // 80 km is out of bounds: refused under the field, and nothing is sent.
  const maxDistance = panel.getByRole("spinbutton", { name: "Distance maximale" });
  await maxDistance.fill("80");
  await panel.getByRole("button", { name: "Enregistrer" }).click();
  await expect(panel.getByText("La valeur doit être comprise entre 1 et 50")).toBeVisible();
  await expect(maxDistance).toBeFocused();
  const unsaved = await (await page.request.get("/api/admin/ai-config")).json();
  expect(unsaved.matching.values).toEqual(AI_CONFIG_DEFAULTS.matching);

  // 20 km is fine: saved, with its toast and its author.
  await maxDistance.fill("20");
  await expect(panel.getByText("La valeur doit être comprise entre 1 et 50")).toBeHidden();
  await panel.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Configuration enregistrée")).toBeVisible();
  const { firstName, lastName } = DEMO_ACCOUNTS.admin;
  await expect(panel.getByText(new RegExp(`^Dernière modification : .+ par ${firstName} ${lastName}$`))).toBeVisible();
  await expect(panel.getByText("Modifications non enregistrées")).toBeHidden();

  // The parent's next search of Lyon is ranked by price now.
  const orderAfter = await lyonFirstNames(parent);
  expect(orderAfter).not.toEqual(orderBefore);
  await parent.context().close();

  // The defaults again, after the question; the form shows them.
  await page.getByRole("button", { name: "Restaurer les valeurs par défaut" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Restaurer les valeurs par défaut" });
  await expect(dialog).toContainText("Êtes-vous sûr de vouloir restaurer la configuration par défaut ?");
  await dialog.getByRole("button", { name: "Restaurer", exact: true }).click();
  await expect(toast(page, "Valeurs par défaut restaurées")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(price).toHaveValue(String(AI_CONFIG_DEFAULTS.matching.weightPrice));
  await expect(maxDistance).toHaveValue(String(AI_CONFIG_DEFAULTS.matching.maxDistance));
  const restored = await (await page.request.get("/api/admin/ai-config")).json();
  expect(restored.matching.values).toEqual(AI_CONFIG_DEFAULTS.matching);
});
