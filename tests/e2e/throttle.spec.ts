// Login throttle (enforced by the server): 5 failures in 15 minutes block the account for 30
// minutes; the warning appears when 2 or fewer attempts remain.
import { expect, newAccount, registerThroughApi, signIn, test, toast, ownClientAddress } from "./fixtures";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

test("wrong passwords warn at 2 and 1 attempts left, the 5th blocks for 30 minutes, even the right password", async ({
  page,
  request,
}) => {
  const account = newAccount("parent");
  const { email, password } = account;
  await registerThroughApi(request, account);

  await page.goto("/login");
  // Failures 1-4: refused; from the 3rd on, the warning counts down (2, then 1 attempt left).
  const warnings = ["", "", "Attention: 2 tentative(s) restante(s)", "Attention: 1 tentative(s) restante(s)"];
  for (const [index, warning] of warnings.entries()) {
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
    await signIn(page, email, `Wrong-password-${index}`);
    const response = await answered;
    expect(response.status(), `attempt ${index + 1}`).toBe(401);
    await expect(toast(page, "Email ou mot de passe incorrect").first()).toBeVisible();
    if (warning) await expect(toast(page, warning)).toBeVisible();
    else await expect(toast(page, /tentative\(s\) restante\(s\)/)).toHaveCount(0);
  }

  // The 5th failure uses the last attempt: the account is blocked for 30 minutes at once...
  const fifth = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
  await signIn(page, email, "Wrong-password-4");
  expect((await fifth).status()).toBe(429);
  await expect(toast(page, "Trop de tentatives. Réessayez dans 30 minute(s).").first()).toBeVisible();

  // ...and stays blocked even with the right password.
  const blocked = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
  await signIn(page, email, password);
  expect((await blocked).status()).toBe(429);
  await expect(page).toHaveURL(/\/login$/);
});
