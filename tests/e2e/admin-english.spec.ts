// The console in English, section by section, as an English-speaking admin walks it: the language
// chosen in the header, then each section reached from the sidebar. Each page says where it is in
// English (its title and heading), shows no untranslated key, placeholder or French word of the
// console's own, and passes axe.
import { blockingViolations } from "./axe";
import { expect, ownClientAddress, test } from "./fixtures";
import { signInAs } from "./profile-helpers";

test.use({ extraHTTPHeaders: ownClientAddress() });

const SECTIONS = [
  "Dashboard",
  "Users",
  "Agencies",
  "Subscriptions",
  "Geography",
  "Analytics",
  "Moderation",
  "Verifications",
  "Audit",
  "AI configuration",
] as const;

/** Words of the console's French texts that its English texts never use. */
const FRENCH_WORDS =
  /\b(Rechercher|Période|Exporter|Actualiser|Aucun|Aucune|Voir le tableau|Statut|Tous|Toutes|Précédente|Suivante|Abonnements|Tableau de bord|Utilisateurs|Géographie|Enregistrer|Annuler)\b/;
/** An i18n key or an unfilled placeholder shown as text. */
const RAW_TEXT = /\b(admin|adminShared|validation|errors)\.[a-zA-Z]+\.[\w.]+|\{\{\w+\}\}/;

test("an admin walks every section of the console in English", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "admin");
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  // The header speaks English once the language is switched: its user menu is "User menu (Claire)".
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^User menu/ })
    .click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const menu = page.getByRole("navigation", { name: "Administration menu" });
  const title = page.getByRole("heading", { level: 1 });
  for (const section of SECTIONS) {
    await menu.getByRole("link", { name: new RegExp(`^${section}`) }).click();
    await expect(title).toHaveText(section);
    await expect(page).toHaveTitle(`${section} · Administration · Veilleuse`);
    const main = page.getByRole("main");
    // Loaded: no skeleton left (aria-busy is set while a section's data is on its way).
    await expect(main.locator("[aria-busy=true]")).toHaveCount(0);
    const text = await main.innerText();
    expect(text, section).not.toMatch(RAW_TEXT);
    expect(text, section).not.toMatch(FRENCH_WORDS);
    expect((await blockingViolations(page)).blocking, section).toEqual([]);
  }
});
