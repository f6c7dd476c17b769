// What a first visitor meets: a quiet console, a quick sign-in, signed-in users kept out of the
// sign-in pages, one toast per message that never covers the header, targets large enough to hit
// (WCAG 2.2 2.5.8), a mobile menu that Escape closes, and names that say what buttons show (2.5.3).
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  expect,
  newAccount,
  registerThroughWizard,
  signIn,
  smallTargets,
  test,
  toast,
  ownClientAddress,
  userMenuButton,
  registerThroughApi,
  resetLinkFor,
} from "./fixtures";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

const PUBLIC_PAGES = ["/", "/login", "/register", "/search"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const parent = DEMO_ACCOUNTS.parent;

/** Lets React commit what the last event scheduled (two frames). */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

test("a signed-out visitor's pages log no console error or warning (being signed out is not an error)", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on(
    "console",
    (message) => ["error", "warning"].includes(message.type()) && errors.push(`${page.url()}: ${message.text()}`),
  );
  for (const path of PUBLIC_PAGES) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("sign-in goes straight to the dashboard with the profile it received (no second session round trip)", async ({
  page,
}) => {
  await page.goto("/login", { waitUntil: "networkidle" }); // the signed-out check is answered
  const sessionCalls: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/me" || path === "/api/auth/get-session") sessionCalls.push(path);
  });
  await signIn(page, parent.email, parent.password);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour, ${parent.firstName} !`);
  await page.waitForLoadState("networkidle");
  expect(sessionCalls).toEqual([]);
});

test("a signed-in user opening /login or /register lands on the dashboard; the home hero offers it", async ({
  page,
}) => {
  await signIn(page, parent.email, parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour, ${parent.firstName} !`);
  }
  await page.goto("/");
  const hero = page.locator("section").first();
  await expect(hero.getByRole("link", { name: "Mon tableau de bord" })).toHaveAttribute("href", "/dashboard");
  await expect(hero.getByRole("link", { name: "Créer un compte" })).toHaveCount(0);
});

test("the same message twice makes one toast, whose close button is labelled in French and large enough", async ({
  page,
}) => {
  await page.goto("/login");
  const submit = page.getByRole("button", { name: "Se connecter" });
  await submit.click();
  await expect(toast(page, "Email requis")).toBeVisible();
  await submit.click();
  await settle(page);
  await expect(toast(page, "Email requis")).toHaveCount(1);
  const close = toast(page, "Email requis").getByRole("button", { name: "Fermer la notification" });
  // The target's own size in CSS pixels, as WCAG measures it: a bounding box would also carry the
  // toast's entrance transform (a scale a hair under 1 while it settles).
  const size = await close.evaluate((button: HTMLElement) => [button.offsetWidth, button.offsetHeight]);
  expect(size[0]).toBeGreaterThanOrEqual(24);
  expect(size[1]).toBeGreaterThanOrEqual(24);
});

test("the account menu opened under the sign-in toast stays on top: each of its links is what a click there hits", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, parent.email, parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await userMenuButton(page).click();
  const note = toast(page, "Connexion réussie");
  await expect(note).toBeVisible();
  const menu = page
    .getByRole("banner")
    .getByRole("list")
    .filter({ has: page.getByRole("link", { name: "Profil", exact: true }) });
  await expect(menu).toBeVisible();
  await page.waitForTimeout(600); // sonner's slide-in lasts 400 ms
  const [toastBox, menuBox] = [await note.boundingBox(), await menu.boundingBox()];
  expect(overlap(toastBox!, menuBox!), "the toast and the menu share some screen").toBe(true);

  const hits = await menu.getByRole("link").evaluateAll((links) =>
    links.map((link) => {
      const box = link.getBoundingClientRect();
      return link.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    }),
  );
  expect(hits.length).toBeGreaterThan(1);
  expect(hits.every(Boolean), "every link is on top at its centre").toBe(true);
  await menu.getByRole("link", { name: "Profil", exact: true }).click();
  await expect(page).toHaveURL(/\/profile/);
});

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("an empty password is worded the same on every form, named like 'Email requis'", async ({ page }) => {
  const passwordMessage = () => page.locator("form").getByText("Mot de passe requis");
  await page.goto("/login");
  await page.getByLabel("Email").fill("camille.martin@example.com");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(passwordMessage()).toBeVisible();
  await expect(toast(page, "Mot de passe requis")).toBeVisible(); // the toast names the field too

  // The reset form shows for a live link only: one asked for a new account.
  const account = newAccount("parent");
  await registerThroughApi(page.request, account);
  // With the Origin the app's own fetch sends: the page's cookies (the language choice) ride along,
  // and better-auth refuses a request with cookies and no Origin (its CSRF check).
  const asked = await page.request.post("/api/auth/request-password-reset", {
    data: { email: account.email, redirectTo: "/reset-password" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(asked.status()).toBe(200);
  await page.goto(await resetLinkFor(account.email));
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(passwordMessage()).toBeVisible();

  await registerThroughWizard(page, { ...newAccount("parent"), password: "" });
  await expect(passwordMessage()).toBeVisible();
  await expect(page.locator("form").getByText("Ce champ est obligatoire")).toHaveCount(0);
});

for (const [device, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`on a ${device}, a toast covers neither the header nor the language switch`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The frameless sign-in page (a toast for the empty form) and a framed page (a failed request).
    await page.goto("/login");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expectToastBelowHeader(page, "/login");
    await page.goto("/forgot-password");
    await page.route("**/api/auth/request-password-reset", (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByRole("textbox", { name: "Email" }).fill("personne@example.com");
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expectToastBelowHeader(page, "/forgot-password");
  });

  test(`on a ${device}, every link, button and checkbox label of /, /login and /register is at least 24 px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of ["/", "/login", "/register"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await smallTargets(page), path).toEqual([]);
    }
  });
}

async function expectToastBelowHeader(page: Page, path: string) {
  const note = page.locator("[data-sonner-toast]").first();
  await expect(note).toBeVisible();
  await page.waitForTimeout(600); // sonner's slide-in lasts 400 ms
  const header = await page.getByRole("banner").boundingBox();
  const box = await note.boundingBox();
  expect(header && box, `${path}: header and toast are on screen`).toBeTruthy();
  expect(box!.y, `${path}: the toast starts below the header`).toBeGreaterThanOrEqual(header!.y + header!.height);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the signed-out header shows Connexion and Inscription without opening the menu", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Inscription" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Ouvrir le menu" })).toBeVisible();
  });

  test("Escape closes the mobile menu and gives focus back to its button", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link").first().focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toBeFocused();
  });
});

test("every button's and link's accessible name contains the text it shows (WCAG 2.5.3)", async ({ page }) => {
  for (const path of ["/", "/login", "/register"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const mismatches = await page.evaluate(() => {
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      // As a whole word: "Français" does not contain the shown "FR" for a speech-input user.
      const namesShownText = (name: string, shown: string) =>
        new RegExp(`(^|\\P{L})${escape(shown)}($|\\P{L})`, "iu").test(name);
      return [...document.querySelectorAll<HTMLElement>("a[aria-label], button[aria-label]")]
        .map((element) => ({ shown: element.innerText.trim(), name: element.getAttribute("aria-label") ?? "" }))
        .filter(({ shown, name }) => shown && !namesShownText(name, shown))
        .map(({ shown, name }) => `"${shown}" named "${name}"`);
    });
    expect(mismatches, path).toEqual([]);
  }
  await expect(page.getByRole("banner").getByRole("button", { name: /EN.*English/ })).toBeVisible();
});
