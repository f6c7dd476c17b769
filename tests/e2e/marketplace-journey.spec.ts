// The marketplace end to end across its features, in Chromium: a babysitter who has just registered
// in Lyon is not listed until her profile is complete (her own rate, availability, a presentation:
// her dashboard's checklist leads to each field), then search finds her with her new rate; a
// signed-out visitor's heart on a search card leads to /login and back, the new parent's favourite
// survives a reload and shows on /favorites; the profile opened from the card (same tab, Back returns
// to the results) offers 'Réserver', which opens the booking form for her. (booking.spec.ts walks
// the booking itself, both sides.)
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

test("a new Lyon babysitter completes her profile from the checklist and shows in search; a visitor's heart goes through /login and persists; the profile leads to booking", async ({
  page,
  request,
}) => {
  const sitter = await registered(request, "babysitter", "Lyon");
  const name = `${sitter.firstName} ${sitter.lastName}`;
  const searchForHer = `/search?location=${encodeURIComponent("Lyon (69)")}&q=${encodeURIComponent(sitter.lastName)}`;

  // Just registered: not listed, and her dashboard says what is missing.
  await page.goto(searchForHer);
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 2, name: "Aucune baby-sitter trouvée" })).toBeVisible();
  await signIn(page, sitter.email, sitter.password);
  await page.waitForURL("**/dashboard");
  const checklist = page.getByRole("region", { name: "Complétez votre profil pour apparaître dans la recherche" });
  await expect(checklist.getByRole("link")).toHaveText([
    "Choisir votre tarif horaire",
    "Rédiger votre présentation",
    "Indiquer vos disponibilités",
  ]);

  // Her babysitter tab, from the checklist: a rate nobody else in the demo world has, and a slot.
  await checklist.getByRole("link", { name: "Choisir votre tarif horaire" }).click();
  await waitForApp(page);
  await expect(page.getByLabel("Tarif horaire (€)")).toBeFocused();
  await page.getByLabel("Tarif horaire (€)").fill("23,75");
  await page.getByRole("button", { name: /^Ajouter un créneau le mercredi$/i }).click();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Profil baby-sitter mis à jour")).toBeVisible();
  await page.goto("/dashboard");
  await waitForApp(page);
  await expect(checklist.getByRole("link")).toHaveText(["Rédiger votre présentation"]);

  await checklist.getByRole("link", { name: "Rédiger votre présentation" }).click();
  await waitForApp(page);
  await expect(page.getByLabel(/^Présentation/)).toBeFocused();
  await page.getByLabel(/^Présentation/).fill("Étudiante en éducation, patiente et joueuse.");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Profil mis à jour")).toBeVisible();
  await page.goto("/dashboard");
  await waitForApp(page);
  await expect(page.getByText("Votre profil est complet : les parents vous trouvent dans la recherche.")).toBeVisible();
  await signOut(page);

  // A visitor searches around Lyon for her name: the card carries the new rate.
  await page.goto(searchForHer);
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

  // Her profile from the search card, in the same tab, offers 'Réserver' to the booking form; Back
  // from it returns to the same results.
  await page.goto(searchUrl);
  await waitForApp(page);
  await card.getByRole("link", { name: `Voir le profil de ${name}` }).click();
  await expect(page).toHaveURL(/\/babysitter\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("button", { name: `Favori : ${name}` })).toHaveAttribute("aria-pressed", "true");
  await page.goBack();
  await expect(page).toHaveURL(searchUrl);
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: `Voir le profil de ${name}` }).click();
  await page.getByRole("link", { name: "Réserver" }).click();
  await page.waitForURL(/\/booking\/[\w-]+$/);
  await expect(page.getByText(name).first()).toBeVisible();
});
