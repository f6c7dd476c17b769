// The whole reset, as a user lives it: ask on /forgot-password, open the emailed link, choose a new
// password, sign in with it; a browser that was signed in before is signed out.
import {
  expect,
  newAccount,
  queryStackDb,
  registerThroughApi,
  signIn,
  test,
  toast,
  ownClientAddress,
  resetLinkFor,
} from "./fixtures";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

test("forgot password → emailed link → new password → signed in; the old session is gone", async ({
  page,
  browser,
  baseURL,
}) => {
  const account = newAccount("parent");
  await registerThroughApi(page.request, account);

  // Another browser is signed in before the reset.
  const other = await browser.newContext({ baseURL, locale: "fr-FR" });
  const otherPage = await other.newPage();
  await signIn(otherPage, account.email, account.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();

  const link = await resetLinkFor(account.email);
  expect(link.startsWith(`${baseURL}/api/auth/reset-password/`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("Nouveau mot de passe").fill("Nouveau2026x");
  await page.getByLabel("Confirmer le mot de passe").fill("Nouveau2026x");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(toast(page, "Mot de passe modifié. Vous pouvez vous connecter.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account.email, "Nouveau2026x");
  await expect(page).toHaveURL(/\/dashboard$/);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});

test("an expired link says so as it opens and sends a new one; a used link says it served already", async ({
  page,
}) => {
  const account = newAccount("parent");
  await registerThroughApi(page.request, account);
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
  const link = await resetLinkFor(account.email);

  // An hour later (the link's life): no password to type twice, the reason at once, a new link.
  const token = link.match(/reset-password\/([^?]+)/)![1];
  await queryStackDb("UPDATE verification SET expires_at = ? WHERE identifier = ?", [
    Date.now() - 60_000,
    `reset-password:${token}`,
  ]);
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(/Ce lien de réinitialisation a expiré \(il est valable 1 heure\)/);
  await expect(page.getByLabel("Nouveau mot de passe")).toHaveCount(0);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
  let fresh = link;
  await expect.poll(async () => (fresh = await resetLinkFor(account.email)), { timeout: 10_000 }).not.toBe(link);

  // The new link works once; opened again, it has served.
  await page.goto(fresh);
  await page.getByLabel("Nouveau mot de passe").fill("Nouveau2026x");
  await page.getByLabel("Confirmer le mot de passe").fill("Nouveau2026x");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(fresh);
  await expect(page.getByRole("alert")).toHaveText(/Ce lien de réinitialisation n'est pas valide ou a déjà servi/);
  await expect(page.getByLabel("Nouveau mot de passe")).toHaveCount(0);
});
