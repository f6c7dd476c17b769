// The booking form, by clicks in Chromium: an evening out 20:00 -> 01:00 reads "(+1 j)" / "(+1 d)"
// with its 5-hour total in the form, the summary, the list and the detail (French and English); a
// slot outside the babysitter's availability warns before sending and 'Envoyer quand même' sends
// it; a confirmed booking shows the family's address to the babysitter and both parties download
// its .ics; 'Ajouter un enfant' goes to 'Mes enfants' and back to the filled form.
import { readFile } from "node:fs/promises";
import type { Browser, Locator, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { addDays, dateMsOf, parisToUtcIso, parisToday } from "../../db/time/paris-time";
import { WEEKDAYS } from "../../db/schema/enums";
import {
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb as query,
  registerThroughApi,
  test,
  toast,
  waitForApp,
  type NewAccount,
  bookingDetailShown,
} from "./fixtures";

const TEXTS = {
  fr: {
    locale: "fr-FR",
    startTime: "Heure de début",
    endTime: "Heure de fin",
    jules: "Jules, 6 ans",
    continue: "Continuer",
    created: "Réservation créée",
    viewBookings: "Voir mes réservations",
    details: /^Voir le détail de la réservation/,
    range: "20:00 – 01:00 (+1 j)",
    hours: /20:00 – 01:00 \(\+1 j\) · 5 h × /,
  },
  en: {
    locale: "en-GB",
    startTime: "Start time",
    endTime: "End time",
    jules: "Jules, 6 years old",
    continue: "Continue",
    created: "Booking created",
    viewBookings: "View my bookings",
    details: /^View the booking with/,
    range: "20:00 – 01:00 (+1 d)",
    hours: /20:00 – 01:00 \(\+1 d\) · 5 h × /,
  },
} as const;
type Lang = keyof typeof TEXTS;

// Each test walks several pages in two browsers (as booking.spec.ts does).
test.describe.configure({ timeout: 120_000 });

/** A browser context of its own (another person), signed in through the API, in `lang`. */
async function pageOf(browser: Browser, baseURL: string, lang: Lang, email: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext({
    baseURL,
    locale: TEXTS[lang].locale,
    timezoneId: "Europe/Paris",
    extraHTTPHeaders: ownClientAddress(),
  });
  const signedIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(signedIn.status(), `sign-in of ${email}`).toBe(200);
  return context.newPage();
}

const profileIdOf = async (email: string) =>
  String((await query("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);

/** A new account, registered through the API; a babysitter gets 18 EUR/h and `availability`. */
async function registered(page: Page, userType: "parent" | "babysitter", availability: object = {}) {
  const account = newAccount(userType);
  await registerThroughApi(page.request, account);
  const id = await profileIdOf(account.email);
  if (userType === "babysitter")
    await query("UPDATE babysitter_profiles SET hourly_rate_cents = 1800, available_hours = ? WHERE profile_id = ?", [
      JSON.stringify(availability),
      id,
    ]);
  return { account, id };
}

/** The card of this booking in the list, asking for more pages until it shows. */
async function cardOf(page: Page, bookingId: string): Promise<Locator> {
  const card = page.locator(`article[data-booking-id="${bookingId}"]`);
  const more = page.getByRole("button", { name: /Afficher plus|Show more/ });
  await expect(card.or(more).first()).toBeVisible();
  while (!(await card.isVisible()) && (await more.isVisible())) {
    await more.click();
    await expect(card.or(more).first()).toBeVisible();
  }
  await expect(card).toBeVisible();
  return card;
}

async function insertBooking(parentId: string, sitterId: string, status: string, date: string) {
  const id = crypto.randomUUID();
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1800, 7200, ?)`,
    [id, parentId, sitterId, parisToUtcIso(date, "18:00")!, parisToUtcIso(date, "22:00")!, status],
  );
  return id;
}

for (const lang of ["fr", "en"] as const) {
  test(`an evening out 20:00 -> 01:00 reads ${TEXTS[lang].range}, 5 hours, in the form, the summary, the list and the detail (${lang})`, async ({
    browser,
    baseURL,
    page,
  }) => {
    const t = TEXTS[lang];
    const sitter = await registered(page, "babysitter");
    const parent = await pageOf(browser, baseURL!, lang, DEMO_ACCOUNTS.parent.email);
    await parent.goto(`/booking/${sitter.id}`);
    await waitForApp(parent);
    await parent.getByLabel("Date", { exact: true }).fill(addDays(parisToday(), lang === "fr" ? 250 : 260));
    await parent.getByLabel(t.startTime).fill("20:00");
    await parent.getByLabel(t.endTime).fill("01:00");
    await parent.getByRole("checkbox", { name: t.jules }).check();
    await expect(parent.getByTestId("booking-estimate-detail")).toHaveText(t.hours);
    await expect(parent.getByTestId("booking-estimate")).toHaveText(/90/); // 5 h x 18 EUR

    const created = parent.waitForResponse((r) => r.url().endsWith("/api/bookings") && r.request().method() === "POST");
    await parent.getByRole("button", { name: t.continue }).click();
    const bookingId: string = (await (await created).json()).booking.id;
    await expect(parent.getByRole("heading", { level: 1, name: t.created })).toBeVisible();
    await expect(parent.getByText(t.range, { exact: true })).toBeVisible();
    await expect(parent.getByRole("main")).toContainText("90");

    await parent.getByRole("link", { name: t.viewBookings }).click();
    await parent.waitForURL("**/bookings");
    const card = await cardOf(parent, bookingId);
    await expect(card.getByTestId("booking-times")).toHaveText(t.range);
    await expect(card).toContainText("90");
    await card.getByRole("link", { name: t.details }).click();
    await bookingDetailShown(parent, bookingId);
    await expect(parent.getByTestId("booking-times")).toHaveText(t.range);
    expect(
      (await query("SELECT total_amount_cents FROM bookings WHERE id = ?", [bookingId]))[0].total_amount_cents,
    ).toBe(9000);
  });
}

test("a day the babysitter did not say she is available warns first; 'Envoyer quand même' sends", async ({
  browser,
  baseURL,
  page,
}) => {
  const date = addDays(parisToday(), 270);
  const weekday = WEEKDAYS[(new Date(dateMsOf(date)!).getUTCDay() + 6) % 7];
  const otherDay = WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 2) % 7];
  const sitter = await registered(page, "babysitter", { [otherDay]: [["08:00", "22:00"]] });
  const parent = await pageOf(browser, baseURL!, "fr", DEMO_ACCOUNTS.parent.email);
  const posts: string[] = [];
  parent.on("request", (r) => r.method() === "POST" && r.url().endsWith("/api/bookings") && posts.push(r.url()));
  await parent.goto(`/booking/${sitter.id}`);
  await waitForApp(parent);
  await parent.getByLabel("Date", { exact: true }).fill(date);
  await parent.getByLabel("Heure de début").fill("19:00");
  await parent.getByLabel("Heure de fin").fill("22:00");
  await parent.getByRole("checkbox", { name: "Jules, 6 ans" }).check();

  await parent.getByRole("button", { name: "Continuer" }).click();
  const warning = parent.getByRole("region", { name: "Avant d'envoyer votre demande" });
  await expect(warning).toContainText("n'a pas indiqué être disponible à ces horaires");
  expect(posts).toEqual([]);
  // 'Modifier la demande' goes back to the form; Continue warns again.
  await warning.getByRole("button", { name: "Modifier la demande" }).click();
  await expect(warning).toBeHidden();
  await parent.getByRole("button", { name: "Continuer" }).click();
  await warning.getByRole("button", { name: "Envoyer quand même" }).click();
  await expect(parent.getByRole("heading", { level: 1, name: "Réservation créée" })).toBeVisible();
  await expect(toast(parent, "Réservation créée avec succès !")).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(Number((await query("SELECT count(*) AS n FROM bookings WHERE babysitter_id = ?", [sitter.id]))[0].n)).toBe(1);
});

test("a confirmed booking shows the family's address to the babysitter, and both parties get the .ics", async ({
  browser,
  baseURL,
  page,
}) => {
  const family = await registered(page, "parent");
  const sitter = await registered(page, "babysitter");
  await query("UPDATE profiles SET address = '12 rue des Lilas', postal_code = '69003', city = 'Lyon' WHERE id = ?", [
    family.id,
  ]);
  const confirmed = await insertBooking(family.id, sitter.id, "confirmed", addDays(parisToday(), 20));
  const pending = await insertBooking(family.id, sitter.id, "pending", addDays(parisToday(), 21));

  const sitterPage = await pageOf(browser, baseURL!, "fr", sitter.account.email, sitter.account.password);
  await sitterPage.goto(`/bookings/${pending}`);
  await waitForApp(sitterPage);
  await expect(sitterPage.locator(`article[data-booking-id="${pending}"]`)).toContainText("Lyon");
  await expect(sitterPage.getByRole("heading", { name: "Adresse de la famille" })).toHaveCount(0);
  await expect(sitterPage.getByRole("button", { name: "Ajouter à mon agenda" })).toHaveCount(0);

  await sitterPage.goto(`/bookings/${confirmed}`);
  await waitForApp(sitterPage);
  await expect(sitterPage.getByRole("heading", { name: "Adresse de la famille" })).toBeVisible();
  await expect(sitterPage.getByTestId("family-address")).toHaveText("12 rue des Lilas, 69003 Lyon");
  const download = sitterPage.waitForEvent("download");
  await sitterPage.getByRole("button", { name: "Ajouter à mon agenda" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`veilleuse-${confirmed}.ics`);
  const ics = await readFile((await file.path())!, "utf8");
  expect(ics).toContain(`UID:${confirmed}\r\n`);
  expect(ics).toContain("LOCATION:12 rue des Lilas\\, 69003 Lyon\r\n");
  await expect(toast(sitterPage, "Fichier d'agenda téléchargé")).toBeVisible();

  const parentPage = await pageOf(browser, baseURL!, "fr", family.account.email, family.account.password);
  await parentPage.goto(`/bookings/${confirmed}`);
  await waitForApp(parentPage);
  await expect(parentPage.getByRole("heading", { name: "Adresse de la famille" })).toHaveCount(0);
  const parentDownload = parentPage.waitForEvent("download");
  await parentPage.getByRole("button", { name: "Ajouter à mon agenda" }).click();
  const parentIcs = await readFile((await (await parentDownload).path())!, "utf8");
  expect(parentIcs).toMatch(/SUMMARY:Garde avec /);
});

test("'Ajouter un enfant' opens Mes enfants and comes back to the filled form, the new child ready to tick", async ({
  browser,
  baseURL,
  page,
}) => {
  const sitter = await registered(page, "babysitter");
  const family: { account: NewAccount } = await registered(page, "parent");
  const parent = await pageOf(browser, baseURL!, "fr", family.account.email, family.account.password);
  const date = addDays(parisToday(), 30);
  await parent.goto(`/booking/${sitter.id}`);
  await waitForApp(parent);
  await parent.getByLabel("Date", { exact: true }).fill(date);
  await parent.getByLabel("Heure de début").fill("20:00");
  await parent.getByLabel("Heure de fin").fill("01:00");
  await parent.getByLabel("Instructions particulières (facultatif)").fill("Code de l'immeuble : 4521");
  await expect(parent.getByRole("button", { name: "Continuer" })).toBeDisabled();

  await parent.getByRole("link", { name: "Ajouter un enfant" }).click();
  await parent.waitForURL(/\/profile\?tab=children/);
  await expect(parent.getByRole("tab", { name: "Mes enfants" })).toHaveAttribute("aria-selected", "true");
  await parent.getByRole("button", { name: "Ajouter un enfant" }).click();
  await parent.getByLabel("Prénom").fill("Zoé");
  await parent.getByLabel("Âge (en années)").fill("4");
  await parent.getByRole("button", { name: "Ajouter un enfant" }).click();
  await expect(toast(parent, "Enfant ajouté")).toBeVisible();

  await parent.getByRole("link", { name: "Revenir à la réservation" }).click();
  await parent.waitForURL(`**/booking/${sitter.id}`);
  await expect(parent.getByLabel("Date", { exact: true })).toHaveValue(date);
  await expect(parent.getByLabel("Heure de début")).toHaveValue("20:00");
  await expect(parent.getByLabel("Heure de fin")).toHaveValue("01:00");
  await expect(parent.getByLabel("Instructions particulières (facultatif)")).toHaveValue("Code de l'immeuble : 4521");
  await parent.getByRole("checkbox", { name: "Zoé, 4 ans" }).check();
  await expect(parent.getByRole("button", { name: "Continuer" })).toBeEnabled();
  await expect(parent.getByTestId("booking-estimate-detail")).toHaveText(/20:00 – 01:00 \(\+1 j\) · 5 h/);
});
