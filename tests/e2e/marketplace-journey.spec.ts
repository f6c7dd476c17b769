// The marketplace end to end across its features, in Chromium: a babysitter who has just registered
// in Lyon edits her babysitter tab and is found by search with her new rate at once; a signed-out
// visitor's heart on a search card leads to /login and back, the new parent's favourite survives a
// reload and shows on /favorites; the profile opened from the card offers 'Réserver', which opens
// the booking form for her. (booking.spec.ts walks the booking itself, both sides.)
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, newAccount, registerThroughApi, signIn, test, toast, waitForApp, ownClientAddress } from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

/** Registers an account through the API (the wizard has its own tests) and returns it. */
async function registered(request: APIRequestContext, userType: "parent" | "babysitter", city: string) {
  const account = { ...newAccount(userType), city };
  await registerThroughApi(request, account);
  return account;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("a new Lyon babysitter's tab shows in search at once; a visitor's heart goes through /login and persists; the profile leads to booking", async ({
  page,
  request,
  context,
}) => {
  const sitter = await registered(request, "babysitter", "Lyon");
  const name = `${sitter.firstName} ${sitter.lastName}`;

  // Her babysitter tab: a rate nobody else in the demo world has.
  await signIn(page, sitter.email, sitter.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/profile");
  await waitForApp(page);
  await page.getByRole("tab", { name: "Profil baby-sitter" }).click();
  await page.getByLabel("Tarif horaire (€)").fill("23,75");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Profil baby-sitter mis à jour")).toBeVisible();
  await signOut(page);

  // A visitor searches around Lyon for her name: the card carries the new rate.
  await page.goto(`/search?location=${encodeURIComponent("Lyon (69)")}&q=${encodeURIComponent(sitter.lastName)}`);
  await waitForApp(page);
  const card = page.getByRole("main").getByRole("article").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText("23,75");

  // The heart sends the visitor to /login, and back to this search once signed in.
  const searchUrl = page.url();
  await card.getByRole("button", { name: `Favori : ${name}` }).click();
  await page.waitForURL("**/login");
  const parent = await registered(request, "parent", "Lyon");
  await signIn(page, parent.email, parent.password);
  await page.waitForURL(searchUrl);
  await waitForApp(page);
  const heart = card.getByRole("button", { name: `Favori : ${name}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(toast(page, "Ajouté aux favoris")).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  // Persisted: after a reload, and on /favorites.
  await page.reload();
  await waitForApp(page);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await page.goto("/favorites");
  await waitForApp(page);
  await expect(page.getByRole("main").getByRole("article").filter({ hasText: name })).toBeVisible();

  // Her profile from the search card, in a new tab, offers 'Réserver' to the booking form.
  await page.goto(searchUrl);
  await waitForApp(page);
  const [profileTab] = await Promise.all([
    context.waitForEvent("page"),
    card.getByRole("link", { name: `Voir le profil de ${name} (nouvel onglet)` }).click(),
  ]);
  await waitForApp(profileTab);
  await expect(profileTab).toHaveURL(/\/babysitter\/[\w-]+$/);
  await expect(profileTab.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(profileTab.getByRole("button", { name: `Favori : ${name}` })).toHaveAttribute("aria-pressed", "true");
  await profileTab.getByRole("link", { name: "Réserver" }).click();
  await profileTab.waitForURL(/\/booking\/[\w-]+$/);
  await expect(profileTab.getByText(name).first()).toBeVisible();
});
