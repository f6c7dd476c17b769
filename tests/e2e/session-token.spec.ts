// In a browser, the session lives in an HttpOnly cookie only: no script on the page can read a
// session token, not from the cookie, nor from the sign-in answer, nor from get-session.
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { expect, signIn, test } from "./fixtures";

test("a signed-in page can read no session token", async ({ page }) => {
  const signInAnswer = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
  await signIn(page, DEMO_ACCOUNTS.babysitter.email, DEMO_ACCOUNTS.babysitter.password);
  const answer = await signInAnswer;
  expect(answer.status()).toBe(200);
  expect(await answer.headerValue("set-auth-token")).toBeNull();
  await expect(page).toHaveURL(/\/dashboard$/);

  expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
  const session: { user: { email: string }; session: object } = await page.evaluate(async () =>
    (await fetch("/api/auth/get-session")).json(),
  );
  expect(session.user.email).toBe(DEMO_ACCOUNTS.babysitter.email);
  expect(session.session).not.toHaveProperty("token");
  expect(await page.evaluate(() => localStorage.getItem("veilleuse.token"))).toBeNull();
});
