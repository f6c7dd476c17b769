// What a first-time user trips on (docs/first-time-users.md), on a 390 px phone, by clicks: a valid
// 50-letter first name never makes a page wider than the screen; the settings tabs are all
// reachable; a babysitter's menus offer no 'Favoris'; a file that is not an image is refused when
// chosen (no preview, nothing sent); leaving a form with unsaved changes asks first; and the
// dashboards say what comes next (next sittings, a review to leave, requests to answer, the trial's
// counter), in French and English.
import type { Page } from "@playwright/test";
import {
  expect,
  newAccount,
  type NewAccount,
  ownClientAddress,
  queryStackDb,
  randomLetters,
  registerThroughApi,
  signIn,
  test,
  waitForApp,
  bookingDetailShown,
} from "./fixtures";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, extraHTTPHeaders: ownClientAddress() });
// Each test walks several pages by clicks with two fresh accounts: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A valid first name of the longest length the register form accepts (50 letters). */
const longName = () => `Marie${randomLetters(45)}`.slice(0, 50).replace(/^./, (c) => c.toUpperCase());

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

type World = { parent: NewAccount; sitter: NewAccount; parentId: string; sitterId: string };

/** A parent and a babysitter, both with 50-letter first names, registered through the API. */
async function longNamedPair(page: Page): Promise<World> {
  const parent = { ...newAccount("parent"), firstName: longName() };
  const sitter = { ...newAccount("babysitter"), firstName: longName() };
  await registerThroughApi(page.request, sitter);
  await registerThroughApi(page.request, parent);
  await page.context().clearCookies(); // each test signs in through the form, as a person does
  const idOf = async (email: string) =>
    String((await queryStackDb("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);
  return { parent, sitter, parentId: await idOf(parent.email), sitterId: await idOf(sitter.email) };
}

/** A booking between the pair, written in the stack's database (booking has its own tests). */
async function addBooking(world: World, startMs: number, status: string, respondedMs?: number): Promise<string> {
  const id = crypto.randomUUID();
  await queryStackDb(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status, responded_at)
     VALUES (?, ?, ?, ?, ?, 1500, 3000, ?, ?)`,
    [
      id,
      world.parentId,
      world.sitterId,
      iso(startMs),
      iso(startMs + 2 * HOUR_MS),
      status,
      respondedMs ? iso(respondedMs) : null,
    ],
  );
  return id;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * The widest the page gets over the next 30 frames: cards off screen skip their layout
 * (content-visibility) and take their intrinsic size meanwhile, which once made /search wider
 * than the phone for a moment after its results came.
 */
const widestOverFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        let widest = 0;
        let frames = 0;
        const sample = () => {
          widest = Math.max(widest, document.documentElement.scrollWidth);
          if (++frames < 30) requestAnimationFrame(sample);
          else done(widest);
        };
        requestAnimationFrame(sample);
      }),
  );

/** Opens the phone menu and follows one of its links. */
async function menuTo(page: Page, name: string) {
  const menu = page.getByRole("navigation", { name: "Menu mobile" });
  // Still open when a navigation from it was held (unsaved changes, 'Rester sur la page').
  if (!(await menu.isVisible())) await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  await menu.getByRole("link", { name, exact: true }).click();
}

/**
 * The address changed and the page under it too: the phone menu a navigation came from closes with
 * the new page's render, a moment after the address (so the next menuTo must not find it open).
 */
async function arrivedAt(page: Page, url: string | RegExp) {
  await page.waitForURL(url);
  await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeHidden();
}

async function signInAs(page: Page, account: NewAccount) {
  await signIn(page, account.email, account.password);
  await page.waitForURL("**/dashboard");
  await waitForApp(page);
}

test("a 50-letter first name never makes a page wider than the phone", async ({ page }) => {
  const world = await longNamedPair(page);
  const now = Date.now();
  const upcoming = await addBooking(world, now + 3 * 24 * HOUR_MS, "pending");
  await addBooking(world, now - 5 * 24 * HOUR_MS, "completed");
  // Their conversation, written in the database (messaging has its own tests).
  const conversationId = crypto.randomUUID();
  const [a, b] = [world.parentId, world.sitterId].sort();
  await queryStackDb("INSERT INTO conversations (id, participant_a, participant_b) VALUES (?, ?, ?)", [
    conversationId,
    a,
    b,
  ]);
  await queryStackDb(
    "INSERT INTO messages (conversation_id, sender_id, recipient_id, content, read) VALUES (?, ?, ?, ?, 0)",
    [conversationId, world.sitterId, world.parentId, `Bonjour ${world.parent.firstName} !`],
  );
  await signInAs(page, world.parent);

  const sitterName = page.getByText(world.sitter.firstName, { exact: false }).first();
  // Dashboard: the greeting and the next sitting name the two of them.
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(world.parent.firstName) })).toBeVisible();
  await expect(sitterName).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  const visits: [string, RegExp, boolean][] = [
    ["Rechercher", /\/search/, false],
    ["Réservations", /\/bookings$/, true],
    ["Messages", /\/messages/, true],
    ["Favoris", /\/favorites/, false],
    ["Notifications", /\/notifications/, false],
    ["Profil", /\/profile/, false],
    ["Mes relevés", /\/statements/, false],
    ["Paramètres", /\/settings/, false],
  ];
  for (const [link, url, namesTheSitter] of visits) {
    await menuTo(page, link);
    await arrivedAt(page, url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (namesTheSitter) await expect(sitterName).toBeVisible();
    if (link === "Rechercher") await expect(page.getByRole("article").first()).toBeVisible();
    expect(await widestOverFrames(page), link).toBeLessThanOrEqual(PHONE.width);
  }

  // The booking's own page and the conversation, reached from their lists.
  await menuTo(page, "Réservations");
  await page.locator(`[data-booking-id="${upcoming}"]`).getByRole("link").first().click();
  await bookingDetailShown(page, upcoming);
  await expect(sitterName).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await menuTo(page, "Messages");
  await page.locator(`[data-conversation-id="${conversationId}"]`).click();
  await page.waitForURL(`**/messages/${conversationId}`);
  await expect(page.getByText(`Bonjour ${world.parent.firstName} !`).last()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test("a babysitter's menus offer no Favoris, a parent's do; every settings tab is reachable on a phone", async ({
  page,
}) => {
  const world = await longNamedPair(page);
  await signInAs(page, world.sitter);
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const phoneMenu = page.getByRole("navigation", { name: "Menu mobile" });
  await expect(phoneMenu.getByRole("link", { name: "Réservations" })).toBeVisible();
  await expect(phoneMenu.getByRole("link", { name: "Favoris" })).toHaveCount(0);
  await page.getByRole("button", { name: "Fermer le menu" }).click();

  // The settings tabs wrap: each whole label is on screen, and each opens its panel.
  await menuTo(page, "Paramètres");
  await page.waitForURL("**/settings**");
  for (const name of ["Notifications", "Abonnement", "Sécurité", "Confidentialité"]) {
    const tab = page.getByRole("tab", { name, exact: true });
    const box = (await tab.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth), name).toBe(true);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // At desktop width, the header's own menu says the same.
  await page.setViewportSize({ width: 1280, height: 800 });
  const header = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(header.getByRole("link", { name: "Messages" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Favoris" })).toHaveCount(0);

  // A parent's menu keeps it.
  await page.context().clearCookies();
  await signInAs(page, world.parent);
  await expect(header.getByRole("link", { name: "Favoris" })).toBeVisible();
});

/** A 1x1 PNG, and the same file cut short (a PNG header, no image behind it). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("a file that is not an image is refused when chosen: a clear message, no preview, nothing sent", async ({
  page,
}) => {
  const world = await longNamedPair(page);
  await signInAs(page, world.parent);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/profile/photo")) uploads.push(request.method());
  });
  await menuTo(page, "Profil");
  await page.waitForURL("**/profile");
  const picker = page.getByLabel("Choisir une photo");
  const preview = page.getByRole("img", { name: "Aperçu de la nouvelle photo" });

  await picker.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("pas une image") });
  await expect(page.getByText("Format non pris en charge : choisissez une photo JPEG, PNG ou WebP")).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enregistrer la photo" })).toHaveCount(0);

  await picker.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG.subarray(0, 24) });
  await expect(page.getByText("Ce fichier n'est pas une image lisible")).toBeVisible();
  await expect(preview).toHaveCount(0);

  // A real image is previewed (and the message goes); still nothing sent until 'Enregistrer la photo'.
  await picker.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
  await expect(preview).toBeVisible();
  await expect(page.getByText("Ce fichier n'est pas une image lisible")).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test("leaving settings or the profile with unsaved changes asks: stay keeps them, leave drops them", async ({
  page,
}) => {
  const world = await longNamedPair(page);
  await signInAs(page, world.parent);
  await menuTo(page, "Paramètres");
  await arrivedAt(page, "**/settings**");
  await page.getByRole("tab", { name: "Confidentialité" }).click();
  const marketing = page.getByRole("checkbox", { name: "Marketing" });
  await expect(marketing).not.toBeChecked();
  await marketing.check();

  const question = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
  await menuTo(page, "Rechercher");
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Rester sur la page" }).click();
  await expect(question).toBeHidden();
  expect(new URL(page.url()).pathname).toBe("/settings");
  await expect(marketing).toBeChecked();

  // Another tab of the page drops the panel's changes too: it asks as well.
  await page.getByRole("tab", { name: "Sécurité" }).click();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Rester sur la page" }).click();
  await expect(marketing).toBeChecked();

  await menuTo(page, "Rechercher");
  await question.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await arrivedAt(page, "**/search**");
  await menuTo(page, "Paramètres");
  await page.getByRole("tab", { name: "Confidentialité" }).click();
  await expect(page.getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();

  // Saved changes are not asked about.
  await page.getByRole("checkbox", { name: "Marketing" }).check();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Préférences de confidentialité enregistrées").first()).toBeVisible();
  await menuTo(page, "Rechercher");
  await arrivedAt(page, "**/search**");
  await expect(question).toHaveCount(0);

  // The profile form: a changed presentation, then a link away.
  await menuTo(page, "Profil");
  await arrivedAt(page, "**/profile");
  const bio = page.getByLabel(/Présentation/);
  await bio.fill("Deux enfants, un chat, beaucoup de livres.");
  await menuTo(page, "Rechercher");
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Rester sur la page" }).click();
  expect(new URL(page.url()).pathname).toBe("/profile");
  await expect(bio).toHaveValue("Deux enfants, un chat, beaucoup de livres.");

  // The browser's Back button asks too: staying keeps the page and its text; leaving goes back.
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Rester sur la page" }).click();
  await expect(question).toBeHidden();
  expect(new URL(page.url()).pathname).toBe("/profile");
  await expect(bio).toHaveValue("Deux enfants, un chat, beaucoup de livres.");
  await page.goBack();
  await question.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await page.waitForURL("**/search**");
  await page.goForward();
  await page.waitForURL("**/profile");
  await expect(page.getByLabel(/Présentation/)).not.toHaveValue("Deux enfants, un chat, beaucoup de livres.");
  await page.getByLabel(/Présentation/).fill("Deux enfants, un chat, beaucoup de livres.");

  // Closing the tab: the browser's own question (beforeunload).
  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
});

test("the dashboards say what comes next: next sittings, a review to leave, requests, the trial (FR, EN)", async ({
  page,
}) => {
  const world = await longNamedPair(page);
  const now = Date.now();
  const pending = await addBooking(world, now + 2 * 24 * HOUR_MS, "pending");
  await addBooking(world, now + 4 * 24 * HOUR_MS, "confirmed", now); // accepted in the trial: 1 / 5
  const done = await addBooking(world, now - 3 * 24 * HOUR_MS, "completed");

  await signInAs(page, world.parent);
  const next = page.getByRole("region", { name: "Vos prochaines gardes" });
  await expect(next.locator(`[data-booking-id="${pending}"]`)).toContainText("En attente");
  await expect(next.locator(`[data-booking-id="${pending}"]`)).toContainText(world.sitter.firstName);
  await expect(next.getByTestId("dashboard-booking-status")).toHaveText(["En attente", "Confirmée"]);
  const todo = page.getByRole("region", { name: "À faire" });
  await todo.getByRole("link", { name: `Laisser un avis sur la garde de ${world.sitter.firstName}` }).click();
  await page.waitForURL(`**/review/${done}`);

  await page.goBack();
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("region", { name: "Your next sittings" })).toContainText("Pending");
  await expect(page.getByRole("region", { name: "To do" })).toContainText(
    `Leave a review of ${world.sitter.firstName}'s sitting`,
  );
  await page.getByRole("banner").getByRole("button", { name: "Français" }).click();

  // The babysitter: the request to answer, and her trial's counter.
  await page.context().clearCookies();
  await signInAs(page, world.sitter);
  const [trial] = await queryStackDb(
    "SELECT current_period_end FROM subscriptions WHERE profile_id = ? AND plan = 'discovery'",
    [world.sitterId],
  );
  const days = Math.ceil((Date.parse(String(trial.current_period_end)) - Date.now()) / (24 * HOUR_MS));
  await expect(page.getByTestId("trial-counter")).toHaveText(
    new RegExp(`^1 / 5 réservations, (${days}|${days - 1}) jours? restants?$`),
  );
  const requests = page.getByRole("region", { name: "Demandes à traiter" });
  await expect(requests.locator("[data-booking-id]")).toHaveCount(1);
  await requests.getByRole("link", { name: `Répondre à ${world.parent.firstName}` }).click();
  await bookingDetailShown(page, pending);

  await page.goBack();
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.getByTestId("trial-counter")).toHaveText(
    new RegExp(`^1 / 5 bookings, (${days}|${days - 1}) days? left$`),
  );
  await expect(page.getByRole("region", { name: "Requests to answer" })).toContainText(world.parent.firstName);
});
