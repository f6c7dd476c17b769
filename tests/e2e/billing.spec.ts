// Babysitter plans in Chromium against the demo provider: a new babysitter pays for Standard with
// the test card 4242…, lands on the success page (plan, amount, next billing date, transaction id),
// downloads the invoice (facture-<id>.pdf, a real PDF), then on /settings?tab=subscription upgrades
// to Premium (a prorated second invoice), cancels (confirmation, yellow notice, renewal 'Non') and
// reactivates. Plus: the declined test card, an unknown plan, Discovery (not for sale), a parent
// (no plans, no Abonnement tab), axe on the three pages and the checkout in English.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import {
  euros,
  expect,
  newAccount,
  type NewAccount,
  queryStackDb as query,
  registerThroughApi,
  test,
  toast,
  waitForApp,
  ownClientAddress,
  readsEnglish,
} from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

const PAYS = "4242 4242 4242 4242";
const DECLINED = "4000 0000 0000 0002";

/** A new account of `userType`, registered and signed in through the API (cookies of this page). */
async function signedInAccount(page: Page, userType: NewAccount["userType"]) {
  const account = newAccount(userType);
  await registerThroughApi(page.request, account);
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status(), `sign-in of ${account.email}`).toBe(200);
  const me = await (await page.request.get("/api/me")).json();
  return { ...account, profileId: String(me.profile.id) };
}

/** axe once the toasts have gone (they are the frame's, checked elsewhere). */
async function pageViolations(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  return (await blockingViolations(page)).blocking;
}

const paidSubscriptions = async (profileId: string) =>
  query("SELECT plan, status FROM subscriptions WHERE profile_id = ? AND plan <> 'discovery'", [profileId]);

/** The value next to a label in a description list of the main area. */
const detail = (page: Page, label: string) =>
  page.getByRole("main").locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

