// Money and status changes (docs/first-time-users.md, "Money"), in Chromium against the demo
// provider, by clicks: 'Passer au Premium' asks first with what is charged today (the same quote
// the server gives), a cancelled question changes nothing, a confirmed one locks its button while
// the change runs and charges the amount shown; the 14-day refund gives back every payment of the
// period (each invoice 'Remboursée') and the rest of the trial (Découverte, days left), with her
// email; the demo card form refuses a bad number, a past expiry and a short code under the fields
// (French and English); 'Choisir un abonnement' leads a signed-in babysitter to the plans and their
// checkout.
import type { Page } from "@playwright/test";
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
  waitForApp,
  readsEnglish,
} from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

const DAY_MS = 86_400_000;

async function signedInSitter(page: Page) {
  const account = newAccount("babysitter");
  await registerThroughApi(page.request, account);
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status()).toBe(200);
  const me = await (await page.request.get("/api/me")).json();
  return { ...account, profileId: String(me.profile.id) };
}

/** Pays for `plan` through the checkout page, by clicks, with the test card the form is filled with. */
async function buyByClicks(page: Page, plan: "standard" | "premium", priceCents: number) {
  await page.goto(`/payment/${plan}`);
  await waitForApp(page);
  await page.getByRole("button", { name: `Payer ${euros(priceCents)}` }).click();
  await page.waitForURL(/\/payment\/success\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Abonnement activé avec succès !" })).toBeVisible();
}

const invoiceRows = (profileId: string) =>
  query("SELECT amount_paid_cents, refunded_cents FROM invoices WHERE profile_id = ? ORDER BY created_at", [profileId]);

test("'Passer au Premium' asks with the amount; 'Annuler' changes nothing; 'Confirmer' locks, upgrades and charges it; the refund gives back the period and the trial", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sitter = await signedInSitter(page);
  await buyByClicks(page, "standard", 1900);

  await page.getByRole("link", { name: "Tableau de bord" }).click();
  await waitForApp(page);
  await page.goto("/settings?tab=subscription");
  await waitForApp(page);
  const plan = page.getByTestId("current-plan");
  await expect(plan.getByRole("heading", { name: "Standard" })).toBeVisible();

  // The question, with what today costs and from when; 'Annuler' leaves everything as it was.
  await plan.getByRole("button", { name: "Passer au Premium" }).click();
  const question = page.getByTestId("plan-change-dialog");
  await expect(question.getByRole("heading", { name: "Passer au Premium ?" })).toBeVisible();
  const amount = question.getByTestId("amount-today");
  await expect(amount).toHaveText(/€/);
  await expect(question).toContainText("À payer aujourd'hui");
  await expect(question).toContainText("Appliqué à partir du");
  await expect(question).toContainText(`Ensuite ${euros(3900)} par mois à partir du`);
  expect((await blockingViolations(page)).blocking).toEqual([]);
  await question.getByRole("button", { name: "Annuler" }).click();
  await expect(question).toBeHidden();
  await expect(plan.getByRole("heading", { name: "Standard" })).toBeVisible();
  expect(await invoiceRows(sitter.profileId)).toHaveLength(1);
  expect(
    await query("SELECT plan FROM subscriptions WHERE profile_id = ? AND status = 'active'", [sitter.profileId]),
  ).toEqual([{ plan: "standard" }]);

  // Asked again and confirmed: the button is locked with its spinner while the change runs (the
  // request is held until we have looked), then Premium, charged exactly the amount shown.
  await plan.getByRole("button", { name: "Passer au Premium" }).click();
  const shown = (await amount.textContent())!;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/stripe/modify-subscription", async (route) => {
    await held;
    await route.continue();
  });
  const confirm = question.getByRole("button", { name: `Confirmer et payer ${shown}` });
  await confirm.click();
  const running = question.getByRole("button", { name: "Changement en cours…" });
  await expect(running).toBeDisabled();
  await expect(running).toHaveAttribute("aria-busy", "true");
  await expect(question.getByRole("button", { name: "Annuler" })).toBeDisabled();
  release();
  await expect(toast(page, "Abonnement mis à jour avec succès !")).toBeVisible();
  await expect(question).toBeHidden();
  await expect(plan.getByRole("heading", { name: "Premium" })).toBeVisible();
  const invoices = page.getByTestId("invoice-list").getByRole("listitem");
  await expect(invoices).toHaveCount(2);
  const charged = await invoiceRows(sitter.profileId);
  expect(euros(Number(charged[1].amount_paid_cents))).toBe(shown);
  await expect(invoices.first()).toContainText(shown);

  // The refund of the first month: both payments of the period come back, Découverte with days left.
  await invoices
    .last()
    .getByRole("button", { name: /^Demander un remboursement/ })
    .click();
  const refundQuestion = page.getByRole("alertdialog");
  await expect(refundQuestion).toContainText("tous les paiements de la période en cours");
  await refundQuestion.getByRole("button", { name: "Confirmer le remboursement" }).click();
  await expect(toast(page, "Remboursement effectué : vous êtes de retour sur le plan Découverte")).toBeVisible();
  await expect(invoices.nth(0)).toContainText("Remboursée");
  await expect(invoices.nth(1)).toContainText("Remboursée");
  await expect(plan.getByRole("heading", { name: "Découverte" })).toBeVisible();
  await expect(plan.getByTestId("subscription-status")).toHaveText("Essai");
  const [trial] = await query(
    "SELECT current_period_end FROM subscriptions WHERE profile_id = ? AND plan = 'discovery'",
    [sitter.profileId],
  );
  const daysLeft = Math.ceil((Date.parse(String(trial.current_period_end)) - Date.now()) / DAY_MS);
  expect(daysLeft).toBeGreaterThanOrEqual(27); // what remained of her month: not a fresh one, not none
  await expect(plan.getByTestId("trial-left")).toContainText(`Jours d'essai restants : ${daysLeft}`);
  await expect(plan.getByTestId("bookings-used")).toHaveText("Réservations utilisées : 0 / 5");
  expect((await invoiceRows(sitter.profileId)).every((row) => row.refunded_cents === row.amount_paid_cents)).toBe(true);
  await expect
    .poll(async () =>
      query("SELECT count(*) AS n FROM outbox WHERE channel = 'email' AND recipient = ? AND subject = ?", [
        sitter.email,
        "Remboursement de votre abonnement Premium",
      ]),
    )
    .toEqual([{ n: 1 }]);
});

