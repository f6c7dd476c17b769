// Booking status changes as a first-time user meets them (docs/first-time-users.md), in Chromium,
// in French and in English: a double click on 'Accepter' sends one request and shows one success,
// no error; 'Annuler' and 'Refuser' ask first (keeping the request changes nothing, confirming
// acts); the parent reads who ended a request and why ('Refusée par la baby-sitter') in the list
// and the detail; a request nobody answered before its start shows as expired, without buttons.
import type { Browser, Page, Request } from "@playwright/test";
import {
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb as query,
  registerThroughApi,
  test,
  toast,
  waitForApp,
  bookingDetailShown,
  type NewTab,
  signedInPage,
} from "./fixtures";

const TEXTS = {
  fr: {
    locale: "fr-FR",
    accept: "Accepter",
    decline: "Refuser",
    cancel: "Annuler",
    updated: "Statut mis à jour",
    updateError: "Erreur lors de la mise à jour",
    pending: "En attente",
    confirmed: "Confirmée",
    cancelTitle: "Annuler cette demande ?",
    cancelConfirm: "Annuler la demande",
    cancelKeep: "Garder la demande",
    declineTitle: "Refuser cette demande ?",
    declineConfirm: "Refuser la demande",
    declineKeep: "Retour",
    cancelledByParent: "Annulée par le parent",
    declined: "Refusée par la baby-sitter",
    expired: "Expirée (sans réponse avant le début)",
  },
  en: {
    locale: "en-GB",
    accept: "Accept",
    decline: "Decline",
    cancel: "Cancel",
    updated: "Status updated",
    updateError: "Error while updating",
    pending: "Pending",
    confirmed: "Confirmed",
    cancelTitle: "Cancel this request?",
    cancelConfirm: "Cancel the request",
    cancelKeep: "Keep the request",
    declineTitle: "Decline this request?",
    declineConfirm: "Decline the request",
    declineKeep: "Go back",
    cancelledByParent: "Cancelled by the parent",
    declined: "Declined by the babysitter",
    expired: "Expired (no answer before the start)",
  },
} as const;
type Lang = keyof typeof TEXTS;

const HOUR = 3_600_000;

/** A page of its own (another person at another computer), in `lang`, signed in as `email`. */
const signedIn = (newTab: NewTab, lang: Lang, email: string, password: string) =>
  signedInPage(newTab, email, password, { locale: TEXTS[lang].locale });

/**
 * A new parent and a new babysitter (on her trial), each in a browser of their own, and a booking
 * between them written directly, starting `hoursFromNow` from now (creating one has its own tests).
 */
