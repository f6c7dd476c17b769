// Language rule: stored choice, else English for an English browser, else French.
import { expect, failFirstRequest, test, toast, waitForApp } from "./fixtures";

test("switching to English applies at once and persists across a reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();

  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "veilleuse.lang")?.value).toBe("en");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A trusted babysitter, found in minutes");

  // The frameless pages carry the switcher too.
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test.describe("an English browser without a stored choice", () => {
  test.use({ locale: "en-GB" });
  test("gets English", async ({ page }) => {
    await page.goto("/register");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  });
});

test("server messages follow the chosen language (Accept-Language on every call)", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "English" }).click();
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Wrong-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("[data-sonner-toast]", { hasText: "Incorrect email or password" })).toBeVisible();
});

test("a language whose texts fail to load says so and changes nothing; a second click switches", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  // The frame's English texts, a chunk of their own: the first request for it fails, as offline.
  const requests = await failFirstRequest(page, /\/assets\/frame-en-[\w-]+\.js$/);
  const english = page.getByRole("banner").getByRole("button", { name: "English" });

  await english.click();
  await expect(
    toast(page, "La langue n'a pas pu être changée. Vérifiez votre connexion puis réessayez."),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(english).toHaveAttribute("aria-pressed", "false");
  expect((await page.context().cookies()).find((cookie) => cookie.name === "veilleuse.lang")?.value).not.toBe("en");

  await english.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === "veilleuse.lang")?.value).toBe("en");
  expect(requests.count).toBe(2);
});
