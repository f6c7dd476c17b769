// /demo: three scenarios of four steps that advance every 3 s, pause, previous and next, start
// over, a device preview whose width follows the device, the call to action to /register; paused
// from the start when the system asks for less motion; hydrated without an error, in French and in
// English; axe finds nothing serious.
import type { Page } from "@playwright/test";
import { DEMO_AUTO_ADVANCE_MS } from "../../db/constants/demo";
import { blockingViolations } from "./axe";
import { expect, test, waitForApp } from "./fixtures";

/** Console errors and uncaught exceptions (React reports hydration mismatches through both). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const stepRegion = (page: Page) => page.locator("[aria-live]").filter({ hasText: /Étape|Step/ });
const frameWidth = async (page: Page) => (await page.getByRole("figure").boundingBox())!.width;

test("the demo advances by itself, pauses, steps, starts over, switches device and invites to register", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto("/demo");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Veilleuse en trois histoires" })).toBeVisible();
  await expect(page.getByText("Étape 1 sur 4")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Décrivez votre besoin" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Recherche parent" })).toHaveAttribute("aria-pressed", "true");
  await expect(stepRegion(page)).toHaveAttribute("aria-live", "off"); // no announcement every 3 s

  // Auto-advance: the next step after DEMO_AUTO_ADVANCE_MS.
  await expect(page.getByText("Étape 2 sur 4")).toBeVisible({ timeout: DEMO_AUTO_ADVANCE_MS + 2000 });
  await expect(page.getByRole("heading", { level: 2, name: "L'IA compare plus de 50 critères" })).toBeVisible();

  // Pause: nothing moves any more, and the region speaks to screen readers.
  await page.getByRole("button", { name: "Pause" }).click();
  const paused = await page.locator("#demo-step-title").textContent();
  await expect(page.getByRole("button", { name: "Lecture" })).toBeVisible();
  await expect(stepRegion(page)).toHaveAttribute("aria-live", "polite");
  await page.waitForTimeout(DEMO_AUTO_ADVANCE_MS + 500);
  await expect(page.locator("#demo-step-title")).toHaveText(paused!);

  // Next and previous, across scenarios.
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByText("Étape 4 sur 4")).toBeVisible();
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByRole("button", { name: "Profil baby-sitter" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { level: 2, name: "Un profil complet inspire confiance" })).toBeVisible();
  await page.getByRole("button", { name: "Précédent" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Réservez en quelques clics" })).toBeVisible();

  // A scenario and a step chosen directly.
  await page.getByRole("button", { name: "Sécurité par l'IA" }).click();
  await page.getByRole("button", { name: "Étape 3 : Une garde suivie en direct" }).click();
  await expect(page.getByText("Étape 3 sur 4")).toBeVisible();

  // Start over: the scenario's first step, playing again.
  await page.getByRole("button", { name: "Recommencer" }).click();
  await expect(page.getByText("Étape 1 sur 4")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Une identité vérifiée avant la première garde" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.getByText("Étape 2 sur 4")).toBeVisible({ timeout: DEMO_AUTO_ADVANCE_MS + 2000 });

  // The device preview: the frame takes the device's width.
  const devices = page.getByRole("group", { name: "Aperçu" });
  await expect(devices.getByRole("button", { name: "Ordinateur" })).toHaveAttribute("aria-pressed", "true");
  const desktop = await frameWidth(page);
  await devices.getByRole("button", { name: "Mobile" }).click();
  await expect(page.getByRole("figure")).toHaveAttribute("data-device", "mobile");
  await expect.poll(() => frameWidth(page)).toBeLessThanOrEqual(375);
  await devices.getByRole("button", { name: "Tablette" }).click();
  await expect.poll(() => frameWidth(page)).toBeGreaterThan(375);
  const tablet = await frameWidth(page);
  expect(tablet).toBeLessThanOrEqual(768);
  expect(desktop).toBeGreaterThan(tablet);

  await expect(page.getByRole("link", { name: "Créer un compte" })).toHaveAttribute("href", "/register");
  expect((await blockingViolations(page)).blocking).toEqual([]);
  expect(errors).toEqual([]);
});

test("the pre-rendered HTML holds the first step, in French", async ({ request }) => {
  const html = await (await request.get("/demo")).text();
  expect(html).toMatch(/<h1[^>]*>Veilleuse en trois histoires<\/h1>/);
  expect(html).toContain("Décrivez votre besoin");
  expect(html).toContain("Étape 1 sur 4");
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the demo starts paused and says why", async ({ page }) => {
    await page.goto("/demo");
    await waitForApp(page);
    await expect(page.getByText("votre appareil demande moins d'animations")).toBeVisible();
    await expect(page.getByRole("button", { name: "Lecture" })).toBeVisible();
    await page.waitForTimeout(DEMO_AUTO_ADVANCE_MS + 500);
    await expect(page.getByText("Étape 1 sur 4")).toBeVisible();
    await page.getByRole("button", { name: "Lecture" }).click();
    await expect(page.getByText("Étape 2 sur 4")).toBeVisible({ timeout: DEMO_AUTO_ADVANCE_MS + 2000 });
  });
});

test.describe("an English browser", () => {
  test.use({ locale: "en-GB" });
  test("gets the demo in English after hydration, without an error", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/demo");
    await expect(page.getByRole("heading", { level: 1, name: "Veilleuse in three stories" })).toBeVisible();
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByRole("button", { name: "AI safety" }).click();
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Identity checked before the first sitting" }),
    ).toBeVisible();
    await page.getByRole("group", { name: "Preview" }).getByRole("button", { name: "Tablet" }).click();
    await expect(page.getByRole("figure")).toHaveAttribute("data-device", "tablet");
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
    expect(errors).toEqual([]);
  });
});