async function pairWithBooking(browser: Browser, newTab: NewTab, baseURL: string, lang: Lang, hoursFromNow: number) {
  const parentAccount = newAccount("parent");
  const sitterAccount = newAccount("babysitter");
  const setup = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(setup.request, parentAccount, { verified: false });
  await registerThroughApi(setup.request, sitterAccount, { verified: false });
  await setup.close();
  // Both confirmed their address (an unconfirmed one may not accept: the email-verification specs);
  // written here rather than through the emailed link, which those specs follow.
  await query("UPDATE user SET email_verified = 1 WHERE email IN (?, ?)", [parentAccount.email, sitterAccount.email]);
  const idOf = async (email: string) => String((await query("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);
  const bookingId = crypto.randomUUID();
  const start = new Date(Date.now() + hoursFromNow * HOUR);
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'pending')`,
    [
      bookingId,
      await idOf(parentAccount.email),
      await idOf(sitterAccount.email),
      start.toISOString(),
      new Date(start.getTime() + 3 * HOUR).toISOString(),
    ],
  );
  return {
    bookingId,
    parent: await signedIn(newTab, lang, parentAccount.email, parentAccount.password),
    sitter: await signedIn(newTab, lang, sitterAccount.email, sitterAccount.password),
  };
}

/** The bookings list, opened from the top navigation's link, and this booking's card in it. */
async function openCard(page: Page, bookingId: string) {
  await page.goto("/");
  await waitForApp(page);
  await page
    .getByRole("navigation")
    .first()
    .getByRole("link", { name: /Réservations|Bookings/ })
    .first()
    .click();
  await page.waitForURL("**/bookings");
  const card = page.locator(`article[data-booking-id="${bookingId}"]`);
  await expect(card).toBeVisible();
  return card;
}

const statusOf = async (bookingId: string) =>
  (await query("SELECT status, cancelled_by, cancel_reason FROM bookings WHERE id = ?", [bookingId]))[0];

/** Every status change the page sends. */
function statusRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/status")) sent.push(request);
  });
  return sent;
}

// Two new accounts and two browsers per test: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 90_000 });

for (const lang of ["fr", "en"] as const) {
  const t = TEXTS[lang];

  test(`a double click on 'Accepter' sends one request: one success, no error (${lang})`, async ({
    browser,
    newTab,
    baseURL,
  }) => {
    const { bookingId, sitter } = await pairWithBooking(browser, newTab, baseURL!, lang, 30);
    const card = await openCard(sitter, bookingId);
    await expect(card.getByTestId("booking-status")).toHaveText(t.pending);
    const sent = statusRequests(sitter);
    const answered = sitter.waitForResponse((r) => r.request().method() === "PATCH");
    await card.getByRole("button", { name: t.accept, exact: true }).dblclick();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    await expect(toast(sitter, t.updated)).toHaveCount(1);
    await expect(card.getByTestId("booking-status")).toHaveText(t.confirmed);
    await expect(card.getByRole("button", { name: t.accept, exact: true })).toHaveCount(0);
    await expect(toast(sitter, t.updateError)).toHaveCount(0);
    expect(sent).toHaveLength(1);
    expect(await statusOf(bookingId)).toMatchObject({ status: "confirmed" });
  });

  test(`'Annuler' asks first: keeping changes nothing, confirming cancels (${lang})`, async ({
    browser,
    newTab,
    baseURL,
  }) => {
    const { bookingId, parent } = await pairWithBooking(browser, newTab, baseURL!, lang, 40);
    const card = await openCard(parent, bookingId);
    const sent = statusRequests(parent);
    const dialog = parent.getByRole("alertdialog", { name: t.cancelTitle });

    await card.getByRole("button", { name: t.cancel, exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: t.cancelKeep }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("booking-status")).toHaveText(t.pending);
    expect(sent).toHaveLength(0);
    expect(await statusOf(bookingId)).toMatchObject({ status: "pending" });

    await card.getByRole("button", { name: t.cancel, exact: true }).click();
    await dialog.getByRole("button", { name: t.cancelConfirm }).click();
    await expect(toast(parent, t.updated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("booking-status")).toHaveText(t.cancelledByParent);
    await expect(card.getByRole("button", { name: t.cancel, exact: true })).toHaveCount(0);
    expect(sent).toHaveLength(1);
    expect(await statusOf(bookingId)).toMatchObject({
      status: "cancelled",
      cancelled_by: "parent",
      cancel_reason: "cancelled",
    });
  });

  test(`'Refuser' asks first; the parent then reads 'Refusée par la baby-sitter' (${lang})`, async ({
    browser,
    newTab,
    baseURL,
  }) => {
    const { bookingId, parent, sitter } = await pairWithBooking(browser, newTab, baseURL!, lang, 50);
    const card = await openCard(sitter, bookingId);
    const sent = statusRequests(sitter);
    const dialog = sitter.getByRole("alertdialog", { name: t.declineTitle });

    await card.getByRole("button", { name: t.decline, exact: true }).click();
    await expect(dialog).toBeVisible();
    await sitter.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await card.getByRole("button", { name: t.decline, exact: true }).click();
    await dialog.getByRole("button", { name: t.declineKeep }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toHaveLength(0);
    expect(await statusOf(bookingId)).toMatchObject({ status: "pending" });

    await card.getByRole("button", { name: t.decline, exact: true }).click();
    await dialog.getByRole("button", { name: t.declineConfirm }).click();
    await expect(toast(sitter, t.updated)).toBeVisible();
    await expect(card.getByTestId("booking-status")).toHaveText(t.declined);
    expect(sent).toHaveLength(1);

    // The parent sees who ended it and why, in the list and in the detail.
    const parentCard = await openCard(parent, bookingId);
    await expect(parentCard.getByTestId("booking-status")).toHaveText(t.declined);
    await expect(parentCard.getByRole("button")).toHaveCount(0);
    await parentCard.locator(`a[href="/bookings/${bookingId}"]`).click();
    await bookingDetailShown(parent, bookingId);
    await expect(parent.getByTestId("booking-status")).toHaveText(t.declined);
  });

  test(`a request nobody answered before its start shows as expired, without buttons (${lang})`, async ({
    browser,
    newTab,
    baseURL,
  }) => {
    // Still 'pending' in the database: the cron has not run, the screens already know.
    const { bookingId, parent, sitter } = await pairWithBooking(browser, newTab, baseURL!, lang, -1);
    for (const page of [parent, sitter]) {
      const card = await openCard(page, bookingId);
      await expect(card.getByTestId("booking-status")).toHaveText(t.expired);
      await expect(card.getByRole("group")).toHaveCount(0);
      for (const name of [t.cancel, t.accept, t.decline])
        await expect(card.getByRole("button", { name, exact: true })).toHaveCount(0);
      await card.locator(`a[href="/bookings/${bookingId}"]`).click();
      await bookingDetailShown(page, bookingId);
      await expect(page.getByTestId("booking-status")).toHaveText(t.expired);
      await expect(page.getByRole("button", { name: t.cancel, exact: true })).toHaveCount(0);
    }
    expect(await statusOf(bookingId)).toMatchObject({ status: "pending" });
  });
}
