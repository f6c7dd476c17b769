// The console's Subscriptions and Audit sections as the demo admin uses them, by clicks: a new
// babysitter pays for Standard with the demo card; the admin opens Subscriptions from the sidebar
// (the stat cards), finds her plan by her email and the plan filter (both in the URL), suspends and
// reactivates it with a reason, then refunds 19 € through the dialog ('Rembourser' disabled until
// the amount and the reason are both given): the plan reads 'Annulé' with what was refunded. In
// Audit, over one day, the refund is found by its action. Her own Abonnement tab then shows her
// invoice 'Remboursée'. axe on both sections; the list on a phone's width scrolls inside its box.
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import {
  euros,
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb as query,
  registerThroughApi,
  test,
  toast,
  userMenuButton,
  waitForApp,
} from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in is limited per address: this file's own, so other files' sign-ins never count against it.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PHONE = { width: 390, height: 844 };

/** A section's link in the console's sidebar. */
const sectionLink = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Menu d'administration" }).getByRole("link", { name });

test("an admin suspends, reactivates and refunds a babysitter's plan, then finds the refund in the audit log", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The babysitter, signed in through the API on `page`, pays for Standard by clicks.
  const sitter = newAccount("babysitter");
  const name = `${sitter.firstName} ${sitter.lastName}`;
  await registerThroughApi(page.request, sitter);
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: sitter.email, password: sitter.password },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto("/payment/standard");
  await waitForApp(page);
  await page.getByRole("button", { name: `Payer ${euros(1900)}` }).click();
  await page.waitForURL(/\/payment\/success\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Abonnement activé avec succès !" })).toBeVisible();
  const [plan] = await query(
    "SELECT s.id FROM subscriptions s JOIN profiles p ON p.id = s.profile_id WHERE p.email = ? AND s.plan = 'standard'",
    [sitter.email],
  );

  // The admin, in a browser of her own, reaches Subscriptions through the header's menu and the sidebar.
  const adminContext = await browser.newContext({
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    extraHTTPHeaders: ownClientAddress(),
  });
  const admin = await adminContext.newPage();
  await signInAs(admin, "admin");
  await userMenuButton(admin).click();
  await admin.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await sectionLink(admin, /^Abonnements/).click();
  await expect(admin).toHaveURL(/\/admin\/subscriptions$/);
  const stats = admin.getByRole("region", { name: "Chiffres des abonnements" });
  const stat = (label: string) => stats.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  for (const label of ["Abonnés payants", "Revenu mensuel récurrent", "Essais en cours", "Impayés"])
    await expect(stat(label)).toHaveText(/\d/);
  await expect(stat("Revenu mensuel récurrent")).toHaveText(/€/);

  // Her email in the search box and Standard in the plan filter: her one plan, the filters in the URL.
  const table = admin.getByRole("table", { name: "Abonnements" });
  const rows = table.locator("tbody tr");
  await admin.getByRole("searchbox", { name: "Rechercher", exact: true }).fill(sitter.email);
  await admin.getByRole("combobox", { name: "Formule" }).selectOption({ label: "Standard" });
  await expect(admin).toHaveURL(
    (url) => url.searchParams.get("q") === sitter.email && url.searchParams.get("plan") === "standard",
  );
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", /^\/admin\/users\/[^/]+$/);
  await expect(row).toContainText(sitter.email);
  await expect(row).toContainText(`${euros(1900)} / mois`);
  const status = row.getByTestId("subscription-status");
  await expect(status).toHaveText("Actif");
  expect((await blockingViolations(admin)).blocking).toEqual([]);

  // A phone: the page keeps its width, the table scrolls inside its own box.
  await admin.setViewportSize(PHONE);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await admin.setViewportSize({ width: 1280, height: 720 });

  // Suspend, then reactivate, each with its reason.
  for (const [action, button, done, after] of [
    ["Suspendre", "Suspendre", "Abonnement suspendu", "Suspendu"],
    ["Réactiver", "Réactiver", "Abonnement réactivé", "Actif"],
  ]) {
    await row.getByRole("button", { name: `${action} l'abonnement de ${name}` }).click();
    const dialog = admin.getByRole("dialog", { name: `${action} l'abonnement de ${name}` });
    await dialog.getByLabel("Raison").fill(`Contrôle du paiement de ${sitter.lastName}`);
    await dialog.getByRole("button", { name: button, exact: true }).click();
    await expect(toast(admin, done)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText(after);
  }

  // The refund: 'Rembourser' waits for both the amount and the reason.
  await row.getByRole("button", { name: `Rembourser ${name}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Rembourser ${name}` });
  await expect(dialog.getByText(`Au plus ${euros(1900)}`)).toBeVisible();
  const refund = dialog.getByRole("button", { name: "Rembourser", exact: true });
  await expect(refund).toBeDisabled();
  await dialog.getByLabel("Montant à rembourser (€)").fill("19");
  await expect(refund).toBeDisabled();
  await dialog.getByLabel("Motif").selectOption({ label: "Demande du client" });
  await expect(refund).toBeEnabled();
  await refund.click();
  await expect(toast(admin, "Remboursement effectué")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText("Annulé");
  await expect(row).toContainText(`Remboursé : ${euros(1900)}`);
  await expect(row.getByRole("button", { name: `Rembourser ${name}` })).toHaveCount(0);

  // Audit, from the sidebar: over one day, the refund found by its action, by the admin.
  await sectionLink(admin, /^Audit/).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  await admin.getByRole("combobox", { name: "Période" }).selectOption({ label: "1 jour" });
  await admin.getByRole("searchbox", { name: "Rechercher", exact: true }).fill("admin.refund");
  await expect(admin).toHaveURL(
    (url) => url.searchParams.get("period") === "1d" && url.searchParams.get("q") === "admin.refund",
  );
  const entry = admin
    .getByRole("table", { name: "Journal d'audit" })
    .locator("tbody tr")
    .filter({ hasText: `subscription:${String(plan.id)}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Remboursement");
  await expect(entry).toContainText(`${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`);
  await expect(entry).toContainText("customer_request");
  await expect(entry).toContainText("Réussi");
  expect((await blockingViolations(admin)).blocking).toEqual([]);
  await adminContext.close();

  // Her Abonnement tab: the invoice reads 'Remboursée'.
  await page.goto("/settings?tab=subscription");
  await waitForApp(page);
  await expect(page.getByTestId("invoice-list").getByRole("listitem").first()).toContainText("Remboursée");
});