test("the demo card form refuses a bad number, a past expiry and a short code, under the fields, in French and English", async ({
  page,
}) => {
  const sitter = await signedInSitter(page);
  await page.goto("/payment/standard");
  await waitForApp(page);
  const number = page.getByLabel("Numéro de carte");
  const expiry = page.getByLabel("Date d'expiration (MM/AA)");
  const cvc = page.getByLabel("Cryptogramme (CVC)");
  await number.fill("1234 5678 9012 3456");
  await expiry.fill("01/20");
  await cvc.fill("12");
  await page.getByRole("button", { name: `Payer ${euros(1900)}` }).click();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Numéro de carte invalide")).toBeVisible();
  await expect(page.getByText("Cette carte est expirée")).toBeVisible();
  await expect(page.getByText("Cryptogramme invalide")).toBeVisible();
  await expiry.fill("13/30");
  await page.getByRole("button", { name: `Payer ${euros(1900)}` }).click();
  await expect(page.getByText("Date d'expiration invalide (MM/AA)")).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/standard$/);
  expect(await query("SELECT status FROM checkouts WHERE profile_id = ?", [sitter.profileId])).toEqual([
    { status: "pending" },
  ]);
  // The server refuses the same card (the form is not the only check).
  const [checkout] = await query("SELECT payment_intent_id FROM checkouts WHERE profile_id = ?", [sitter.profileId]);
  const direct = await page.request.post("/api/stripe/demo/confirm-payment", {
    data: {
      payment_intent_id: checkout.payment_intent_id,
      card_number: "1234567890123456",
      card_expiry: "12/34",
      card_cvc: "123",
    },
  });
  expect(direct.status()).toBe(400);
  expect((await direct.json()).error.message).toBe("Numéro de carte invalide");

  await readsEnglish(page.context());
  await page.reload();
  await waitForApp(page);
  await page.getByLabel("Expiry date (MM/YY)").fill("01/20");
  await page.getByLabel("Card number").fill("4242 4242 4242 4241");
  await page.getByRole("button", { name: `Pay ${euros(1900, "en-GB")}` }).click();
  await expect(page.getByText("Invalid card number")).toBeVisible();
  await expect(page.getByText("This card has expired")).toBeVisible();
});

test("'Choisir un abonnement' leads a signed-in babysitter to the plans, the refund rule and the checkout", async ({
  page,
}) => {
  await signedInSitter(page);
  await page.goto("/settings?tab=subscription");
  await waitForApp(page);
  await page.getByTestId("current-plan").getByRole("link", { name: "Choisir un abonnement" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choisir un abonnement" })).toBeVisible();
  await expect(page.getByTestId("plans").getByRole("listitem", { name: "Premium" })).toContainText(euros(3900));
  await expect(page.getByTestId("refund-rule")).toContainText(
    "tous les paiements de la période en cours effectués il y a moins de 14 jours vous sont remboursés",
  );
  await expect(page.getByTestId("refund-rule")).toContainText("vous retrouvez le plan Découverte");
  expect((await blockingViolations(page)).blocking).toEqual([]);
  await page.getByRole("link", { name: "Choisir Premium" }).click();
  await expect(page).toHaveURL(/\/payment\/premium$/);
  await expect(page.getByRole("heading", { level: 1, name: "Abonnement Premium" })).toBeVisible();
  await expect(page.getByText("0 % de commission sur vos gardes")).toBeVisible();
  await expect(page.getByText("Annulation gratuite")).toHaveCount(0);

  await readsEnglish(page.context());
  await page.goto("/payment");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a subscription" })).toBeVisible();
  await expect(page.getByTestId("refund-rule")).toContainText("every payment of the current period");
});
