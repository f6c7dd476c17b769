// The app works under its strict Content-Security-Policy: no page reports a violation, in the
// document (securitypolicyviolation events) or in the console.
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { expect, signIn, test, toast, watchViolations } from "./fixtures";

test("/, /login, /register and /dashboard run without a CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("link", { name: "Créer un compte" }).first()).toBeVisible();
  expect(await violations.list()).toEqual([]);

  await page.goto("/register");
  await expect(page.getByRole("radio", { name: /Parent/ })).toBeVisible();
  expect(await violations.list()).toEqual([]);

  await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour, ${DEMO_ACCOUNTS.parent.firstName} !`);
  expect(await violations.list()).toEqual([]);
  expect(violations.console).toEqual([]);
});

test("a toast (whose styles are injected at run time) shows under the policy", async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, "personne.inconnue@example.com", "Mauvais-mot-1");
  await expect(toast(page, "Email ou mot de passe incorrect")).toBeVisible();
  await expect(toast(page, "Email ou mot de passe incorrect")).toHaveCSS("position", "absolute");
  expect(await violations.list()).toEqual([]);
  expect(violations.console).toEqual([]);
});

test("the page cannot be framed and sends no referrer", async ({ page }) => {
  const response = await page.goto("/reset-password?token=abc");
  expect(response?.headers()["x-frame-options"]).toBe("DENY");
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(await page.evaluate(() => document.referrer)).toBe("");
});
