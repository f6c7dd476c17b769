// Urgent requests in Chromium, two people at two computers: a parent who just registered (a child,
// her favourite babysitter chosen from the sitter's page) opens 'Demande urgente' from her
// dashboard, fills the form (the address prefilled from her profile, the default 'À qui ?') and
// sends it; the request's page says it waits and how many babysitters it reached. The babysitter,
// in her own browser, opens the notification, reads the request on 'Demandes urgentes' (the family's
// first name and initial, the slot, the amount at her rate) and accepts it: 'La garde est à vous !'.
// Without reloading, the parent's page says who accepted, and 'Voir la réservation' leads to the
// confirmed booking. Then the form's rules, and a parent who calls a request off after a confirmation.
import type { Page } from "@playwright/test";
import { addDays, parisToday } from "../../db/time/paris-time";
import { blockingViolations } from "./axe";
import {
  bookingDetailShown,
  euros,
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb as query,
  readsEnglish,
  registerThroughApi,
  registeredPair,
  signedInNewParent,
  signedInPage,
  test,
  toast,
  waitForApp,
  watchViolations,
} from "./fixtures";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

/** A child of the signed-in parent, added through the API ('Mes enfants' has its own tests); its id. */
async function addChild(page: Page, name: string, age: number): Promise<string> {
  const added = await page.request.post("/api/children", { data: { name, age } });
  expect(added.status(), `child ${name}`).toBe(201);
  return String((await added.json()).child.id);
}

/** The date, start and end fields of the form on screen. */
async function fillSlot(page: Page, date: string, start: string, end: string): Promise<void> {
  await page.getByLabel("Date", { exact: true }).fill(date);
  await page.getByLabel("Heure de début").fill(start);
  await page.getByLabel("Heure de fin").fill(end);
}

