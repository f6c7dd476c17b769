// Cancelling a confirmed sitting in Chromium, with the demo provider: a parent cancels a sitting
// starting in 10 h from its page, reading the late terms on the card and in the dialog before she
// confirms; she owes half the booked amount, which she pays like a sitting once the babysitter takes
// card payments; the babysitter refunds it and reads it marked on 'Mes paiements'. A babysitter
// cancels a sitting three days ahead ('the family owes nothing'), and the parent reads the notice.
import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe";
import {
  activateCardPayments,
  bookingDetailShown,
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

/** A confirmed 3-hour sitting at 15 €/h (45 €) starting `startsInHours` from now. */
async function confirmedSitting(parentId: string, sitterId: string, startsInHours: number) {
  const id = crypto.randomUUID();
  const start = new Date(Date.now() + startsInHours * HOUR);
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'confirmed')`,
    [id, parentId, sitterId, start.toISOString(), new Date(start.getTime() + 3 * HOUR).toISOString()],
  );
  return id;
}

/** The booking's card at the top of its page. */
const cardOf = (page: Page, bookingId: string) => page.locator(`article[data-booking-id="${bookingId}"]`);

test("a parent cancels a sitting 10 h ahead, owes half of it and pays it; the babysitter refunds it", async ({
  newTab,
}) => {
  test.setTimeout(150_000);
  const { parentAccount, sitterAccount, parentId, sitterId } = await registeredPair(newTab);
  const bookingId = await confirmedSitting(parentId, sitterId, 10);
  const fee = euros(2250);

  // The terms are on the card before she acts: within 24 h, half of the 45 € is owed.
  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  await openBookingFromList(parent, bookingId);
  const card = cardOf(parent, bookingId);
  await expect(card.getByTestId("cancellation-terms")).toHaveText(
    `Annulation tardive : ${fee} seraient dus à la baby-sitter.`,
  );
  await card.getByRole("button", { name: "Annuler la garde" }).click();
  const dialog = parent.getByRole("alertdialog", { name: "Annulation tardive" });
  await expect(dialog).toContainText(`vous devrez ${fee} à la baby-sitter (50 % du montant prévu)`);
  await dialog.getByRole("button", { name: `Annuler et devoir ${fee}` }).click();
  await expect(toast(parent, "Statut mis à jour")).toBeVisible();
  await expect(card.getByTestId("booking-status")).toHaveText("Annulée par le parent");
  await expect(card.getByTestId("cancellation-terms")).toHaveText(
    `Annulée moins de 24 h avant : ${fee} dus à la baby-sitter.`,
  );
  await expect(parent.getByTestId("payment-state")).toHaveText(`Frais d'annulation tardive à régler : ${fee}.`);
  await expect(parent.getByText("Cette babysitter ne reçoit pas encore de paiements par carte")).toBeVisible();
  expect((await query("SELECT late_cancel_fee_cents FROM bookings WHERE id = ?", [bookingId]))[0]).toMatchObject({
    late_cancel_fee_cents: 2250,
  });

  // The babysitter reads what she is owed, and takes card payments.
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  await openBookingFromList(sitter, bookingId);
  await expect(cardOf(sitter, bookingId).getByTestId("cancellation-terms")).toHaveText(
    `Annulée moins de 24 h avant : ${fee} vous sont dus.`,
  );
  await expect(sitter.getByTestId("payment-state")).toHaveText(
    `Frais d'annulation tardive, en attente du paiement de la famille : ${fee}.`,
  );
  await activateCardPayments(sitter, sitterAccount.firstName);

  // The parent pays the fee like a sitting, with the demo card.
  await parent.reload();
  await waitForApp(parent);
  await parent.getByRole("link", { name: "Régler les frais" }).click();
  await expect(parent).toHaveURL(new RegExp(`/bookings/${bookingId}/pay$`));
  await expect(parent.getByTestId("sitting-amount")).toHaveText(`Frais d'annulation tardive : ${fee}`);
  await expect(parent.getByTestId("sitting-total")).toHaveText(`Total : ${fee}`);
  await parent.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await parent.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
  await parent.getByRole("button", { name: `Payer ${fee}` }).click();
  await expect(toast(parent, `Paiement effectué : merci ! ${sitterAccount.firstName} est prévenue.`)).toBeVisible();
  await expect(parent).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
  await expect(parent.getByTestId("payment-state")).toContainText("Payée par carte le");
  await expect(parent.getByRole("link", { name: "Régler les frais" })).toHaveCount(0);

  // The babysitter gives it back, after a confirmation.
  await sitter.getByRole("navigation").first().getByRole("link", { name: "Réservations" }).first().click();
  await sitter.locator(`article[data-booking-id="${bookingId}"] a[href="/bookings/${bookingId}"]`).click();
  await expect(sitter.getByTestId("payment-state")).toContainText("Payée par carte le");
  await sitter.getByRole("button", { name: "Rembourser la famille" }).click();
  await expect(
    sitter.getByText(`Rembourser ${fee} à la famille ? Le montant, pourboire compris, sera repris`),
  ).toBeVisible();
  await sitter.getByRole("button", { name: "Oui, rembourser" }).click();
  await expect(toast(sitter, "Paiement remboursé à la famille.")).toBeVisible();
  await expect(sitter.getByTestId("payment-state")).toContainText("Remboursée à la famille le");
  await expect(sitter.getByTestId("payment-state")).toContainText(`: ${fee}.`);
  await expect(sitter.getByRole("button", { name: "Rembourser la famille" })).toHaveCount(0);
  await expect(sitter.getByRole("button", { name: "Télécharger le reçu" })).toHaveCount(0);

  // 'Mes paiements' marks it refunded and counts it in no total; no payout to her bank in demo mode.
  await sitter.getByRole("button", { name: `Menu utilisateur (${sitterAccount.firstName})` }).click();
  await sitter.getByRole("link", { name: "Mes paiements", exact: true }).click();
  const row = sitter.getByTestId("received-payment");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Remboursé");
  await expect(sitter.getByTestId("payouts-totals")).toHaveText(
    `Par carte : ${euros(0)} · Hors Veilleuse : ${euros(0)}`,
  );
  await expect(sitter.getByRole("heading", { name: "Versements vers votre banque" })).toBeVisible();
  await expect(sitter.getByText("Aucun versement pour l'instant.")).toBeVisible();
  expect((await blockingViolations(sitter)).blocking).toEqual([]);
});

