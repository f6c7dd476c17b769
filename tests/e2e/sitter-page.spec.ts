// /babysitter/{id}: the demo babysitter's public page for a visitor and for a parent (the Call
// button only with a confirmed booking), 'Profil non trouvé' for anything else, French and English.
import { expect, test, waitForApp } from "./fixtures";
import { expectNoSeriousA11yViolation, profileIdOf } from "./profile-helpers";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";

test("a visitor reads the demo babysitter's profile, and Message brings them back after signing in", async ({
  page,
}) => {
  const id = await profileIdOf("babysitter");
  await page.goto(`/babysitter/${id}`);
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Léa Dubois" })).toBeVisible();
  await expect(page).toHaveTitle("Léa Dubois · Veilleuse");
  await expect(page.getByText("Profil vérifié")).toBeVisible();
  await expect(page.getByText("Offre Premium")).toBeVisible();
  await expect(page.getByRole("link", { name: "Réserver" })).toHaveAttribute("href", `/booking/${id}`);
  await expect(page.getByRole("link", { name: "Appeler" })).toHaveCount(0);
  const week = page.getByRole("region", { name: "Disponibilités habituelles" });
  await expect(week.getByRole("term")).toHaveText([
    "Lundi",
    "Mardi",
    "Mercredi",
    "Jeudi",
    "Vendredi",
    "Samedi",
    "Dimanche",
  ]);
  const stats = page.getByRole("region", { name: "En chiffres" });
  await expect(stats.getByText("Gardes effectuées")).toBeVisible();
  await expect(stats.getByRole("definition").first()).toHaveText(/^\d+$/);
  const reviews = page
    .getByRole("region", { name: "Derniers avis" })
    .getByRole("listitem")
    .filter({ has: page.locator("article") });
  expect(await reviews.count()).toBeGreaterThan(0);
  expect(await reviews.count()).toBeLessThanOrEqual(10);
  await expectNoSeriousA11yViolation(page);

  await page.getByRole("link", { name: "Message", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(DEMO_ACCOUNTS.parent.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_ACCOUNTS.parent.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`/babysitter/${id}$`));
  // The demo parent has a confirmed booking with her: the Call button appears.
  await expect(page.getByRole("link", { name: "Appeler" })).toHaveAttribute("href", /^tel:0[67]\d{8}$/);
  await expect(page.getByRole("link", { name: "Message", exact: true })).toHaveAttribute("href", `/messages?to=${id}`);
});

test("a parent's id, or an unknown one, is 'Profil non trouvé' with a way back to search", async ({ page }) => {
  const parentId = await profileIdOf("parent");
  await page.goto(`/babysitter/${parentId}`);
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Profil non trouvé" })).toBeVisible();
  await expect(page.getByText("Léa")).toHaveCount(0);
  await expectNoSeriousA11yViolation(page);
  await page.getByRole("link", { name: "Retour à la recherche" }).click();
  await expect(page).toHaveURL(/\/search$/);
});

test.describe("in English", () => {
  test.use({ locale: "en-GB" });

  test("the profile and the not-found page speak English", async ({ page }) => {
    const id = await profileIdOf("babysitter");
    await page.goto(`/babysitter/${id}`);
    await waitForApp(page);
    await expect(page.getByRole("link", { name: "Book" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Usual availability" })).toBeVisible();
    const week = page.getByRole("region", { name: "Usual availability" });
    await expect(week.getByRole("term").first()).toHaveText("Monday");
    await page.goto("/babysitter/00000000-0000-4000-8000-000000000000");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Profile not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to search" })).toBeVisible();
  });
});
