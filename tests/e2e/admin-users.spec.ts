// The console's Users section as the demo admin uses it, by clicks: from the sidebar to the list,
// a new parent found by her email (the filter in the URL), her page opened from her name, suspended
// with a reason through the dialog (a missing reason refused first): her status, the reason and the
// audit entry show. Meanwhile her own browser, signed in before, is signed out at its next page and
// told why when she tries to sign in again. Back on the list (its filter kept), the CSV export holds
// exactly the table's rows (BOM, ';'). axe on the list and on her page; the list on a phone's width
// scrolls inside its box, not the page.
import { readFile } from "node:fs/promises";
import { blockingViolations, blockingViolationsNow } from "./axe";
import {
  expect,
  newAccount,
  ownClientAddress,
  registerThroughApi,
  signedInPage,
  signIn,
  test,
  toast,
  userMenuButton,
  waitForApp,
} from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in is limited per address: this file's own, so other files' sign-ins never count against it.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PHONE = { width: 390, height: 844 };
const CSV_HEADER = [
  "Identifiant",
  "Prénom",
  "Nom",
  "Email",
  "Téléphone",
  "Ville",
  "Rôle",
  "Statut",
  "Vérifié",
  "Abonnement",
  "Inscription",
];

test("an admin finds a new parent, suspends her with a reason, and exports the filtered list", async ({
  newTab,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = newAccount("parent");
  const fullName = `${account.firstName} ${account.lastName}`;
  const reason = `Signalements répétés ${account.lastName}`;
  const setup = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(setup.request, account);
  await setup.close();
  // Her own browser, signed in on her dashboard before the admin acts.
  const member = await signedInPage(newTab, account.email, account.password);
  await member.goto("/dashboard");
  await waitForApp(member);
  await expect(member.getByRole("heading", { level: 1 })).toBeVisible();

  // The admin reaches Users through the header's menu and the console's sidebar.
  await signInAs(page, "admin");
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: /^Utilisateurs/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const table = page.getByRole("table", { name: "Utilisateurs" });
  const rows = table.locator("tbody tr");
  await expect(table.getByRole("link").first()).toBeVisible();

  // Her email in the search box: one row, and the filter is the URL's (a link can be shared).
  const search = page.getByRole("searchbox", { name: "Rechercher", exact: true });
  await search.fill(account.email);
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === account.email);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(account.email);
  await expect(page.getByText("1 utilisateur · Page 1 sur 1")).toBeVisible();
  // A header's button sorts on the server: the order is in the URL and on the header. While the
  // sorted rows are on their way (held here), the dimmed table stays readable (AA contrast).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/admin\/users\?.*sort=email/, async (route) => {
    await held;
    await route.continue();
  });
  await table.getByRole("button", { name: "Email" }).click();
  await expect(table).toHaveAttribute("aria-busy", "true");
  expect((await blockingViolationsNow(page)).blocking).toEqual([]);
  release();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("sort") === "email" && url.searchParams.get("dir") === "asc",
  );
  await expect(table.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "ascending");
  expect((await blockingViolations(page)).blocking).toEqual([]);

  // A phone: the page keeps its width, the table scrolls inside its own box.
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const scroller = await table.evaluate((element) => {
    const box = element.parentElement!;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Her page, from her name.
  await table.getByRole("link", { name: fullName }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  const profileId = new URL(page.url()).pathname.split("/").pop();
  const card = page.getByRole("region", { name: fullName });
  await expect(card.getByRole("heading", { level: 2, name: fullName })).toBeVisible();
  await expect(card.getByTestId("account-status")).toHaveText("Actif");
  await expect(card.getByText(`${account.email} (confirmé)`)).toBeVisible();
  const audit = page.getByRole("region", { name: "Journal d'audit" });
  await expect(audit).toBeVisible();
  expect((await blockingViolations(page)).blocking).toEqual([]);

  // Suspend, through the dialog: no reason is refused, a reason goes through.
  await page.getByRole("button", { name: "Suspendre", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Suspendre ${fullName}` });
  const confirm = dialog.getByRole("button", { name: "Suspendre", exact: true });
  await confirm.click();
  await expect(dialog.getByText("Indiquez une raison (3 caractères au moins)")).toBeVisible();
  await dialog.getByLabel("Raison").fill(reason);
  await confirm.click();
  await expect(toast(page, "Compte suspendu")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("account-status")).toHaveText("Suspendu");
  await expect(card.getByText(`Raison : ${reason}`)).toBeVisible();
  await expect(audit.getByRole("listitem").filter({ hasText: "Compte suspendu" })).toContainText(reason);
  await expect(page.getByRole("button", { name: "Lever la suspension" })).toBeVisible();

  // Her browser: signed out at its next page, then told why when she signs in.
  await member.goto("/dashboard");
  await expect(member).toHaveURL(/\/login/);
  await signIn(member, account.email, account.password);
  await expect(
    toast(member, `Votre compte est suspendu : ${reason}. Contactez-nous si c'est une erreur.`),
  ).toBeVisible();
  await expect(member).toHaveURL(/\/login/);
  await member.context().close();

  // Back to the list as it was left; the CSV holds exactly the table's rows.
  await page.getByRole("link", { name: "Retour à la liste des utilisateurs" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === account.email);
  await expect(search).toHaveValue(account.email);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("account-status")).toHaveText("Suspendu");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exporter en CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^utilisateurs-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(toast(page, `Export téléchargé : ${download.suggestedFilename()}`)).toBeVisible();
  const file = await readFile(await download.path(), "utf8");
  expect(file.startsWith("\uFEFF")).toBe(true);
  const [header, ...lines] = file
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
  expect(header).toEqual(CSV_HEADER);
  expect(lines.map((cells) => cells[0])).toEqual([profileId]);
  // Name, email, city, role and status, as the table shows them.
  const fileRows = lines.map(([, first, last, email, , city, role, status]) => [
    `${first} ${last}`,
    email,
    city,
    role,
    status,
  ]);
  const tableRows = (
    await rows.evaluateAll((trs) =>
      trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent!.trim())),
    )
  ).map(([name, email, , city, role, status]) => [name, email, city, role, status]);
  expect(fileRows).toEqual(tableRows);
  expect(fileRows).toEqual([[fullName, account.email, account.city, "Parent", "Suspendu"]]);
});
