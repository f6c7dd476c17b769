// Settings → Sécurité in a real browser against the real server: the sessions list (this device
// marked, another one signed out from here, then all others), the password change (its last
// change as a real date, wrong current password refused, other devices signed out, the new
// password works; no password: how to make one), two-factor (a QR code of the link, asked at
// sign-in; new backup codes replace the old ones), axe on the tab.
import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { renderSVG } from "uqr";
import { blockingViolations } from "./axe";
import { secretOf, totp } from "../totp";
import { expect, queryStackDb, signIn, test, toast, ownClientAddress, signedInNewParent } from "./fixtures";

const address = ownClientAddress();
test.use({ extraHTTPHeaders: address });

/** Another browser (its own cookies) signed in to the same account: "another device". */
async function otherDevice(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: address });
  const signedIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(signedIn.status()).toBe(200);
  return context;
}

/** Today in Paris as the page writes it: "23 novembre 2026". */
const todayInParis = () =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long" }).format(new Date());

/** The account's credential row (its password), as the Worker stores it. */
const setCredential = async (email: string, assignments: string, args: (string | number)[] = []) =>
  queryStackDb(
    `UPDATE account SET ${assignments} WHERE provider_id = 'credential' AND user_id = (SELECT id FROM user WHERE email = ?)`,
    [...args, email],
  );