test("a parent sends an urgent request, her favourite babysitter accepts it first, and the parent reaches the confirmed booking", async ({
  newTab,
}) => {
  test.setTimeout(180_000);
  const { parentAccount, sitterAccount, parentId, sitterId } = await registeredPair(newTab);
  const sitterName = `${sitterAccount.firstName} ${sitterAccount.lastName}`;
  const familyName = `${parentAccount.firstName} ${parentAccount.lastName.slice(0, 1)}.`;
  const [{ hourly_rate_cents: rate }] = await query(
    "SELECT hourly_rate_cents FROM babysitter_profiles WHERE profile_id = ?",
    [sitterId],
  );
  // Tomorrow evening in Paris: the new babysitter has nothing then.
  const date = addDays(parisToday(), 1);

  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  const parentCsp = await watchViolations(parent);
  await addChild(parent, "Léa", 5);

  // She makes the babysitter a favourite from her page: favourites are the first an urgent request reaches.
  await parent.goto(`/babysitter/${sitterId}`);
  await waitForApp(parent);
  const heart = parent.getByRole("button", { name: `Favori : ${sitterName}` });
  await heart.click();
  await expect(toast(parent, "Ajouté aux favoris")).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  // The dashboard's 'Demande urgente' opens the form.
  await parent.goto("/dashboard");
  await waitForApp(parent);
  await parent.getByRole("main").getByRole("link", { name: "Demande urgente", exact: true }).click();
  await parent.waitForURL("**/urgent/new");
  await expect(parent.getByRole("heading", { level: 1, name: "Demande urgente" })).toBeVisible();
  await expect(
    parent.getByText("Envoyée jusqu'à 10 baby-sitters à la fois : la première qui accepte obtient la garde."),
  ).toBeVisible();

  // The address comes from her profile (a city only, for a new account); the date is today's.
  const address = parent.getByLabel("Adresse de la garde");
  await expect(address).toHaveValue(parentAccount.city);
  await expect(parent.getByLabel("Date", { exact: true })).toHaveValue(parisToday());
  await fillSlot(parent, date, "18:00", "22:00");
  await parent.getByRole("checkbox", { name: "Léa, 5 ans" }).check();
  await address.fill("12 rue des Lilas, 69003 Lyon");
  await parent.getByLabel("Instructions particulières (facultatif)").fill("Code de la porte : 1234B.");

  // 'À qui ?': her favourites then the nearest babysitters by default; an agency when she picks one.
  const target = parent.getByRole("group", { name: "À qui ?" });
  const favourites = target.getByRole("radio", {
    name: "Mes favorites puis les baby-sitters disponibles les plus proches",
  });
  await expect(favourites).toBeChecked();
  await target.getByRole("radio", { name: "Une agence" }).check();
  await expect(target.getByRole("combobox", { name: "Agence" })).toBeVisible();
  await favourites.check();
  await expect(target.getByRole("combobox", { name: "Agence" })).toHaveCount(0);

  await parent.getByRole("button", { name: "Envoyer la demande urgente" }).click();
  await expect(toast(parent, "Demande urgente envoyée !")).toBeVisible();
  await parent.waitForURL(/\/urgent\/[0-9a-f-]{36}$/);
  const requestId = new URL(parent.url()).pathname.split("/").pop()!;
  await expect(parent.getByRole("heading", { level: 1, name: "Demande urgente" })).toBeVisible();
  await expect(parent.getByTestId("urgent-status")).toHaveText("En attente d'une baby-sitter");
  await expect(parent.getByTestId("urgent-times")).toHaveText("18:00 – 22:00");
  await expect(parent.getByText("Léa (5 ans)")).toBeVisible();
  await expect(parent.getByText("12 rue des Lilas, 69003 Lyon")).toBeVisible();
  await expect(parent.getByRole("button", { name: "Annuler la demande" })).toBeVisible();
  // Her favourite is among those it reached, and is told.
  const reached = await query("SELECT count(*) AS n FROM urgent_request_recipients WHERE request_id = ?", [requestId]);
  await expect(parent.getByTestId("urgent-recipients")).toHaveText(
    Number(reached[0].n) === 1 ? "Envoyée à 1 baby-sitter" : `Envoyée à ${reached[0].n} baby-sitters`,
  );
  expect(
    await query("SELECT 1 FROM urgent_request_recipients WHERE request_id = ? AND sitter_id = ?", [
      requestId,
      sitterId,
    ]),
  ).toHaveLength(1);
  await expect
    .poll(
      async () =>
        (
          await query(
            "SELECT count(*) AS n FROM notifications WHERE profile_id = ? AND json_extract(data, '$.link') = '/urgent'",
            [sitterId],
          )
        )[0].n,
    )
    .toBe(1);
  expect((await blockingViolations(parent)).blocking).toEqual([]);

  // The babysitter, at her own computer, follows the notification to 'Demandes urgentes'.
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  const sitterCsp = await watchViolations(sitter);
  await sitter.goto("/dashboard");
  await waitForApp(sitter);
  await sitter
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Notifications" })
    .click();
  await sitter.waitForURL("**/notifications");
  const notice = sitter.getByTestId("notification").filter({ hasText: "Demande urgente" });
  await notice.getByRole("link", { name: "Demande urgente" }).click();
  await sitter.waitForURL(/\/urgent$/);
  await expect(sitter.getByRole("heading", { level: 1, name: "Demandes urgentes" })).toBeVisible();

  const card = sitter.locator(`article[data-urgent-request-id="${requestId}"]`);
  await expect(card.getByRole("heading", { name: familyName })).toBeVisible();
  await expect(card).toContainText(parentAccount.city);
  await expect(card.getByTestId("urgent-state")).toHaveText("Ouverte");
  await expect(card.getByTestId("urgent-times")).toHaveText("18:00 – 22:00");
  await expect(card).toContainText("Léa (5 ans)");
  await expect(card).toContainText("Code de la porte : 1234B.");
  await expect(card.getByTestId("urgent-amount")).toHaveText(`${euros(Number(rate) * 4)} à votre tarif`);
  // The address is the taker's only.
  await expect(card).not.toContainText("12 rue des Lilas");
  expect((await blockingViolations(sitter)).blocking).toEqual([]);

  await card.getByRole("button", { name: "Accepter" }).click();
  await expect(toast(sitter, "La garde est à vous !")).toBeVisible();
  await expect(card.getByTestId("urgent-state")).toHaveText("Acceptée par vous");
  await expect(card).toContainText("Adresse : 12 rue des Lilas, 69003 Lyon");
  await expect(card.getByRole("button", { name: "Accepter" })).toHaveCount(0);
  const sitterBookingLink = card.getByRole("link", { name: "Voir la réservation" });
  await expect(sitterBookingLink).toBeFocused();
  const [booking] = await query("SELECT id, status, parent_id FROM bookings WHERE babysitter_id = ?", [sitterId]);
  expect(booking).toMatchObject({ status: "confirmed", parent_id: parentId });
  const bookingId = String(booking.id);
  await expect(sitterBookingLink).toHaveAttribute("href", `/bookings/${bookingId}`);

  // The parent's page, left open, says it without a reload (it asks again every 10 s while it waits).
  await expect(parent.getByTestId("urgent-status")).toHaveText("Baby-sitter trouvée", { timeout: 25_000 });
  await expect(parent.getByTestId("urgent-filled-by")).toHaveText(`${sitterName} a accepté`);
  await expect(parent.getByRole("button", { name: "Annuler la demande" })).toHaveCount(0);
  await parent.getByRole("link", { name: "Voir la réservation" }).click();
  await bookingDetailShown(parent, bookingId);
  await expect(parent.locator(`article[data-booking-id="${bookingId}"]`).getByTestId("booking-status")).toHaveText(
    "Confirmée",
  );

  // Her list of urgent requests, from the user menu, says it too.
  await parent.getByRole("button", { name: `Menu utilisateur (${parentAccount.firstName})` }).click();
  await parent.getByRole("link", { name: "Demandes urgentes", exact: true }).click();
  await parent.waitForURL(/\/urgent$/);
  await expect(parent.getByRole("heading", { level: 1, name: "Mes demandes urgentes" })).toBeVisible();
  const row = parent.locator(`article[data-urgent-request-id="${requestId}"]`);
  await expect(row.getByTestId("urgent-status")).toHaveText("Baby-sitter trouvée");
  await expect(row.getByRole("link", { name: /^Voir la demande du / })).toHaveAttribute("href", `/urgent/${requestId}`);

  // The babysitter's bookings page shows the sitting, and its way back to her urgent requests.
  await sitterBookingLink.click();
  await bookingDetailShown(sitter, bookingId);

  expect(await parentCsp.list()).toEqual([]);
  expect(parentCsp.console).toEqual([]);
  expect(await sitterCsp.list()).toEqual([]);
  expect(sitterCsp.console).toEqual([]);
});

