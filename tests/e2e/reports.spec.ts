// Reporting and its follow-up in Chromium, with accounts of their own: a parent reports a new
// babysitter's profile from her page (the reason's checks, the thanks, one row however often she
// sends it, 'Mes signalements' in her notifications: 'En cours'); a parent reports a message he
// received, from its bubble (never his own); the author of a message the team rejected follows the
// notice to the decision, reads the statement of reasons, appeals once ('Appel envoyé', no second
// form), and reads the page in English. Axe and the 24 px targets on each.
import { type BrowserContext, type Page, request as playwrightRequest } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  type NewAccount,
  ownClientAddress,
  queryStackDb as query,
  readsEnglish,
  registerThroughApi,
  smallTargets,
  test,
  waitForApp,
  type NewTab,
} from "./fixtures";
import { bubble, sendByApi } from "./messages-helpers";

type Person = NewAccount & { id: string; name: string; context: BrowserContext; page: Page };

/** Someone who just registered (through the API), signed in in a browser of their own. */
async function person(newTab: NewTab, userType: "parent" | "babysitter"): Promise<Person> {
  const account = newAccount(userType);
  const page = await newTab({ extraHTTPHeaders: ownClientAddress() });
  const context = page.context();
  const { email, password, firstName, lastName } = account;
  await registerThroughApi(context.request, account);
  const signedIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(signedIn.status(), `sign-in of ${email}`).toBe(200);
  const me = await (await context.request.get("/api/me")).json();
  return { ...account, id: me.profile.id, name: `${firstName} ${lastName}`, context, page };
}

const it = test.extend<{ people: (userType: "parent" | "babysitter") => Promise<Person> }>({
  people: async ({ newTab }, use) => {
    const opened: Person[] = [];
    await use(async (userType) => {
      const someone = await person(newTab, userType);
      opened.push(someone);
      return someone;
    });
  },
});

const THANKS = "Merci, votre signalement a été transmis à notre équipe.";

const reportsBy = (reporterId: string, type: string, resourceId: string) =>
  query(
    "SELECT type, reason_code, details, source, status, profile_id FROM flagged_content WHERE reported_by = ? AND type = ? AND resource_id = ?",
    [reporterId, type, resourceId],
  );

/** A conversation the parent opened and wrote in, and the sitter's answer (both through the API); its id. */
async function conversationWithAnswer(parent: Person, sitter: Person, answer: string): Promise<string> {
  const opened = await parent.context.request.post("/api/conversations", { data: { partner_id: sitter.id } });
  expect(opened.ok(), "conversation opened").toBe(true);
  const conversationId = (await opened.json()).id as string;
  await sendByApi(parent.context.request, conversationId, "Bonjour, êtes-vous disponible samedi soir ?");
  await sendByApi(sitter.context.request, conversationId, answer);
  return conversationId;
}