test("sessions: this one marked, another signed out from here, then all the others", async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await signedInNewParent(page);
  const phone = await otherDevice(browser, baseURL!, account.email, account.password);
  const laptop = await otherDevice(browser, baseURL!, account.email, account.password);

  await page.goto("/settings?tab=security");
  const sessions = page.getByRole("region", { name: "Sessions actives" });
  await expect(sessions.getByRole("listitem")).toHaveCount(3);
  await expect(sessions.getByRole("listitem").first()).toContainText("Cette session");
  await expect(sessions.getByRole("listitem").first()).toContainText(/Connexion le \S+ \d+ \S+ \d{4} à \d{2}:\d{2}/);
  const { blocking } = await blockingViolations(page);
  expect(blocking).toEqual([]);

  await sessions
    .getByRole("listitem")
    .nth(1)
    .getByRole("button", { name: /^Déconnecter Chrome/ })
    .click();
  await expect(toast(page, "Session déconnectée")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);

  await sessions.getByRole("button", { name: "Déconnecter les autres sessions" }).click();
  await expect(toast(page, "Vos autres sessions ont été déconnectées")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  for (const device of [phone, laptop]) {
    expect(await (await device.request.get("/api/me")).status()).toBe(401);
    await device.close();
  }
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

test("change password: the current one is checked, other devices are signed out, the new one works", async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await signedInNewParent(page);
  const other = await otherDevice(browser, baseURL!, account.email, account.password);
  // The password was last set on 12 November 2026 (Paris), 00:30 there.
  await setCredential(account.email, "updated_at = ?", [Date.parse("2026-11-11T23:30:00Z")]);
  await page.goto("/settings?tab=security");
  const form = page.getByRole("region", { name: "Mot de passe" });
  await expect(form).toContainText("Dernière modification : 12 novembre 2026");

  // The registration's rules, before anything is sent.
  await form.getByLabel("Mot de passe actuel", { exact: true }).fill(account.password);
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("court");
  await form.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("autre");
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(form.getByText("Les mots de passe ne correspondent pas")).toBeVisible();

  await form.getByLabel("Mot de passe actuel", { exact: true }).fill("Paslebon2026");
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("Nouveau2026");
  await form.getByLabel("Confirmer le nouveau mot de passe", { exact: true }).fill("Nouveau2026");
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(toast(page, "Mot de passe actuel incorrect")).toBeVisible();
  expect((await other.request.get("/api/me")).status()).toBe(200);

  await form.getByLabel("Mot de passe actuel", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(toast(page, "Mot de passe modifié")).toBeVisible();
  await expect(form.getByLabel("Mot de passe actuel", { exact: true })).toHaveValue("");
  await expect(form).toContainText(`Dernière modification : ${todayInParis()}`);

  // The other device is signed out; this page carries on, and only the new password signs in.
  expect((await other.request.get("/api/me")).status()).toBe(401);
  await other.close();
  expect((await page.request.get("/api/me")).status()).toBe(200);
  await expect(page.getByRole("region", { name: "Sessions actives" }).getByRole("listitem")).toHaveCount(1);
  const old = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(old.status()).toBe(401);
});

test("two-factor: set up with the password and a first code, then asked at sign-in", async ({ page }) => {
  const account = await signedInNewParent(page);
  await page.goto("/settings?tab=security");
  const section = page.getByRole("region", { name: "Double authentification" });
  await section.getByLabel("Mot de passe actuel", { exact: true }).fill(account.password);
  await section.getByRole("button", { name: "Activer la double authentification" }).click();

  const link = section.getByRole("link", { name: "Ouvrir dans l'application d'authentification" });
  const uri = (await link.getAttribute("href"))!;
  const secret = secretOf(uri);
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  // The QR code an app scans is the same link, and the key stays there to type in.
  const qr = section.getByRole("img", {
    name: "QR code à scanner avec votre application d'authentification pour y ajouter Veilleuse",
  });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const src = (await qr.getAttribute("src"))!;
  expect(src.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
  expect(decodeURIComponent(src.slice(src.indexOf(",") + 1))).toBe(renderSVG(uri, { border: 2 }));
  await expect(section.getByText(secret, { exact: true })).toBeVisible();
  await expect(section.getByRole("list", { name: "Codes de secours" }).getByRole("listitem")).toHaveCount(10);
  const { blocking } = await blockingViolations(page);
  expect(blocking).toEqual([]);

  await section.getByLabel("Code à 6 chiffres").fill(totp(secret));
  await section.getByRole("button", { name: "Vérifier et activer" }).click();
  await expect(toast(page, "Double authentification activée")).toBeVisible();
  await expect(section).toContainText("Activée");

  // Signed out, the password alone no longer opens a session: the code is asked.
  await page.context().clearCookies();
  await signIn(page, account.email, account.password);
  await expect(page.getByRole("heading", { name: "Vérification en deux étapes" })).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await page.getByLabel("Code de vérification").fill(totp(secret));
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(toast(page, "Connexion réussie")).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

test("no password (Google or Facebook sign-in): the page says so and how to create one", async ({ page }) => {
  const account = await signedInNewParent(page);
  await setCredential(account.email, "provider_id = 'google', password = NULL");
  await page.goto("/settings?tab=security");
  const block = page.getByRole("region", { name: "Mot de passe" });
  await expect(block).toContainText("Votre compte se connecte avec Google ou Facebook : il n'a pas de mot de passe.");
  await expect(block.getByLabel("Nouveau mot de passe", { exact: true })).toHaveCount(0);
  const { blocking } = await blockingViolations(page);
  expect(blocking).toEqual([]);
  await block.getByRole("link", { name: "Créer un mot de passe" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("two-factor: new backup codes with the password; an old code is refused at sign-in, a new one works", async ({
  browser,
  baseURL,
}) => {
  // A browser of its own address: better-auth allows 3 two-factor calls in 10 s per address.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const account = await signedInNewParent(page);
  await page.goto("/settings?tab=security");
  const section = page.getByRole("region", { name: "Double authentification" });
  await section.getByLabel("Mot de passe actuel", { exact: true }).fill(account.password);
  await section.getByRole("button", { name: "Activer la double authentification" }).click();
  const secret = secretOf(
    (await section.getByRole("link", { name: "Ouvrir dans l'application d'authentification" }).getAttribute("href"))!,
  );
  const list = section.getByRole("list", { name: "Codes de secours" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const oldCodes = await list.getByRole("listitem").allTextContents();
  await section.getByLabel("Code à 6 chiffres").fill(totp(secret));
  await section.getByRole("button", { name: "Vérifier et activer" }).click();
  await expect(toast(page, "Double authentification activée")).toBeVisible();
  await expect(list).toHaveCount(0);

  await section.getByRole("button", { name: "Générer de nouveaux codes de secours" }).click();
  await expect(section.getByRole("button", { name: "Désactiver la double authentification" })).toHaveCount(0);
  await section.getByLabel("Mot de passe actuel", { exact: true }).fill(account.password);
  await section.getByRole("button", { name: "Générer les codes" }).click();
  await expect(toast(page, "Nouveaux codes de secours générés")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const newCodes = await list.getByRole("listitem").allTextContents();
  expect(newCodes.some((code) => oldCodes.includes(code))).toBe(false);
  const { blocking } = await blockingViolations(page);
  expect(blocking).toEqual([]);

  // Copied and downloaded as shown.
  await section.getByRole("button", { name: "Copier les codes" }).click();
  await expect(toast(page, "Codes de secours copiés")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newCodes.join("\n"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Télécharger les codes" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("veilleuse-codes-de-secours.txt");
  const saved = readFileSync((await download.path())!, "utf8");
  for (const code of newCodes) expect(saved).toContain(code);

  await section.getByRole("button", { name: "J'ai noté mes codes" }).click();
  await expect(list).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Désactiver la double authentification" })).toBeVisible();
  await context.close();

  // Signed in elsewhere (its own address): an old code is refused, a new one opens the session.
  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  const phone = await elsewhere.newPage();
  await signIn(phone, account.email, account.password);
  await expect(phone.getByRole("heading", { name: "Vérification en deux étapes" })).toBeVisible();
  await phone.getByRole("button", { name: "Utiliser un code de secours" }).click();
  await phone.getByLabel("Code de secours").fill(oldCodes[0]);
  await phone.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(toast(phone, "Code invalide")).toBeVisible();
  expect((await phone.request.get("/api/me")).status()).toBe(401);
  await phone.getByLabel("Code de secours").fill(newCodes[0]);
  await phone.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(toast(phone, "Connexion réussie")).toBeVisible();
  expect((await phone.request.get("/api/me")).status()).toBe(200);
  await elsewhere.close();
});

test("privacy: visibility saved, the export downloads the user's JSON, deletion needs SUPPRIMER and ends sign-in", async ({
  page,
}) => {
  const account = await signedInNewParent(page);
  await page.goto("/settings?tab=privacy");
  await page.getByLabel("Visibilité du profil").selectOption({ label: "Masqué" });
  await page.getByRole("checkbox", { name: "Marketing" }).check();
  await expect(page.getByRole("checkbox", { name: "Essentiels (toujours actifs)" })).toBeDisabled();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Préférences de confidentialité enregistrées")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Visibilité du profil")).toHaveValue("hidden");
  await expect(page.getByRole("checkbox", { name: "Marketing" })).toBeChecked();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  const { blocking } = await blockingViolations(page);
  expect(blocking).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Télécharger mes données" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^veilleuse-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(exported.account.email).toBe(account.email);
  expect(exported.profile.profileVisibility).toBe("hidden");

  await page.getByRole("button", { name: "Supprimer mon compte" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Continuer" }).click();
  const final = page.getByRole("button", { name: "Supprimer définitivement" });
  await page.getByLabel("Tapez SUPPRIMER pour confirmer").fill("supprimer");
  await expect(final).toBeDisabled();
  await page.getByLabel("Tapez SUPPRIMER pour confirmer").fill("SUPPRIMER");
  await final.click();
  await expect(toast(page, "Votre compte a été supprimé")).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);

  await signIn(page, account.email, account.password);
  await expect(toast(page, "Ce compte a été supprimé")).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
});
