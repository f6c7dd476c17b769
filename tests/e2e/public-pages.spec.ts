// Home (marketing claims, plans), the mobile menu and the password-reset request.
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { expect, signIn, test } from "./fixtures";

test("home: calls to action, plans with fr-FR prices, upcoming features marked 'Bientôt'", async ({ page }) => {
  await page.goto("/");
  const hero = page.locator("section").first();
  await expect(hero.getByRole("link", { name: "Voir la démo" })).toHaveAttribute("href", "/demo");
  await expect(hero.getByRole("link", { name: "Rechercher une baby-sitter" })).toHaveAttribute("href", "/search");
  await expect(hero.getByRole("link", { name: "Créer un compte" })).toHaveAttribute("href", "/register");

  const plans = page.locator("#plans");
  await expect(plans.getByRole("heading", { level: 3 })).toHaveText(["Découverte", "Standard", "Premium"]);
  await expect(plans.getByText(/^0\s€$/)).toBeVisible();
  await expect(plans.getByText(/^19\s€$/)).toBeVisible();
  await expect(plans.getByText(/^39\s€$/)).toBeVisible();
  await expect(plans.getByText("Le plus populaire")).toBeVisible();
  await expect(plans.getByText("5 réservations incluses")).toBeVisible();

  await expect(page.locator("#upcoming").getByText("Bientôt", { exact: true })).toHaveCount(6);
  await expect(page.locator("#matching").getByRole("listitem")).toHaveCount(3);
  await expect(hero.getByText("0 % de commission pour les baby-sitters", { exact: true })).toBeVisible();
  await expect(hero.getByText("Gratuit pour les parents, à vie", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Voir les plans" }).click();
  await expect(page).toHaveURL(/#plans$/);
});

test("forgot password answers with the neutral text", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill("personne@example.com");
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(
    page.getByText(
      "Si un compte existe pour cette adresse, un email de réinitialisation vient d'être envoyé. Le lien est valable 1 heure.",
    ),
  ).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the hamburger menu has the same entries and signs out", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    for (const name of [
      "Démos",
      "Rechercher",
      "Favoris",
      "Réservations",
      "Messages",
      "Notifications",
      "Profil",
      "Paramètres",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Administration" })).toHaveCount(0);
    await menu.getByRole("link", { name: "Favoris", exact: true }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await menu.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();
  });
});