test("a new babysitter pays for Standard, downloads the invoice, upgrades, cancels and reactivates", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sitter = await signedInAccount(page, "babysitter");

  // Checkout: the demo banner, the summary with the VAT the price includes, features, guarantees.
  await page.goto("/payment/standard");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Abonnement Standard" })).toBeVisible();
  await expect(page.getByText("Mode démo : aucun paiement réel ne sera effectué")).toBeVisible();
  await expect(page.getByText(`${PAYS} : paiement accepté`)).toBeVisible();
  await expect(page.getByText(`${DECLINED} : paiement refusé`)).toBeVisible();
  const summary = page.getByTestId("order-summary");
  await expect(summary).toContainText("Standard");
  await expect(summary).toContainText(`${euros(1900)} / mois`);
  await expect(summary).toContainText("TVA incluse (20 %)");
  await expect(summary).toContainText(euros(317));
  await expect(summary).toContainText("Total aujourd'hui");
  await expect(page.getByText("Réservations illimitées")).toBeVisible();
  await expect(page.getByText("Remboursement sous 14 jours")).toBeVisible();
  await expect(page.getByText("Sans engagement : annulez à tout moment")).toBeVisible();
  await expect(page.getByText("0 % de commission sur vos gardes")).toBeVisible();
  await expect(page.getByText("Annulation gratuite")).toHaveCount(0); // a parents' promise, not a plan's
  await expect(page.getByLabel("Numéro de carte")).toHaveValue(PAYS);
  await expect(page.getByLabel("Date d'expiration (MM/AA)")).toBeVisible();
  await expect(page.getByLabel("Cryptogramme (CVC)")).toBeVisible();
  expect(await pageViolations(page)).toEqual([]);

  // Pay: the success page, reached with the query Stripe's return carries.
  await page.getByRole("button", { name: `Payer ${euros(1900)}` }).click();
  await page.waitForURL(/\/payment\/success\?/);
  const url = new URL(page.url());
  const paymentIntent = url.searchParams.get("payment_intent");
  expect(paymentIntent).toBeTruthy();
  expect(url.searchParams.get("payment_intent_client_secret")).toBeTruthy();
  expect(url.searchParams.get("redirect_status")).toBe("succeeded");
  await expect(page.getByRole("heading", { level: 1, name: "Abonnement activé avec succès !" })).toBeVisible();
  await expect(toast(page, "Paiement confirmé avec succès !")).toBeVisible();
  await expect(detail(page, "Plan")).toHaveText("Standard");
  await expect(detail(page, "Montant")).toHaveText(euros(1900));
  await expect(detail(page, "Prochaine facturation")).toHaveText(/\d{4}$/);
  await expect(detail(page, "Identifiant de transaction")).toHaveText(paymentIntent!);
  await expect(detail(page, "Numéro de facture")).not.toBeEmpty();
  await expect(page.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("link", { name: "Mon profil" })).toHaveAttribute("href", "/profile");
  expect(await paidSubscriptions(sitter.profileId)).toEqual([expect.objectContaining({ plan: "standard" })]);
  expect(await pageViolations(page)).toEqual([]);

  // The invoice: facture-<id>.pdf, a PDF.
  const [invoice] = await query("SELECT id FROM invoices WHERE profile_id = ? ORDER BY created_at", [sitter.profileId]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Télécharger la facture" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`facture-${String(invoice.id)}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");

  // Settings → Abonnement: Standard, Actif, one invoice 'Payée'.
  await page.goto("/settings?tab=subscription");
  await waitForApp(page);
  await expect(page.getByRole("tab", { name: "Abonnement" })).toHaveAttribute("aria-selected", "true");
  const plan = page.getByTestId("current-plan");
  await expect(plan.getByRole("heading", { name: "Standard" })).toBeVisible();
  await expect(plan.getByTestId("subscription-status")).toHaveText("Actif");
  await expect(detail(page, "Renouvellement automatique")).toHaveText("Oui");
  await expect(plan.getByText("Mode démo : aucun paiement réel n'est effectué.")).toBeVisible();
  const invoices = page.getByTestId("invoice-list").getByRole("listitem");
  await expect(invoices).toHaveCount(1);
  await expect(invoices.first()).toContainText("Payée");
  await expect(invoices.first()).toContainText(euros(1900));
  expect(await pageViolations(page)).toEqual([]);

  // Upgrade: asked first with the amount, then Premium and a second invoice for the proration.
  await plan.getByRole("button", { name: "Passer au Premium" }).click();
  const question = page.getByTestId("plan-change-dialog");
  await expect(question.getByTestId("amount-today")).toHaveText(/€/);
  await question.getByRole("button", { name: /^Confirmer et payer/ }).click();
  await expect(toast(page, "Abonnement mis à jour avec succès !")).toBeVisible();
  await expect(plan.getByRole("heading", { name: "Premium" })).toBeVisible();
  await expect(plan.getByRole("button", { name: "Rétrograder au Standard" })).toBeVisible();
  await expect(invoices).toHaveCount(2);

  // Cancel: the question first, then the yellow notice, renewal 'Non' and 'Réactiver'.
  await plan.getByRole("button", { name: "Annuler l'abonnement" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Êtes-vous sûr de vouloir annuler votre abonnement ?");
  await dialog.getByRole("button", { name: "Confirmer l'annulation" }).click();
  await expect(toast(page, "Abonnement annulé. Il restera actif jusqu'à la fin de la période.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(plan.getByTestId("pending-cancel")).toContainText("Votre abonnement prendra fin le");
  await expect(detail(page, "Renouvellement automatique")).toHaveText("Non");
  await expect(plan.getByRole("button", { name: "Annuler l'abonnement" })).toHaveCount(0);

  // Reactivate: the notice goes, renewal is back.
  await plan.getByRole("button", { name: "Réactiver l'abonnement" }).click();
  await expect(toast(page, "Abonnement réactivé avec succès !")).toBeVisible();
  await expect(plan.getByTestId("pending-cancel")).toHaveCount(0);
  await expect(detail(page, "Renouvellement automatique")).toHaveText("Oui");
  await expect(plan.getByRole("button", { name: "Annuler l'abonnement" })).toBeVisible();
});

test("the declined test card shows the refusal and creates no paid plan; another card then pays", async ({ page }) => {
  const sitter = await signedInAccount(page, "babysitter");

  // Before paying, the babysitter is on the Discovery trial.
  await page.goto("/settings");
  await waitForApp(page);
  await expect(page.getByRole("tab", { name: "Abonnement" })).toHaveAttribute("aria-selected", "true");
  const plan = page.getByTestId("current-plan");
  await expect(plan.getByRole("heading", { name: "Découverte" })).toBeVisible();
  await expect(plan.getByTestId("subscription-status")).toHaveText("Essai");
  await expect(plan.getByTestId("bookings-used")).toHaveText("Réservations utilisées : 0 / 5");
  await expect(plan.getByRole("link", { name: "Choisir un abonnement" })).toHaveAttribute("href", "/payment");
  await expect(plan.getByRole("link", { name: "Passer au Premium" })).toHaveAttribute("href", "/payment/premium");
  await expect(page.getByText("Aucune facture disponible")).toBeVisible();

  const started = page.waitForResponse((response) => response.url().includes("/api/stripe/create-payment-intent"));
  await page.goto("/payment/premium");
  await waitForApp(page);
  const intent = await (await started).json();
  const card = page.getByLabel("Numéro de carte");
  await card.fill(DECLINED);
  const pay = page.getByRole("button", { name: `Payer ${euros(3900)}` });
  await pay.click();
  await expect(toast(page, "Erreur de paiement")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ }).first()).toBeVisible();
  await expect(card).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/payment\/premium$/);
  await expect(pay).toBeEnabled();
  expect(await paidSubscriptions(sitter.profileId)).toEqual([]);

  // The form stays usable: the good test card pays, on the same payment (as with Stripe).
  await card.fill(PAYS);
  await pay.click();
  await page.waitForURL(/\/payment\/success\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Abonnement activé avec succès !" })).toBeVisible();
  await expect(detail(page, "Plan")).toHaveText("Premium");
  await expect(detail(page, "Identifiant de transaction")).toHaveText(intent.payment_intent_id);
  expect(await paidSubscriptions(sitter.profileId)).toEqual([expect.objectContaining({ plan: "premium" })]);
});

test("an unknown plan is 'Plan non trouvé'; Discovery is not for sale and leads home", async ({ page }) => {
  await signedInAccount(page, "babysitter");
  await page.goto("/payment/gold");
  await waitForApp(page);
  await expect(page.getByRole("heading", { name: "Plan non trouvé" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");

  await page.goto("/payment/discovery");
  await expect(toast(page, "Plan d'abonnement invalide")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("a parent is told plans are for babysitters and has no Abonnement tab", async ({ page }) => {
  await signedInAccount(page, "parent");
  await page.goto("/payment/standard");
  await waitForApp(page);
  await expect(page.getByRole("heading", { name: "Les abonnements sont réservés aux baby-sitters" })).toBeVisible();
  await expect(page.getByText("Veilleuse est gratuit pour les parents, à vie")).toBeVisible();
  await expect(page.getByLabel("Numéro de carte")).toHaveCount(0);

  await page.goto("/settings?tab=subscription");
  await waitForApp(page);
  await expect(page.getByRole("tab")).toHaveText(["Notifications", "Sécurité", "Confidentialité"]);
  await expect(page.getByRole("tab", { name: "Notifications" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Préférences de communication");

  // The tabs follow the arrow keys, and the URL follows the tab.
  await page.getByRole("tab", { name: "Notifications" }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Sécurité" })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=security$/);
  expect(await pageViolations(page)).toEqual([]);
});

test("in English, the checkout speaks English", async ({ page }) => {
  await readsEnglish(page.context());
  await signedInAccount(page, "babysitter");
  await page.goto("/payment/premium");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Premium plan" })).toBeVisible();
  await expect(page.getByText("Demo mode: no real payment will be made")).toBeVisible();
  const summary = page.getByTestId("order-summary");
  await expect(page.getByRole("heading", { name: "Order summary" })).toBeVisible();
  await expect(summary).toContainText(`${euros(3900, "en-GB")} / month`);
  await expect(summary).toContainText("VAT included (20%)");
  await expect(summary).toContainText(euros(650, "en-GB"));
  await expect(page.getByText("Refund within 14 days")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveValue(PAYS);
  await expect(page.getByRole("button", { name: `Pay ${euros(3900, "en-GB")}` })).toBeEnabled();
  expect(await pageViolations(page)).toEqual([]);
});

test("a babysitter whose trial is over is offered the plans when 'Accepter' is refused", async ({ page }) => {
  // A new babysitter whose Discovery month is over, and a request from the demo parent.
  const sitter = await signedInAccount(page, "babysitter");
  await query(
    `UPDATE subscriptions SET current_period_start = strftime('%Y-%m-%dT%H:%M:%fZ','now','-40 days'),
       current_period_end = strftime('%Y-%m-%dT%H:%M:%fZ','now','-9 days') WHERE profile_id = ?`,
    [sitter.profileId],
  );
  const [parent] = await query("SELECT id FROM profiles WHERE email = ?", [DEMO_ACCOUNTS.parent.email]);
  const bookingId = crypto.randomUUID();
  const start = new Date(Date.now() + 72 * 3_600_000);
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'pending')`,
    [
      bookingId,
      String(parent.id),
      sitter.profileId,
      start.toISOString(),
      new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    ],
  );

  // The server refuses the acceptance (PLAN_REQUIRED); the toast offers the plans.
  await page.goto(`/bookings/${bookingId}`);
  await waitForApp(page);
  await page.getByRole("button", { name: "Accepter" }).click();
  const refusal = toast(page, /^Votre essai Découverte est terminé/);
  await expect(refusal).toBeVisible();
  expect(await query("SELECT status FROM bookings WHERE id = ?", [bookingId])).toEqual([{ status: "pending" }]);
  await refusal.getByRole("button", { name: "Voir les plans" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choisir un abonnement" })).toBeVisible();
});