it("a parent reports a babysitter's profile: the reason is asked for, thanks, one row, 'Mes signalements'", async ({
  people,
}) => {
  it.setTimeout(90_000);
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const { page } = parent;

  // Her own page has no 'Signaler'.
  await sitter.page.goto(`/babysitter/${sitter.id}`);
  await waitForApp(sitter.page);
  await expect(sitter.page.getByRole("heading", { level: 1, name: sitter.name })).toBeVisible();
  await expect(sitter.page.getByRole("button", { name: /^Signaler/ })).toHaveCount(0);

  await page.goto(`/babysitter/${sitter.id}`);
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: sitter.name })).toBeVisible();
  const trigger = page.getByRole("button", { name: "Signaler ce profil" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Signaler ce profil" });
  await expect(dialog).toBeVisible();

  // The reason is required; 'Autre' wants a few words.
  const send = dialog.getByRole("button", { name: "Envoyer le signalement" });
  await send.click();
  await expect(dialog.getByLabel("Motif")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Motif")).toHaveAccessibleDescription("Choisissez un motif");
  await dialog.getByLabel("Motif").selectOption({ label: "Autre" });
  await send.click();
  await expect(dialog.getByLabel("Précisions")).toHaveAccessibleDescription("Précisez le motif du signalement");
  expect(await reportsBy(parent.id, "profile", sitter.id)).toHaveLength(0);
  expect((await blockingViolations(page)).blocking).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);

  await dialog.getByLabel("Motif").selectOption({ label: "Faux profil" });
  await dialog.getByLabel("Précisions").fill("Les photos viennent d'un autre site.");
  await send.click();
  await expect(dialog.getByText(THANKS)).toBeVisible();
  await expect(dialog.getByText(THANKS)).toBeFocused();
  const rows = await reportsBy(parent.id, "profile", sitter.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    reason_code: "fake_profile",
    details: "Les photos viennent d'un autre site.",
    source: "report",
    status: "pending",
    profile_id: sitter.id,
  });
  await dialog.getByRole("button", { name: "Fermer" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Sending it again thanks again and stores nothing more.
  await trigger.click();
  await dialog.getByLabel("Motif").selectOption({ label: "Arnaque" });
  await dialog.getByRole("button", { name: "Envoyer le signalement" }).click();
  await expect(dialog.getByText(THANKS)).toBeVisible();
  expect(await reportsBy(parent.id, "profile", sitter.id)).toHaveLength(1);

  // The thanks leads to 'Mes signalements', in the notifications.
  await dialog.getByRole("link", { name: "Voir mes signalements" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const mine = page.getByRole("region", { name: "Mes signalements" });
  await expect(mine.getByRole("listitem")).toHaveCount(1);
  await expect(mine.getByRole("listitem")).toContainText("Profil · Faux profil");
  await expect(mine.getByRole("listitem")).toContainText("En cours");
  expect((await blockingViolations(page)).blocking).toEqual([]);
});

it("a parent reports a message he received from its bubble, never his own", async ({ people }) => {
  it.setTimeout(90_000);
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const answer = "Oui, je serai là à 19 h, à samedi.";
  const conversationId = await conversationWithAnswer(parent, sitter, answer);
  const { page } = parent;

  await page.goto("/messages");
  await waitForApp(page);
  await page.getByRole("link", { name: new RegExp(sitter.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}$`));
  await expect(bubble(page, answer)).toHaveCount(1);
  await expect(
    bubble(page, "Bonjour, êtes-vous disponible samedi soir ?").getByRole("button", { name: "Signaler ce message" }),
  ).toHaveCount(0);

  await bubble(page, answer).getByRole("button", { name: "Signaler ce message" }).click();
  const dialog = page.getByRole("dialog", { name: "Signaler ce message" });
  await dialog.getByLabel("Motif").selectOption({ label: "Harcèlement ou menaces" });
  await dialog.getByRole("button", { name: "Envoyer le signalement" }).click();
  await expect(dialog.getByText(THANKS)).toBeVisible();
  expect((await blockingViolations(page)).blocking).toEqual([]);

  const [message] = await query("SELECT id FROM messages WHERE conversation_id = ? AND sender_id = ?", [
    conversationId,
    sitter.id,
  ]);
  const rows = await reportsBy(parent.id, "message", String(message.id));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ reason_code: "harassment", profile_id: sitter.id, status: "pending" });

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await smallTargets(page)).toEqual([]);
});

it("a parent reports another family's review from the sitter's page, and has no 'Signaler' on her own", async ({
  people,
}) => {
  it.setTimeout(90_000);
  const author = await people("parent");
  const reader = await people("parent");
  const sitter = await people("babysitter");
  // The reader shows the same first name and initial as the author: the page tells them apart by
  // who wrote the review (the API's by_viewer), not by the name it shows.
  await query("UPDATE profiles SET first_name = ?, last_name = ? WHERE id = ?", [
    author.firstName,
    `${author.lastName.charAt(0)}ernier`,
    reader.id,
  ]);
  const bookingId = crypto.randomUUID();
  const start = new Date(Date.now() - 72 * 3_600_000);
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'completed')`,
    [bookingId, author.id, sitter.id, start.toISOString(), new Date(start.getTime() + 3 * 3_600_000).toISOString()],
  );
  const reviewId = crypto.randomUUID();
  const comment = "Très bien passé, les enfants l'adorent.";
  await query(
    "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES (?, ?, ?, ?, 5, ?)",
    [reviewId, bookingId, author.id, sitter.id, comment],
  );
  const reviewTrigger = (page: Page) => page.getByRole("button", { name: /^Signaler cet avis de/ });

  await author.page.goto(`/babysitter/${sitter.id}`);
  await waitForApp(author.page);
  await expect(author.page.getByText(comment)).toBeVisible();
  await expect(reviewTrigger(author.page)).toHaveCount(0);

  const { page } = reader;
  await page.goto(`/babysitter/${sitter.id}`);
  await waitForApp(page);
  await expect(page.getByText(comment)).toBeVisible();
  await reviewTrigger(page).click();
  const dialog = page.getByRole("dialog", { name: "Signaler cet avis" });
  await dialog.getByLabel("Motif").selectOption({ label: "Contenu inapproprié" });
  await dialog.getByRole("button", { name: "Envoyer le signalement" }).click();
  await expect(dialog.getByText(THANKS)).toBeVisible();
  const rows = await reportsBy(reader.id, "review", reviewId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ reason_code: "inappropriate", profile_id: author.id, status: "pending" });
});

it("the author follows the notice to a rejection, reads its reasons, appeals once, and reads it in English", async ({
  people,
  baseURL,
}) => {
  it.setTimeout(90_000);
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const answer = "Je préfère qu'on règle les détails ailleurs.";
  const conversationId = await conversationWithAnswer(parent, sitter, answer);
  const [message] = await query("SELECT id FROM messages WHERE conversation_id = ? AND sender_id = ?", [
    conversationId,
    sitter.id,
  ]);
  const reported = await parent.context.request.post("/api/reports", {
    data: { type: "message", resource_id: String(message.id), reason: "off_platform_contact" },
  });
  expect(reported.status()).toBe(201);
  const decisionId = (await reported.json()).report.id as string;

  // The demo admin rejects it, with her statement of reasons.
  const statement = "Les échanges et les paiements passent par Veilleuse, pour la sécurité de chacun.";
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  const signedIn = await admin.post("/api/auth/sign-in/email", {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
  });
  expect(signedIn.status(), "admin sign-in").toBe(200);
  const rejected = await admin.post(`/api/admin/moderation/${decisionId}/reject`, { data: { statement } });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await admin.dispose();

  // The parent may not read the author's decision.
  await parent.page.goto(`/moderation/decisions/${decisionId}`);
  await waitForApp(parent.page);
  await expect(parent.page.getByRole("heading", { level: 1, name: "Décision introuvable" })).toBeVisible();

  // The author follows the notice.
  const { page } = sitter;
  await page.goto("/notifications");
  await waitForApp(page);
  await page.getByRole("link", { name: "Décision de la modération", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/moderation/decisions/${decisionId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Décision de la modération" })).toBeVisible();
  await expect(page.getByText("Votre message", { exact: true })).toBeVisible();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByText("Contenu retiré")).toBeVisible();
  await expect(page.getByTestId("decision-statement")).toHaveText(statement);
  const form = page.getByRole("region", { name: "Faire appel" });
  await expect(form.getByText("Un autre membre de l'équipe examinera votre appel.")).toBeVisible();
  expect((await blockingViolations(page)).blocking).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);

  // Too short, then sent: 'Appel envoyé' takes the form's place, for good.
  const appeal = form.getByLabel("Votre appel");
  await appeal.fill("Erreur");
  await form.getByRole("button", { name: "Envoyer mon appel" }).click();
  await expect(form.getByText("Expliquez votre appel en quelques mots (10 caractères au moins)")).toBeVisible();
  await appeal.fill("Je parlais du lieu de rendez-vous au parc, pas d'un paiement.");
  await form.getByRole("button", { name: "Envoyer mon appel" }).click();
  const sent = page.getByRole("heading", { level: 2, name: "Appel envoyé" });
  await expect(sent).toBeVisible();
  await expect(sent).toBeFocused();
  await expect(page.getByTestId("appeal-outcome")).toHaveText("En cours d'examen");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  const appeals = await query("SELECT details, status FROM flagged_content WHERE appeal_of = ?", [decisionId]);
  expect(appeals).toEqual([
    expect.objectContaining({
      details: "Je parlais du lieu de rendez-vous au parc, pas d'un paiement.",
      status: "pending",
    }),
  ]);

  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 2, name: "Appel envoyé" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Faire appel" })).toHaveCount(0);

  // In English.
  await readsEnglish(sitter.context);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Moderation decision" })).toBeVisible();
  await expect(page.getByText("Content removed")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Appeal sent" })).toBeVisible();
  await expect(page.getByTestId("appeal-outcome")).toHaveText("Under review");
});
