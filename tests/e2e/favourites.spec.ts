// /favorites on the database (persisted): the demo parent's favourites, one added through the API,
// the server-side filter, removal, reload, the heart toggle sending an expired session to /login
// and back, the empty state, French and English, and axe.
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb,
  realtimeInSync,
  registerThroughApi,
  signIn,
  test,
  toast,
  waitForApp,
  readsEnglish,
} from "./fixtures";

const parent = DEMO_ACCOUNTS.parent;
test.use({ extraHTTPHeaders: ownClientAddress() });

type Sitter = { id: string; first_name: string; last_name: string; city: string };

/** A public babysitter the demo parent has not favourited, whose name and city no favourite shares. */
async function sitterToAdd(favouriteIds: string[]): Promise<Sitter> {
  const rows = await queryStackDb(
    `SELECT id, first_name, last_name, city FROM profiles
     WHERE user_type = 'babysitter' AND profile_visibility = 'public' AND city IS NOT NULL AND city <> 'Paris'
     ORDER BY id LIMIT 50`,
  );
  const sitter = rows.find((row) => !favouriteIds.includes(String(row.id)));
  if (!sitter) throw new Error("no babysitter left to add");
  return sitter as unknown as Sitter;
}

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });

test("the demo parent adds a favourite through the API, finds it on /favorites, filters, removes it, and it stays removed", async ({
  page,
}) => {
  await signIn(page, parent.email, parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = (await (await page.request.get("/api/favourites/ids")).json()).ids as string[];
  const sitter = await sitterToAdd(before);
  const name = `${sitter.first_name} ${sitter.last_name}`;
  expect((await page.request.put(`/api/favourites/${sitter.id}`)).status()).toBe(200);

  await page.goto("/favorites");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Mes favoris" })).toBeVisible();
  await expect(cards(page)).toHaveCount(before.length + 1);
  await expect(cards(page).first().getByRole("heading", { level: 2 })).toHaveText(name); // newest first
  await expect(page.getByText(`${before.length + 1} baby-sitters en favoris`)).toBeVisible();
  const newest = card(page, name);
  await expect(newest.getByRole("button", { name: `Favori : ${name}` })).toHaveAttribute("aria-pressed", "true");
  const profileLink = newest.getByRole("link", { name: /^Voir le profil/ });
  await expect(profileLink).toHaveAttribute("href", `/babysitter/${sitter.id}`);
  expect(await profileLink.getAttribute("target")).toBeNull(); // same tab: Back returns to the list

  // The filter goes to the server (accents and case folded) and stays in the URL.
  const filter = page.getByLabel("Filtrer par nom ou ville");
  const folded = sitter.last_name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
  const filtered = page.waitForResponse((r) => r.url().includes("/api/favourites?q="));
  await filter.fill(folded);
  expect((await filtered).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(folded)}`));
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(name);

  await filter.fill("zzz aucune");
  await expect(page.getByText("Aucun favori ne correspond à « zzz aucune »")).toBeVisible();
  await page.getByRole("button", { name: "Effacer le filtre" }).click();
  await expect(cards(page)).toHaveCount(before.length + 1);

  // Favourites are persisted: a reload shows the same list.
  await page.reload();
  await expect(card(page, name)).toBeVisible();

  await card(page, name)
    .getByRole("button", { name: `Retirer ${name} des favoris` })
    .click();
  await expect(toast(page, "Retiré des favoris")).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
  await expect(cards(page)).toHaveCount(before.length);
  await page.reload();
  await expect(cards(page)).toHaveCount(before.length);
  await expect(card(page, name)).toHaveCount(0);
  expect((await (await page.request.get("/api/favourites/ids")).json()).ids).toEqual(before);

  expect((await blockingViolations(page)).blocking).toEqual([]);
});

test("the heart removes a favourite with its toast, and an expired session goes to /login and back", async ({
  page,
  context,
}) => {
  await signIn(page, parent.email, parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const ids = (await (await page.request.get("/api/favourites/ids")).json()).ids as string[];
  const sitter = await sitterToAdd(ids);
  expect((await page.request.put(`/api/favourites/${sitter.id}`)).status()).toBe(200);
  const name = `${sitter.first_name} ${sitter.last_name}`;

  const socketInSync = realtimeInSync(page);
  await page.goto("/favorites");
  await waitForApp(page);
  const heart = card(page, name).getByRole("button", { name: `Favori : ${name}` });
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // The header's socket has its ticket: only the heart's own request meets the ended session.
  await socketInSync;

  // The session ends (cookie gone): pressing the heart says so and goes to sign in, then back here.
  await context.clearCookies();
  await heart.click();
  await expect(toast(page, "Session expirée, veuillez vous reconnecter")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, parent.email, parent.password);
  await expect(page).toHaveURL(/\/favorites$/);
  // Nothing was changed behind the user's back: the favourite is still there, heart pressed.
  await expect(card(page, name).getByRole("button", { name: `Favori : ${name}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await card(page, name)
    .getByRole("button", { name: `Favori : ${name}` })
    .click();
  await expect(toast(page, "Retiré des favoris")).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
  expect((await (await page.request.get("/api/favourites/ids")).json()).ids).not.toContain(sitter.id);
});

test("in English: the cards, the filter's empty state and the toasts", async ({ page }) => {
  await readsEnglish(page.context());
  await page.goto("/login");
  await page.getByLabel("Email").fill(parent.email);
  await page.getByLabel("Password", { exact: true }).fill(parent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const ids = (await (await page.request.get("/api/favourites/ids")).json()).ids as string[];
  const sitter = await sitterToAdd(ids);
  expect((await page.request.put(`/api/favourites/${sitter.id}`)).status()).toBe(200);
  const name = `${sitter.first_name} ${sitter.last_name}`;

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "My favourites" })).toBeVisible();
  await expect(card(page, name).getByRole("link", { name: /^View profile/ })).toBeVisible();
  await page.getByLabel("Filter by name or city").fill("zzz nothing");
  await expect(page.getByText("No favourite matches “zzz nothing”")).toBeVisible();
  await page.getByRole("button", { name: "Clear the filter" }).click();
  await card(page, name)
    .getByRole("button", { name: `Remove ${name} from favourites` })
    .click();
  await expect(toast(page, "Removed from favourites")).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
});

test("a parent without favourites sees the empty state that leads to /search", async ({ page }) => {
  const account = newAccount("parent");
  await registerThroughApi(page.request, account);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The skeleton shows while the list loads.
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route("**/api/favourites", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/favorites");
  await expect(page.getByRole("status", { name: "Chargement de vos favoris…" })).toBeVisible();
  release();
  await expect(page.getByText("Vous n'avez pas encore de favoris")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Rechercher une baby-sitter" })).toHaveAttribute(
    "href",
    "/search",
  );
  expect((await blockingViolations(page)).blocking).toEqual([]);
});

test("a babysitter on /favorites is told favourites are for parents", async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.babysitter.email, DEMO_ACCOUNTS.babysitter.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/favorites");
  await expect(page.getByText("Les favoris sont réservés aux parents")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Aller au tableau de bord" })).toHaveAttribute(
    "href",
    "/dashboard",
  );
});
