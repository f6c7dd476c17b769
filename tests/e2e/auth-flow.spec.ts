// Registration through the wizard, sign-in, greeting, sign-out (then back to /).
import {
  expect,
  newAccount,
  registerThroughWizard,
  signIn,
  test,
  toast,
  userMenuButton,
  waitForApp,
  ownClientAddress,
} from "./fixtures";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

for (const userType of ["parent", "babysitter"] as const) {
  test(`a new ${userType} registers through the wizard, signs in, sees the greeting and signs out`, async ({
    page,
  }) => {
    const account = newAccount(userType);
    await registerThroughWizard(page, account);

    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, "Inscription réussie ! Vérifiez votre email.")).toBeVisible();

    await signIn(page, account.email, account.password);
    await expect(toast(page, "Connexion réussie !")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour, ${account.firstName} !`);
    await expect(page.getByText(userType === "parent" ? "Espace parent" : "Espace baby-sitter")).toBeVisible();
    const quickLinks = page.getByRole("main").getByRole("list").last();
    if (userType === "parent") {
      await expect(quickLinks.getByRole("link", { name: "Mes favoris" })).toHaveAttribute("href", "/favorites");
    } else {
      await expect(quickLinks.getByRole("link", { name: "Mon profil" })).toHaveAttribute("href", "/profile");
      await expect(quickLinks.getByRole("link", { name: "Mes favoris" })).toHaveCount(0);
    }

    // The session is real: a reload keeps it (GET /api/me with the cookie).
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour, ${account.firstName} !`);

    await userMenuButton(page).click();
    await expect(page.getByRole("link", { name: "Administration", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Inscription" })).toBeVisible();

    // Signed out for real: the dashboard is protected again.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
}

test("signing in with a wrong password shows the server's message", async ({ page }) => {
  await signIn(page, "nobody-here@example.com", "Wrong-password-1");
  await expect(toast(page, "Email ou mot de passe incorrect")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("Google and Facebook buttons show only for a provider the server has keys for", async ({ page, request }) => {
  const config = (await (await request.get("/api/config")).json()) as { oauth: { google: boolean; facebook: boolean } };
  expect(config.oauth, "the e2e stack runs without Google or Facebook keys").toEqual({
    google: false,
    facebook: false,
  });
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /Continuer avec (Google|Facebook)/ })).toHaveCount(0);
  }
});