test("a babysitter cancels a sitting three days ahead; the parent reads the notice", async ({ newTab }) => {
  test.setTimeout(90_000);
  const { parentAccount, sitterAccount, parentId, sitterId } = await registeredPair(newTab);
  const bookingId = await confirmedSitting(parentId, sitterId, 72);
  const parentName = `${parentAccount.firstName} ${parentAccount.lastName}`;

  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  await openBookingFromList(sitter, bookingId);
  const card = cardOf(sitter, bookingId);
  await expect(card.getByTestId("cancellation-terms")).toHaveCount(0);
  await card.getByRole("button", { name: "Annuler la garde" }).click();
  const dialog = sitter.getByRole("alertdialog", { name: "Annuler cette garde ?" });
  await expect(dialog).toContainText(`La famille ${parentName} sera prévenue aussitôt et ne vous devra rien`);
  await dialog.getByRole("button", { name: "Annuler la garde" }).click();
  await expect(toast(sitter, "Statut mis à jour")).toBeVisible();
  await expect(card.getByTestId("booking-status")).toHaveText("Annulée par la baby-sitter");
  await expect(card.getByRole("button", { name: "Annuler la garde" })).toHaveCount(0);
  expect(
    (
      await query("SELECT status, cancelled_by, cancel_reason, late_cancel_fee_cents FROM bookings WHERE id = ?", [
        bookingId,
      ])
    )[0],
  ).toMatchObject({
    status: "cancelled",
    cancelled_by: "babysitter",
    cancel_reason: "withdrawn",
    late_cancel_fee_cents: null,
  });

  // The parent follows the notice to the booking: cancelled by the babysitter, nothing owed.
  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  await parent.goto("/");
  await waitForApp(parent);
  await parent.getByRole("navigation").first().getByRole("link", { name: "Notifications" }).first().click();
  const notice = parent
    .locator(`a[href="/bookings/${bookingId}"]`)
    .filter({ hasText: "Garde annulée par la baby-sitter" });
  await expect(notice).toHaveCount(1);
  await notice.click();
  await bookingDetailShown(parent, bookingId);
  await expect(cardOf(parent, bookingId).getByTestId("booking-status")).toHaveText("Annulée par la baby-sitter");
  await expect(parent.getByTestId("cancellation-terms")).toHaveCount(0);
  await expect(parent.getByRole("heading", { name: "Paiement", exact: true })).toHaveCount(0);
});
