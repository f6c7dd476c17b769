// The renderer as the desktop app runs it: window.veilleuse present (as the preload defines it), so
// the API client keeps the bearer token from `set-auth-token` and sends it on every call. The real
// renderer runs at app://veilleuse, whose Origin is the only browser origin handed a bearer token;
// the test page's API calls carry it as the desktop app's would.
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import type { Page } from "@playwright/test";
import { secretOf, totp } from "../totp";
import { expect, queryStackDb, signedInNewParent, signIn, test, userMenuButton } from "./fixtures";

/** The page as the desktop app's renderer: the bridge the preload defines, and its API calls' Origin. */
async function asDesktopApp(page: Page, apiOrigin: string) {
  await page.addInitScript((origin) => {
    Object.defineProperty(window, "veilleuse", {
      value: Object.freeze({
        platform: "desktop",
        version: "e2e",
        apiOrigin: origin,
        openExternal: async () => undefined,
      }),
    });
  }, apiOrigin);
  await page.route("**/api/**", async (route) => {
    const response = await route.fetch({ headers: { ...route.request().headers(), origin: "app://veilleuse" } });
    // A navigation (sign-out) may cancel the page's request while we fetched it: nothing to answer then.
    await route.fulfill({ response }).catch((error: Error) => {
      if (!/disposed|closed/i.test(error.message)) throw error;
    });
  });
}

// A request still in flight when a test ends (the dashboard's unread count, say) must not fail the
// next test with "route.fetch: Test ended": the handlers go, and their pending calls are dropped.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("with the desktop bridge, the session rides on the bearer token, and sign-out forgets it", async ({
  page,
  context,
  baseURL,
}) => {
  await asDesktopApp(page, baseURL!);

  await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem("veilleuse.token"));
  expect(token).toBeTruthy();

  // Without any cookie, the bearer token alone keeps the user signed in.
  await context.clearCookies();
  const me = page.waitForRequest((r) => r.url().endsWith("/api/auth/get-session"));
  await page.reload();
  expect((await me).headers()["authorization"]).toBe(`Bearer ${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour, ${DEMO_ACCOUNTS.parent.firstName} !`);

  await userMenuButton(page).click();
  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("veilleuse.token"))).toBeNull();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("in the desktop app, an admin signing in lands on the console; a parent on her dashboard", async ({
  page,
  baseURL,
}) => {
  await asDesktopApp(page, baseURL!);
  // The app opens on /login (desktop/bridge.ts DESKTOP_START_PATH).
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord");
  // Opened again while signed in, the start page moves on to the console at once.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/admin$/);
});

test("in the desktop app, an agency manager signing in lands on her agency space", async ({ page, baseURL }) => {
  await asDesktopApp(page, baseURL!);
  await signIn(page, DEMO_ACCOUNTS.agency.email, DEMO_ACCOUNTS.agency.password);
  await expect(page).toHaveURL(/\/agency$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Équipe");
  await expect(page.getByText("Espace agence · Les Lucioles")).toBeVisible();
  // The demo agency's team holds the demo babysitter.
  await expect(
    page.getByText(`${DEMO_ACCOUNTS.babysitter.firstName} ${DEMO_ACCOUNTS.babysitter.lastName}`),
  ).toBeVisible();
});

test("in the desktop app, an admin with two-factor on lands on the console once her code is checked", async ({
  page,
  baseURL,
}) => {
  // A new account made admin, with two-factor set up through the API as the settings page does.
  const account = await signedInNewParent(page);
  await queryStackDb("UPDATE profiles SET user_type = 'admin' WHERE email = ?", [account.email]);
  // better-auth checks the Origin of a request that changes the account, as a browser sends it.
  const headers = { origin: baseURL! };
  const setup = await page.request.post("/api/auth/two-factor/enable", {
    data: { password: account.password },
    headers,
  });
  expect(setup.status()).toBe(200);
  const secret = secretOf((await setup.json()).totpURI);
  expect(
    (await page.request.post("/api/auth/two-factor/verify-totp", { data: { code: totp(secret) }, headers })).status(),
  ).toBe(200);
  await page.context().clearCookies();

  await asDesktopApp(page, baseURL!);
  await signIn(page, account.email, account.password);
  await expect(page.getByRole("heading", { name: "Vérification en deux étapes" })).toBeVisible();
  await page.getByLabel("Code de vérification").fill(totp(secret));
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord");
});
