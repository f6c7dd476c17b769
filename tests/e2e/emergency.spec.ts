// Emergency alerts in Chromium: during a confirmed sitting, the parent opens the booking page,
// raises an alert from the red 'Signaler une urgence' button (the dialog says to call 15, with a
// tel: link, and offers the sitting's address), sees the toast and the alert under the booking; the
// server alerts the three internal mailboxes, and the babysitter finds it in /notifications. Axe on
// the page with the dialog open.
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  queryStackDb as query,
  registerThroughApi,
  test,
  toast,
  waitForApp,
  ownClientAddress,
  signedInPage,
  bookingDetailShown,
} from "./fixtures";

const profileIdOf = async (email: string) =>
  String((await query("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);

test("a parent raises an emergency alert from the booking page; the babysitter sees it in her notifications", async ({
  newTab,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = newAccount("parent");
  const sitterAccount = newAccount("babysitter");
  const setup = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(setup.request, account);
  await registerThroughApi(setup.request, sitterAccount);
  await setup.close();
  const parentId = await profileIdOf(account.email);
  const sitterId = await profileIdOf(sitterAccount.email);
  await query("UPDATE profiles SET address = '8 rue Oberkampf', postal_code = '75011', city = 'Paris' WHERE id = ?", [
    parentId,
  ]);
  // A sitting that started half an hour ago (a new babysitter of its own: no other booking overlaps).
  const bookingId = crypto.randomUUID();
  const start = Date.now() - 30 * 60_000;
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'confirmed')`,
    [bookingId, parentId, sitterId, new Date(start).toISOString(), new Date(start + 3 * 3_600_000).toISOString()],
  );

  const parent = await signedInPage(newTab, account.email, account.password);
  await parent.goto(`/bookings/${bookingId}`);
  await waitForApp(parent);
  await expect(parent.getByRole("heading", { name: "Urgence pendant la garde" })).toBeVisible();
  await parent.getByRole("button", { name: "Signaler une urgence" }).click();

  const dialog = parent.getByRole("dialog", { name: "Signaler une urgence" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("En cas de danger immédiat, appelez le 15")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Appeler le 15" })).toHaveAttribute("href", "tel:15");
  await expect(dialog.getByLabel("Lieu")).toHaveValue("8 rue Oberkampf, 75011 Paris");
  expect((await blockingViolations(parent)).blocking).toEqual([]);

  // The type is required.
  await dialog.getByRole("button", { name: "Envoyer l'alerte" }).click();
  await expect(dialog.getByText("Choisissez le type d'urgence")).toBeVisible();
  await dialog.getByLabel("Type d'urgence").selectOption({ label: "Urgence médicale" });
  await dialog.getByLabel("Ce qui se passe (facultatif)").fill("Forte fièvre, Léo ne répond plus bien.");
  await dialog.getByRole("button", { name: "Envoyer l'alerte" }).click();

  await expect(toast(parent, "Alerte envoyée : nos équipes et l'autre partie sont prévenues.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const history = parent.getByRole("region", { name: "Urgence pendant la garde" });
  await expect(history.getByText(/^Urgence médicale · /)).toBeVisible();
  await expect(history.getByText("Signalée par vous · 8 rue Oberkampf, 75011 Paris")).toBeVisible();

  const [incident] = await query("SELECT id, type, reporter_id FROM emergency_incidents WHERE booking_id = ?", [
    bookingId,
  ]);
  expect(incident).toMatchObject({ type: "medical", reporter_id: parentId });
  await expect
    .poll(
      async () =>
        (
          await query(
            "SELECT count(*) AS n FROM outbox WHERE idempotency_key LIKE ? AND recipient LIKE '%@veilleuse.fr'",
            [`emergencyAlert:${incident.id}:%`],
          )
        )[0].n,
    )
    .toBe(3);

  // The babysitter's notification centre.
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  await sitter.goto("/notifications");
  await waitForApp(sitter);
  const notice = sitter.getByTestId("notification").filter({ hasText: "8 rue Oberkampf" });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText("URGENCE");
  await expect(notice).toContainText("Urgence médicale");
  // The notice's title links to the booking: she opens it and sees the alert, reported by the other party.
  const title = notice.getByRole("link", { name: /URGENCE/ });
  await expect(title).toHaveAttribute("href", `/bookings/${bookingId}`);
  await title.click();
  await bookingDetailShown(sitter, bookingId);
  await expect(sitter.getByText("Signalée par l'autre partie · 8 rue Oberkampf, 75011 Paris")).toBeVisible();
});
