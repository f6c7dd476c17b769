// Route access: a signed-out visitor on a protected route is sent to /login, an unknown path to /,
// and the admin guard.
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { expect, signIn, test, toast, userMenuButton } from "./fixtures";

test("a signed-out visitor on a protected route goes to /login, then lands where they wanted", async ({ page }) => {
  await page.goto("/bookings");
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mes réservations" })).toBeVisible();
});

test("without a remembered path, sign-in goes to /dashboard", async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.babysitter.email, DEMO_ACCOUNTS.babysitter.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour, ${DEMO_ACCOUNTS.babysitter.firstName} !`);
});

test("an unknown path redirects to /", async ({ page }) => {
  await page.goto("/cette-page-n-existe-pas/vraiment");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the admin console sends a signed-out visitor to /login", async ({ page }) => {
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/login$/);
});

test("a parent on /admin sees 'Accès refusé', the explanation, a contact and the way out", async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expect(
    page.getByText("Vous n'avez pas les permissions nécessaires pour accéder à la console d'administration."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "equipe-technique@veilleuse.fr" })).toHaveAttribute(
    "href",
    "mailto:equipe-technique@veilleuse.fr",
  );
  await expect(page.getByRole("navigation", { name: "Menu d'administration" })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Aller au tableau de bord" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/geography");
  await page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the demo admin has the Administration entry and the console with its sidebar", async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The sign-in toast shows where the account menu opens: the open menu stands above it, so its
  // first entry takes the click while the toast is still there (the toast lasts 3 s).
  await expect(toast(page, "Connexion réussie !")).toBeVisible();
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const sidebar = page.getByRole("navigation", { name: "Menu d'administration" });
  for (const name of [
    "Tableau de bord",
    "Géographie",
    "Abonnements",
    "Modération",
    "Vérifications",
    "Audit",
    "Configuration IA",
    "Utilisateurs",
    "Agences",
    "Analyses",
  ]) {
    await expect(sidebar.getByRole("link", { name })).toBeVisible();
  }
  // The sidebar's badge (the dashboard's recent activity names her too, with a time after her name).
  await expect(
    page.getByText(`${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`, { exact: true }),
  ).toBeVisible();
  await sidebar.getByRole("link", { name: "Modération" }).click();
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Modération" })).toBeVisible();
});
