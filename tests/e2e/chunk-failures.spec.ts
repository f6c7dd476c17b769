// Code that cannot be fetched (offline, or a chunk a deploy replaced) takes down only the part of the
// page that needed it, and is fetched again at the next try, without a reload: a page's own chunk
// gives the error screen, whose 'Retour à l'accueil' leads home and whose page then opens from the
// same link; the search's map chunk gives a line under the results, the list keeps working, and the
// map opens when asked again. On a first visit, a page whose chunk fails still starts the app (it
// stayed inert, never live): the error screen, whose 'Recharger la page' then opens the page.
// (The toasts' chunk: language-offline.spec.ts.)
import { expect, failFirstRequest, test, waitForApp } from "./fixtures";

test("a page whose code cannot be fetched shows the error screen; from it, home, and the same link opens the page", async ({
  page,
}) => {
  await page.goto("/");
  await waitForApp(page);
  const requests = await failFirstRequest(page, /\/assets\/login-page-[\w-]+\.js$/);
  const signIn = page.getByRole("banner").getByRole("link", { name: "Connexion", exact: true });

  await signIn.click();
  await expect(page.getByRole("heading", { level: 1, name: "Une erreur est survenue" })).toBeVisible();
  await expect(page.getByText("La page n'a pas pu s'afficher. Rechargez-la ou revenez à l'accueil.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Recharger la page" })).toBeVisible();

  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await signIn.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  expect(requests.count).toBe(2);
});

test("a map whose code cannot be fetched says so; the list keeps working, and the map opens when asked again", async ({
  page,
}) => {
  await page.goto("/search");
  await waitForApp(page);
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const requests = await failFirstRequest(page, /\/assets\/results-map-[\w-]+\.js$/);
  const view = page.getByRole("group", { name: "Affichage" });

  await view.getByRole("button", { name: "Carte" }).click();
  await expect(page.getByText("La carte n'a pas pu se charger.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible(); // the rest of the page stays

  await view.getByRole("button", { name: "Liste" }).click();
  await expect(cards.first()).toBeVisible();
  await view.getByRole("button", { name: "Carte" }).click();
  const map = page.getByRole("region", { name: "Carte des baby-sitters trouvées" });
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(page.getByText("La carte n'a pas pu se charger.")).toBeHidden();
  expect(requests.count).toBe(2);
});

test("a first visit whose page code cannot be fetched shows the error screen, and 'Recharger la page' opens the page", async ({
  page,
}) => {
  const requests = await failFirstRequest(page, /\/assets\/login-page-[\w-]+\.js$/);
  await page.goto("/login");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Une erreur est survenue" })).toBeVisible();

  await page.getByRole("button", { name: "Recharger la page" }).click();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeEnabled();
  await page.getByLabel("Email").fill("parent@veilleuse.fr");
  await expect(page.getByLabel("Email")).toHaveValue("parent@veilleuse.fr");
  expect(requests.count).toBe(2);
});
