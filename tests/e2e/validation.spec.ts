// Every validation message of the registration and login forms, shown under its field.
import { expect, inForm, test } from "./fixtures";

test("registration step 1: a profile type is required", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(inForm(page).getByText("Sélectionnez votre profil")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Votre profil" })).toBeVisible();
});

test("registration step 2: required fields, then invalid email, phone, names and city", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("radio", { name: /Parent/ }).check();
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Vos coordonnées" })).toBeVisible();

  await page.getByRole("button", { name: "Suivant" }).click();
  const form = inForm(page);
  await expect(form.getByText("Email requis")).toBeVisible();
  await expect(form.getByText("Ce champ est obligatoire")).toHaveCount(4); // first name, last name, phone, city
  await expect(page.getByLabel("Prénom")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Prénom").fill("J");
  await page.getByLabel("Nom", { exact: true }).fill("Dupont3");
  await page.getByLabel("Email").fill("camille@exemple");
  await page.getByLabel("Téléphone").fill("12345");
  await page.getByLabel("Ville").fill("75");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(form.getByText("Email invalide")).toBeVisible();
  await expect(form.getByText("Numéro de téléphone français invalide")).toBeVisible();
  const firstNameError = form.getByText("Prénom invalide (2-50 caractères, lettres uniquement)", { exact: true });
  await expect(firstNameError).toBeVisible();
  await expect(form.getByText("Nom invalide (2-50 caractères, lettres uniquement)", { exact: true })).toBeVisible();
  await expect(form.getByText("Nom de ville invalide")).toBeVisible();
  await expect(form.getByText("Ce champ est obligatoire")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Vos coordonnées" })).toBeVisible();

  // A fixed field loses its error as it is fixed, not at the next 'Suivant'.
  await page.getByLabel("Prénom").fill("Jeanne");
  await expect(firstNameError).toHaveCount(0);
  await expect(page.getByLabel("Prénom")).not.toHaveAttribute("aria-invalid", "true");
});

test("the wizard keeps its steps through a reload and Back for this tab, never the password", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Inscription" }).click();
  await page.getByRole("radio", { name: /Parent/ }).check();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Prénom").fill("Camille");
  await page.getByLabel("Nom", { exact: true }).fill("Martin");
  await page.getByLabel("Email").fill("camille.martin@exemple.fr");
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page.getByLabel("Ville").fill("Lyon");

  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Vos coordonnées" })).toBeVisible();
  await expect(page.getByLabel("Prénom")).toHaveValue("Camille");
  await expect(page.getByLabel("Ville")).toHaveValue("Lyon");
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Mot de passe", { exact: true }).fill("Veilleuse2026");

  // Back to the home page, then Inscription again: step 3, the password empty.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("banner").getByRole("link", { name: "Inscription" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Votre mot de passe" })).toBeVisible();
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveValue("");
  await page.getByRole("button", { name: "Précédent" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("camille.martin@exemple.fr");
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain("Veilleuse2026");
});

test("registration step 3: password rules, confirmation and terms", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("radio", { name: /Baby-sitter/ }).check();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Prénom").fill("Léa");
  await page.getByLabel("Nom", { exact: true }).fill("Dubois");
  await page.getByLabel("Email").fill("lea.dubois@example.com");
  await page.getByLabel("Téléphone").fill("+33 6 12 34 56 78");
  await page.getByLabel("Ville").fill("Saint-Étienne");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Votre mot de passe" })).toBeVisible();

  const form = inForm(page);
  const submit = page.getByRole("button", { name: "Créer mon compte" });
  const password = page.getByLabel("Mot de passe", { exact: true });
  const confirm = page.getByLabel("Confirmer le mot de passe");

  await password.fill("Ab1");
  await submit.click();
  await expect(form.getByText("Au moins 8 caractères requis")).toBeVisible();
  await expect(form.getByText("Confirmation requise")).toBeVisible();
  await expect(form.getByText("Vous devez accepter les conditions")).toBeVisible();

  await password.fill("abcdefgh");
  await submit.click();
  await expect(form.getByText("Doit contenir au moins une majuscule, une minuscule et un chiffre")).toBeVisible();

  await password.fill("Abcdefg1");
  await confirm.fill("Abcdefg2");
  await submit.click();
  await expect(form.getByText("Les mots de passe ne correspondent pas")).toBeVisible();

  // 'Précédent' keeps what was typed.
  await page.getByRole("button", { name: "Précédent" }).click();
  await expect(page.getByLabel("Ville")).toHaveValue("Saint-Étienne");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveValue("Abcdefg1");
  await expect(page).toHaveURL(/\/register$/);
});

test("the terms checkbox links to /terms and /privacy", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("radio", { name: /Parent/ }).check();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Prénom").fill("Hugo");
  await page.getByLabel("Nom", { exact: true }).fill("Bernard");
  await page.getByLabel("Email").fill("hugo.bernard@example.com");
  await page.getByLabel("Téléphone").fill("0712345678");
  await page.getByLabel("Ville").fill("Nantes");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByRole("link", { name: "conditions d'utilisation" })).toHaveAttribute("href", "/terms");
  await expect(page.getByRole("link", { name: "politique de confidentialité" })).toHaveAttribute("href", "/privacy");
});

test("login form: required email and password, invalid email, short password", async ({ page }) => {
  await page.goto("/login");
  const form = inForm(page);
  const submit = page.getByRole("button", { name: "Se connecter" });

  await submit.click();
  await expect(form.getByText("Email requis")).toBeVisible();
  await expect(form.getByText("Mot de passe requis")).toBeVisible();

  await page.getByLabel("Email").fill("camille.martin");
  await page.getByLabel("Mot de passe", { exact: true }).fill("abc");
  await submit.click();
  await expect(form.getByText("Email invalide")).toBeVisible();
  await expect(form.getByText("Au moins 6 caractères requis")).toBeVisible();
  // The first error is also a toast.
  await expect(page.locator("[data-sonner-toast]", { hasText: "Email invalide" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