test("the form's rules, then a parent calls off her urgent request after a confirmation", async ({ page }) => {
  test.setTimeout(90_000);
  await signedInNewParent(page);
  await addChild(page, "Tom", 3);

  // From 'Réservations', the header's 'Demande urgente'.
  await page.goto("/bookings");
  await waitForApp(page);
  await page.getByRole("main").getByRole("link", { name: "Demande urgente" }).click();
  await page.waitForURL("**/urgent/new");

  // Nothing ticked, the same start and end, an empty address: the shared validator's messages.
  await fillSlot(page, addDays(parisToday(), 2), "09:00", "09:00");
  await page.getByLabel("Adresse de la garde").fill("");
  await page.getByRole("button", { name: "Envoyer la demande urgente" }).click();
  const form = page.locator("form");
  await expect(form.getByText("Sélectionnez au moins un enfant")).toBeVisible();
  await expect(
    form.getByText(
      "L'heure de fin doit être différente de l'heure de début (une fin plus tôt compte pour le lendemain)",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Adresse de la garde")).toHaveAccessibleDescription(/Ce champ est obligatoire/);
  await expect(page).toHaveURL(/\/urgent\/new$/);

  // An end earlier than the start is the next morning.
  await page.getByLabel("Heure de début").fill("21:00");
  await page.getByLabel("Heure de fin").fill("01:00");
  await page.getByRole("checkbox", { name: "Tom, 3 ans" }).check();
  await page.getByLabel("Adresse de la garde").fill("3 place Bellecour, 69002 Lyon");
  await page.getByRole("button", { name: "Envoyer la demande urgente" }).click();
  await page.waitForURL(/\/urgent\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("urgent-times")).toHaveText("21:00 – 01:00 (+1 j)");
  await expect(page.getByTestId("urgent-status")).toHaveText("En attente d'une baby-sitter");

  // Calling it off asks first; 'Garder la demande' keeps it.
  await page.getByRole("button", { name: "Annuler la demande" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Annuler la demande urgente ?" });
  await expect(dialog).toContainText("Les baby-sitters qui l'ont reçue seront prévenues qu'elle est annulée.");
  await dialog.getByRole("button", { name: "Garder la demande" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("urgent-status")).toHaveText("En attente d'une baby-sitter");
  await page.getByRole("button", { name: "Annuler la demande" }).click();
  await dialog.getByRole("button", { name: "Oui, annuler la demande" }).click();
  await expect(toast(page, "Demande urgente annulée.")).toBeVisible();
  await expect(page.getByTestId("urgent-status")).toHaveText("Annulée");
  await expect(page.getByText("Vous avez annulé cette demande.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Annuler la demande" })).toHaveCount(0);
  expect((await blockingViolations(page)).blocking).toEqual([]);
});

test("in English: a parent's empty list leads to the form; a babysitter's menu leads to her urgent requests", async ({
  newTab,
}) => {
  const { parentAccount, sitterAccount } = await registeredPair(newTab);
  const english = { locale: "en-GB" };

  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password, english);
  await readsEnglish(parent.context());
  await parent.goto("/dashboard");
  await waitForApp(parent);
  await parent.getByRole("button", { name: `User menu (${parentAccount.firstName})` }).click();
  await parent.getByRole("link", { name: "Urgent requests", exact: true }).click();
  await parent.waitForURL(/\/urgent$/);
  await expect(parent.getByRole("heading", { level: 1, name: "My urgent requests" })).toBeVisible();
  await expect(parent.getByText("You have not sent any urgent request.")).toBeVisible();
  await parent.getByRole("link", { name: "New urgent request" }).click();
  await parent.waitForURL("**/urgent/new");
  await expect(parent.getByRole("heading", { level: 1, name: "Urgent request" })).toBeVisible();
  await expect(
    parent.getByText("Sent to up to 10 babysitters at once: the first to accept gets the sitting."),
  ).toBeVisible();
  await expect(parent.getByText("You have not added a child yet: add one in your profile")).toBeVisible();
  await expect(parent.getByRole("button", { name: "Send the urgent request" })).toBeDisabled();

  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password, english);
  await readsEnglish(sitter.context());
  await sitter.goto("/dashboard");
  await waitForApp(sitter);
  await sitter.getByRole("button", { name: `User menu (${sitterAccount.firstName})` }).click();
  await sitter.getByRole("link", { name: "Urgent requests", exact: true }).click();
  await sitter.waitForURL(/\/urgent$/);
  await expect(sitter.getByRole("heading", { level: 1, name: "Urgent requests" })).toBeVisible();
  await expect(sitter.getByText("No urgent request for now.")).toBeVisible();
  expect((await blockingViolations(sitter)).blocking).toEqual([]);
});

test("the second babysitter to accept reads that another one took it, and her list says so", async ({ newTab }) => {
  test.setTimeout(90_000);
  const { parentAccount, sitterAccount, sitterId } = await registeredPair(newTab);
  const other = newAccount("babysitter");
  await registerThroughApi((await newTab({ extraHTTPHeaders: ownClientAddress() })).request, other);
  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  const [{ id: otherId }] = await query("SELECT id FROM profiles WHERE email = ?", [other.email]);

  // Both are her favourites; the request (sent through the API: the form has its own test) reaches both.
  const childId = await addChild(parent, "Nina", 7);
  for (const id of [sitterId, String(otherId)])
    expect((await parent.request.put(`/api/favourites/${id}`)).status()).toBe(200);
  const sent = await parent.request.post("/api/urgent-requests", {
    data: {
      date: addDays(parisToday(), 3),
      start_time: "19:30",
      end_time: "23:30",
      children_ids: [childId],
      address: "8 rue Mercière, 69002 Lyon",
    },
  });
  expect(sent.status()).toBe(201);
  const requestId = String((await sent.json()).request.id);

  // The second babysitter has her list open; the first accepts meanwhile.
  const late = await signedInPage(newTab, other.email, other.password);
  await late.goto("/urgent");
  await waitForApp(late);
  const card = late.locator(`article[data-urgent-request-id="${requestId}"]`);
  await expect(card.getByTestId("urgent-state")).toHaveText("Ouverte");
  const first = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  expect((await first.request.post(`/api/urgent-requests/${requestId}/accept`)).status()).toBe(200);

  await card.getByRole("button", { name: "Accepter" }).click();
  await expect(toast(late, "Une autre baby-sitter a déjà accepté cette demande.")).toBeVisible();
  await expect(card.getByTestId("urgent-state")).toHaveText("Prise par une autre baby-sitter");
  await expect(card.getByRole("button", { name: "Accepter" })).toHaveCount(0);
  await expect(card).not.toContainText("8 rue Mercière");
});
