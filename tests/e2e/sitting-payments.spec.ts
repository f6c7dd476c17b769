// Paying a sitting in Chromium, with the demo provider (no Stripe keys, clearly labelled): the
// babysitter activates card payments from her settings; the parent opens a sitting whose hours
// stand from 'Réservations', pays what they come to plus a tip (a declined test card first, then one
// that pays), and marks another sitting as settled outside Veilleuse; the babysitter follows the
// 'Paiement reçu' notice to the booking and reads the payment.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe";
import {
  activateCardPayments,
  euros,
  expect,
  openBookingFromList,
  queryStackDb as query,
  registeredPair,
  signedInPage,
  test,
  toast,
  waitForApp,
} from "./fixtures";

const HOUR = 3_600_000;

/** A confirmed 3-hour sitting at 15 €/h that ended `endedHoursAgo` ago, its hours confirmed by the parent. */
async function settledSitting(parentId: string, sitterId: string, endedHoursAgo: number) {
  const id = crypto.randomUUID();
  const end = new Date(Date.now() - endedHoursAgo * HOUR).toISOString();
  const start = new Date(Date.parse(end) - 3 * HOUR).toISOString();
  const now = new Date().toISOString();
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status,
       hours_start, hours_end, hours_status, hours_proposed_at, hours_answered_at)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'confirmed', ?, ?, 'confirmed', ?, ?)`,
    [id, parentId, sitterId, start, end, start, end, now, now],
  );
  return id;
}

/** A booking opened from the booking list, its section in view. */
async function openFromBookings(page: Page, bookingId: string) {
  await openBookingFromList(page, bookingId);
  await expect(page.getByRole("heading", { name: "Paiement", exact: true })).toBeVisible();
}

test("a sitter activates card payments; the parent pays one sitting with a tip and settles another outside Veilleuse", async ({
  newTab,
}) => {
  test.setTimeout(120_000);
  const { parentAccount, sitterAccount, parentId, sitterId } = await registeredPair(newTab);
  const paid = await settledSitting(parentId, sitterId, 2);
  const outside = await settledSitting(parentId, sitterId, 30);

  // The parent first: the sitter takes no card payment yet, so only 'Réglée hors Veilleuse' is offered.
  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  await openFromBookings(parent, paid);
  await expect(parent.getByTestId("payment-state")).toHaveText(
    `À régler : ${euros(4500)}, pour les heures confirmées.`,
  );
  await expect(parent.getByText("Cette babysitter ne reçoit pas encore de paiements par carte")).toBeVisible();
  await expect(parent.getByRole("link", { name: "Payer la garde" })).toHaveCount(0);

  // The sitter activates card payments from her settings (the demo provider: at once, labelled).
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  await sitter.goto("/dashboard");
  await waitForApp(sitter);
  await activateCardPayments(sitter, sitterAccount.firstName);
  await expect(sitter.getByText("Mode démo : aucun versement réel.")).toBeVisible();

  // The parent pays: the hours' amount is the server's, she adds a 5 € tip.
  await parent.reload();
  await waitForApp(parent);
  await parent.getByRole("link", { name: "Payer la garde" }).click();
  await expect(parent).toHaveURL(new RegExp(`/bookings/${paid}/pay$`));
  await expect(parent.getByTestId("sitting-amount")).toHaveText(`Heures confirmées : ${euros(4500)}`);
  await parent.getByLabel(euros(500)).check();
  await expect(parent.getByTestId("sitting-total")).toHaveText(`Total : ${euros(5000)}`);
  expect((await blockingViolations(parent)).blocking).toEqual([]);
  await parent.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(parent.getByTestId("demo-banner")).toBeVisible();
  const cardNumber = parent.getByLabel("Numéro de carte");
  await cardNumber.fill("4000 0000 0000 0002");
  await parent.getByRole("button", { name: `Payer ${euros(5000)}` }).click();
  await expect(parent.getByText("Votre carte a été refusée.")).toBeVisible();
  await cardNumber.fill("4242 4242 4242 4242");
  await parent.getByRole("button", { name: `Payer ${euros(5000)}` }).click();
  await expect(toast(parent, `Paiement effectué : merci ! ${sitterAccount.firstName} est prévenue.`)).toBeVisible();
  await expect(parent).toHaveURL(new RegExp(`/bookings/${paid}$`));
  await expect(parent.getByTestId("payment-state")).toContainText(`${euros(5000)}, dont ${euros(500)} de pourboire.`);
  await expect(parent.getByRole("link", { name: "Payer la garde" })).toHaveCount(0);
  const [receipt] = await Promise.all([
    parent.waitForEvent("download"),
    parent.getByRole("button", { name: "Télécharger le reçu" }).click(),
  ]);
  expect(receipt.suggestedFilename()).toBe(`recu-${paid}.pdf`);
  expect((await readFile(await receipt.path())).subarray(0, 5).toString()).toBe("%PDF-");

  // The other sitting was paid in cash: she says so, after a confirmation.
  await openFromBookings(parent, outside);
  await parent.getByRole("button", { name: "Réglée hors Veilleuse" }).click();
  await parent.getByRole("button", { name: "Oui, elle est réglée" }).click();
  await expect(toast(parent, "Garde indiquée comme réglée.")).toBeVisible();
  await expect(parent.getByTestId("payment-state")).toHaveText(`Réglée hors Veilleuse (${euros(4500)}).`);

  // The sitter follows 'Paiement reçu' from her notifications to the booking.
  await sitter.getByRole("navigation").first().getByRole("link", { name: "Notifications" }).first().click();
  const notice = sitter.locator(`a[href="/bookings/${paid}"]`).filter({ hasText: "Paiement reçu" });
  await expect(notice).toHaveCount(1);
  await notice.click();
  await expect(sitter).toHaveURL(new RegExp(`/bookings/${paid}$`));
  await expect(sitter.getByTestId("payment-state")).toContainText(`${euros(5000)}, dont ${euros(500)} de pourboire.`);
  const [row] = await query(
    "SELECT status, amount_cents, tip_cents, method FROM sitting_payments WHERE booking_id = ?",
    [paid],
  );
  expect(row).toMatchObject({ status: "succeeded", amount_cents: 4500, tip_cents: 500, method: "demo" });
});

test("a parent reads last month's statement, downloads its CSV and PDF, and the year's tax credit estimate", async ({
  newTab,
}) => {
  const { parentAccount, sitterAccount, parentId, sitterId } = await registeredPair(newTab);
  // Two sittings of 3 h at 15 €/h on the 10th and 17th of last month (Paris), one settled outside.
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 17));
  const month = lastMonth.toISOString().slice(0, 7);
  const first = await settledSitting(parentId, sitterId, (Date.now() - lastMonth.getTime()) / HOUR - 3);
  await settledSitting(parentId, sitterId, (Date.now() - lastMonth.getTime()) / HOUR - 3 - 7 * 24);
  await query(
    `INSERT INTO sitting_payments (id, booking_id, parent_id, babysitter_id, method, status, amount_cents, paid_at)
     VALUES (?, ?, ?, ?, 'outside', 'outside', 4500, ?)`,
    [crypto.randomUUID(), first, parentId, sitterId, new Date().toISOString()],
  );

  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  await parent.goto("/dashboard");
  await waitForApp(parent);
  await parent.getByRole("button", { name: `Menu utilisateur (${parentAccount.firstName})` }).click();
  await parent.getByRole("link", { name: "Mes relevés", exact: true }).click();
  await expect(parent).toHaveURL(/\/statements$/);
  await expect(parent.getByLabel("Mois")).toHaveValue(month);
  const sitter = parent.getByTestId("statement-sitter");
  await expect(sitter).toHaveCount(1);
  await expect(sitter).toContainText(`${sitterAccount.firstName} ${sitterAccount.lastName}`);
  await expect(parent.getByTestId("statement-declare")).toHaveText(
    `À déclarer : 6 h 00, ${euros(1500)} de l'heure, ${euros(9000)}, 2 jour(s) d'activité`,
  );
  await expect(sitter).toContainText("réglée hors Veilleuse");
  await expect(sitter).toContainText("à régler");
  expect((await blockingViolations(parent)).blocking).toEqual([]);

  const [csv] = await Promise.all([
    parent.waitForEvent("download"),
    parent.getByRole("button", { name: "Télécharger le CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`releve-${month}.csv`);
  const rows = (await readFile(await csv.path(), "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(rows[0]).toContain("Nombre d'heures;Salaire horaire net (€);Salaire net total (€)");
  expect(rows[1]).toBe(
    `${month};${sitterAccount.lastName};${sitterAccount.firstName};6,00;15,00;90,00;2;0,00;45,00;45,00`,
  );
  const [pdf] = await Promise.all([
    parent.waitForEvent("download"),
    parent.getByRole("button", { name: "Télécharger le PDF" }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`releve-${month}.pdf`);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");

  // The year: what was paid, and half of it back as a tax credit (an estimate, its rule said once).
  await expect(parent.getByTestId("tax-credit")).toHaveText(
    `Crédit d'impôt estimé : ${euros(4500)} (coût après crédit : ${euros(4500)})`,
  );
  await expect(parent.getByText("Estimation, pas un conseil fiscal")).toBeVisible();
});
