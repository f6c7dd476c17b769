// The admin console's frame as the demo admin uses it, by clicks and keys: in through the header's
// account menu, the badge, axe, a section found by a word of its description (the title and the
// address follow), the empty search, Help, the sidebar collapsed to icons (names as tooltips on
// keyboard focus; its search widens it again) and still narrow after a reload, widened again, a
// phone's width (no sideways scroll, the menu behind 'Sections'), and sign-out from the sidebar to
// /. A parent's 'Accès refusé' and the signed-out redirect are guards.spec.ts's.
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import { expect, ownClientAddress, test, userMenuButton, waitForApp } from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in is limited per address: this file's own, so other files' sign-ins never count against it.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PHONE = { width: 390, height: 844 };

test("an admin finds a section by its description, keeps the sidebar narrow across a reload, and signs out from it", async ({
  page,
}) => {
  await signInAs(page, "admin");
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText("Tableau de bord");
  await expect(page).toHaveTitle("Tableau de bord · Administration · Veilleuse");
  const sidebar = page.getByRole("complementary");
  const { firstName, lastName } = DEMO_ACCOUNTS.admin;
  await expect(sidebar.getByText(`${firstName} ${lastName}`)).toBeVisible();
  await expect(sidebar.getByText("Administrateur", { exact: true })).toBeVisible();
  expect((await blockingViolations(page)).blocking).toEqual([]);

  // 'rembours' is in the Subscriptions section's description only, not in any name.
  const menu = page.getByRole("navigation", { name: "Menu d'administration" });
  const search = sidebar.getByRole("searchbox", { name: "Rechercher une section" });
  await search.fill("rembours");
  await expect(menu.getByRole("link")).toHaveCount(1);
  await menu.getByRole("link", { name: /^Abonnements/ }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(title).toHaveText("Abonnements");
  await expect(page).toHaveTitle("Abonnements · Administration · Veilleuse");
  await expect(search).toHaveValue(""); // the search led somewhere: the menu is whole again
  await expect(menu.getByRole("link")).toHaveCount(10);
  await search.fill("introuvable");
  await expect(menu.getByRole("link")).toHaveCount(0);
  await expect(sidebar.getByRole("status")).toHaveText("Aucune section ne correspond à cette recherche.");

  // Help: a dialog with the technical team's address; Escape closes it.
  await sidebar.getByRole("button", { name: "Aide" }).click();
  const help = page.getByRole("dialog", { name: "Aide de la console" });
  await expect(help.getByRole("link", { name: "equipe-technique@veilleuse.fr" })).toHaveAttribute(
    "href",
    "mailto:equipe-technique@veilleuse.fr",
  );
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // Narrow: icons only; a name shows as a tooltip when its link has the keyboard's focus.
  await sidebar.getByRole("button", { name: "Réduire le menu" }).click();
  const expand = sidebar.getByRole("button", { name: "Agrandir le menu" });
  await expect(expand).toBeFocused();
  await expect(search).toBeHidden();
  expect((await sidebar.boundingBox())!.width).toBeLessThan(100);
  // The link's name, then its tooltip (the name's copy, shown on hover and keyboard focus).
  const tooltip = menu.getByText("Tableau de bord", { exact: true }).last();
  await expect(tooltip).toBeHidden();
  await page.keyboard.press("Tab"); // the narrow menu's search button
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Tableau de bord" })).toBeFocused();
  await expect(tooltip).toBeVisible();

  await page.reload();
  await waitForApp(page);
  await expect(title).toHaveText("Abonnements");
  await expect(expand).toBeVisible();
  await expect(search).toBeHidden();
  // The narrow menu's search button widens it and puts the caret in the box; Enter opens the first match.
  await sidebar.getByRole("button", { name: "Rechercher une section" }).click();
  await expect(search).toBeFocused();
  await page.keyboard.type("comptes");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(title).toHaveText("Utilisateurs");
  await expect(sidebar.getByRole("button", { name: "Réduire le menu" })).toBeVisible();

  // A phone: the page is no wider than the screen, the menu opens with 'Sections' and closes on a link.
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(menu).toBeHidden();
  await sidebar.getByRole("button", { name: "Sections" }).click();
  await menu.getByRole("link", { name: "Audit" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(title).toHaveText("Audit");
  await expect(menu).toBeHidden();
  await sidebar.getByRole("button", { name: "Sections" }).click();

  await sidebar.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeVisible();
});
