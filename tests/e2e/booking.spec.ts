// The booking journey in Chromium, in French and in English: a parent books the demo babysitter
// for two children and sees 'Réservation créée', then 'En attente'; the babysitter, in a second
// browser, accepts; the parent sees it confirmed under 'À venir'. Then a seeded confirmed sitting
// that is over is marked completed by the parent and reviewed by both sides, and the new rating
// shows. Plus the form's rules, the not-found states, and axe on the booking pages.
import type { Locator, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { addDays, parisToday } from "../../db/time/paris-time";
import { withinAvailability } from "../../db/validators/booking";
import { blockingViolations } from "./axe";
import {
  euros,
  expect,
  newAccount,
  queryStackDb as query,
  registerThroughApi,
  test,
  toast,
  waitForApp,
  ownClientAddress,
  signedInPage,
} from "./fixtures";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

const TEXTS = {
  fr: {
    locale: "fr-FR",
    startTime: "Heure de début",
    endTime: "Heure de fin",
    child: (name: string, age: number) => `${name}, ${age} ans`,
    continue: "Continuer",
    sendAnyway: "Envoyer quand même",
    created: "Réservation créée",
    createdToast: "Réservation créée avec succès !",
    pay: "Procéder au paiement",
    pending: "En attente",
    accept: "Accepter",
    updated: "Statut mis à jour",
    confirmed: "Confirmée",
    upcoming: "À venir",
    past: "Passées",
    complete: "Marquer terminée",
    completed: "Terminée",
    review: "Laisser un avis",
    publish: "Publier l'avis",
    star: (n: number, label: string) => `${n} sur 5 : ${label}`,
    stars: { 4: "Très bien", 5: "Excellent" },
    comment: "Votre commentaire",
    commentRequired: "Un commentaire est requis",
    commentShort: "Le commentaire doit faire au moins 20 caractères",
    published: "Avis publié avec succès !",
    reviews: "avis",
    message: "Message",
    call: "Appeler",
    showMore: "Afficher plus",
  },
  en: {
    locale: "en-GB",
    startTime: "Start time",
    endTime: "End time",
    child: (name: string, age: number) => `${name}, ${age} years old`,
    continue: "Continue",
    sendAnyway: "Send anyway",
    created: "Booking created",
    createdToast: "Booking created successfully!",
    pay: "Proceed to payment",
    pending: "Pending",
    accept: "Accept",
    updated: "Status updated",
    confirmed: "Confirmed",
    upcoming: "Upcoming",
    past: "Past",
    complete: "Mark completed",
    completed: "Completed",
    review: "Leave a review",
    publish: "Publish the review",
    star: (n: number, label: string) => `${n} out of 5: ${label}`,
    stars: { 4: "Very good", 5: "Excellent" },
    comment: "Your comment",
    commentRequired: "A comment is required",
    commentShort: "The comment must be at least 20 characters long",
    published: "Review published successfully!",
    reviews: "reviews",
    message: "Message",
    call: "Call",
    showMore: "Show more",
  },
} as const;
type Lang = keyof typeof TEXTS;

const profileIdOf = async (email: string) =>
  String((await query("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);

type SignIn = (lang: Lang, email: string, password?: string) => Promise<Page>;

/**
 * `signIn(lang, email)`: a browser of its own (another person at another computer), signed in
 * through the API (the sign-in form has its own tests), in `lang`; closed after the test.
 */
const it = test.extend<{ signIn: SignIn }>({
  signIn: async ({ newTab }, use) =>
    use((lang, email, password = DEMO_PASSWORD) =>
      signedInPage(newTab, email, password, { locale: TEXTS[lang].locale }),
    ),
});

/** The card of this booking in the list on screen, asking for more pages until it shows. */
async function cardOf(page: Page, bookingId: string, lang: Lang): Promise<Locator> {
  const card = page.locator(`article[data-booking-id="${bookingId}"]`);
  const more = page.getByRole("button", { name: TEXTS[lang].showMore });
  await expect(card.or(more).first()).toBeVisible();
  while (!(await card.isVisible()) && (await more.isVisible())) {
    await more.click();
    await expect(card.or(more).first()).toBeVisible();
  }
  await expect(card).toBeVisible();
  return card;
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

async function writeReview(page: Page, lang: Lang, stars: 4 | 5, comment: string) {
  const t = TEXTS[lang];
  const publish = page.getByRole("button", { name: t.publish });
  await expect(publish).toBeDisabled(); // until a rating is chosen
  await page.getByRole("radio", { name: t.star(stars, t.stars[stars]) }).check();
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(page.getByText(t.commentRequired)).toBeVisible();
  await page.getByLabel(t.comment).fill("Trop court");
  await publish.click();
  await expect(page.getByText(t.commentShort)).toBeVisible();
  await page.getByLabel(t.comment).fill(comment);
  await publish.click();
  await expect(toast(page, t.published)).toBeVisible();
  await page.waitForURL("**/bookings");
}

for (const lang of ["fr", "en"] as const) {
  it(`a parent books, the babysitter accepts, a past sitting is completed and reviewed both ways (${lang})`, async ({
    signIn,
  }, testInfo) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    const sitterId = await profileIdOf(DEMO_ACCOUNTS.babysitter.email);
    // A day of its own per language and attempt: a retry never meets the slot its first try booked.
    const date = addDays(parisToday(), 40 + (lang === "en" ? 10 : 0) + testInfo.retry * 3);

    // The parent books Léa for Jules and Inès.
    const parent = await signIn(lang, DEMO_ACCOUNTS.parent.email);
    await parent.goto(`/booking/${sitterId}`);
    await waitForApp(parent);
    await expect(parent.getByRole("heading", { level: 1, name: /Léa Dubois/ })).toBeVisible();
    await parent.getByLabel("Date", { exact: true }).fill(date);
    await parent.getByLabel(t.startTime).fill("18:00");
    await parent.getByLabel(t.endTime).fill("21:30");
    await parent.getByRole("checkbox", { name: t.child("Jules", 6) }).check();
    await parent.getByRole("checkbox", { name: t.child("Inès", 3) }).check();
    await expect(parent.getByTestId("booking-estimate")).toHaveText(euros(6300, lang === "en" ? "en-GB" : "fr-FR")); // 3.5 h x 18 EUR
    // Half of it after the tax credit for home employment, an estimate.
    await expect(parent.getByTestId("booking-after-tax-credit")).toContainText(
      euros(3150, lang === "en" ? "en-GB" : "fr-FR"),
    );
    const created = parent.waitForResponse((r) => r.url().endsWith("/api/bookings") && r.request().method() === "POST");
    await parent.getByRole("button", { name: t.continue }).click();
    // When Léa's weekly availability does not cover the slot, the form warns first.
    const [lea] = await query("SELECT available_hours FROM babysitter_profiles WHERE profile_id = ?", [sitterId]);
    const slot = { date, start_time: "18:00", end_time: "21:30" };
    if (!withinAvailability(JSON.parse(String(lea.available_hours)), slot))
      await parent.getByRole("button", { name: t.sendAnyway }).click();
    const bookingId: string = (await (await created).json()).booking.id;
    await expect(parent.getByRole("heading", { level: 1, name: t.created })).toBeVisible();
    await expect(toast(parent, t.createdToast)).toBeVisible();

    // 'Procéder au paiement' leads to the list, where the request waits for the sitter.
    await parent.getByRole("button", { name: t.pay }).click();
    await parent.waitForURL("**/bookings");
    await expect((await cardOf(parent, bookingId, lang)).getByText(t.pending, { exact: true })).toBeVisible();
    expect((await query("SELECT status FROM bookings WHERE id = ?", [bookingId]))[0].status).toBe("pending");

    // The babysitter, in her own browser, accepts it.
    const sitter = await signIn(lang, DEMO_ACCOUNTS.babysitter.email);
    await sitter.goto("/bookings?filter=upcoming");
    await waitForApp(sitter);
    const request = await cardOf(sitter, bookingId, lang);
    await expect(request.getByText("Jules, Inès")).toBeVisible();
    await request.getByRole("button", { name: t.accept }).click();
    await expect(toast(sitter, t.updated)).toBeVisible();
    await expect(request.getByText(t.confirmed, { exact: true })).toBeVisible();

    // The parent sees it confirmed under 'À venir', with Message and Call toward Léa.
    await parent.reload();
    await waitForApp(parent);
    await openTab(parent, t.upcoming);
    const confirmed = await cardOf(parent, bookingId, lang);
    await expect(confirmed.getByText(t.confirmed, { exact: true })).toBeVisible();
    await expect(confirmed.getByRole("link", { name: new RegExp(t.message, "i") })).toHaveAttribute(
      "href",
      `/messages?to=${sitterId}`,
    );
    await expect(confirmed.getByRole("link", { name: new RegExp(t.call) })).toHaveAttribute("href", /^tel:/);

    // A seeded confirmed sitting that is over (the demo pair's first): the parent marks it completed.
    const [past] = await query(
      `SELECT b.id AS id, pp.email AS parent, sp.email AS sitter, b.babysitter_id AS sitterId FROM bookings b
         JOIN profiles pp ON pp.id = b.parent_id JOIN profiles sp ON sp.id = b.babysitter_id
       WHERE b.status = 'confirmed' AND b.end_time < strftime('%Y-%m-%dT%H:%M:%fZ','now')
       ORDER BY (pp.email = ?) DESC, (sp.email = ?) DESC, b.end_time DESC LIMIT 1`,
      [DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.babysitter.email],
    );
    const pastId = String(past.id);
    const [before] = await query("SELECT total_reviews FROM profiles WHERE id = ?", [String(past.sitterId)]);
    const pastParent = await signIn(lang, String(past.parent));
    await pastParent.goto("/bookings?filter=past");
    await waitForApp(pastParent);
    const sitting = await cardOf(pastParent, pastId, lang);
    await sitting.getByRole("button", { name: t.complete }).click();
    await expect(toast(pastParent, t.updated)).toBeVisible();
    await expect(sitting.getByText(t.completed, { exact: true })).toBeVisible();

    // ...is offered the review link, and reviews the babysitter.
    await sitting.getByRole("link", { name: new RegExp(t.review) }).click();
    await pastParent.waitForURL(`**/review/${pastId}`);
    const comment = `Très bonne soirée (${lang}), ponctuelle et attentive, les enfants étaient ravis.`;
    await writeReview(pastParent, lang, 4, comment);

    // The new rating shows on the bookings list, as the database computed it.
    const [after] = await query("SELECT rating, total_reviews FROM profiles WHERE id = ?", [String(past.sitterId)]);
    expect(Number(after.total_reviews)).toBe(Number(before.total_reviews) + 1);
    // Numbers follow the interface's language: "4,2" in French, "4.2" in English.
    const locale = lang === "en" ? "en-GB" : "fr-FR";
    const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      Number(after.rating),
    );
    await openTab(pastParent, t.past);
    await expect((await cardOf(pastParent, pastId, lang)).getByTestId("party-rating")).toHaveText(
      `${rating} ★ · ${after.total_reviews} ${t.reviews}`,
    );
    // ...and on her public profile, the review first among her latest.
    await pastParent.goto(`/babysitter/${String(past.sitterId)}`);
    await waitForApp(pastParent);
    await expect(pastParent.getByRole("main")).toContainText(rating);
    await expect(pastParent.getByText(comment).first()).toBeVisible();

    // The babysitter reviews the parent.
    const pastSitter = await signIn(lang, String(past.sitter));
    await pastSitter.goto("/bookings?filter=past");
    await waitForApp(pastSitter);
    await (await cardOf(pastSitter, pastId, lang)).getByRole("link", { name: new RegExp(t.review) }).click();
    await writeReview(pastSitter, lang, 5, "Famille très accueillante, consignes claires, enfants adorables.");
    expect(Number((await query("SELECT count(*) AS n FROM reviews WHERE booking_id = ?", [pastId]))[0].n)).toBe(2);
  });
}

it("the form's rules: end after start, at least one child, and no booking without children", async ({ signIn }) => {
  const sitterId = await profileIdOf(DEMO_ACCOUNTS.babysitter.email);
  const demoParent = await signIn("fr", DEMO_ACCOUNTS.parent.email);

  // A parent without children cannot continue, and is pointed to the profile to add one.
  const account = newAccount("parent");
  await registerThroughApi(demoParent.request, account);
  const newcomer = await signIn("fr", account.email, account.password);
  await newcomer.goto(`/booking/${sitterId}`);
  await waitForApp(newcomer);
  await expect(newcomer.getByRole("button", { name: "Continuer" })).toBeDisabled();
  await expect(newcomer.getByRole("link", { name: "Ajouter un enfant" })).toHaveAttribute(
    "href",
    `/profile?tab=children&back=${encodeURIComponent(`/booking/${sitterId}`)}`,
  );

  // The demo parent gets the form's messages before anything is sent.
  await demoParent.goto(`/booking/${sitterId}`);
  await waitForApp(demoParent);
  const posts: string[] = [];
  demoParent.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
  await demoParent.getByLabel("Date", { exact: true }).fill(addDays(parisToday(), 60));
  await demoParent.getByLabel("Heure de début").fill("20:00");
  // Equal times (an earlier end would be the next day).
  await demoParent.getByLabel("Heure de fin").fill("20:00");
  await expect(demoParent.getByTestId("booking-estimate")).toHaveText(/^0\s€$/);
  await demoParent.getByRole("button", { name: "Continuer" }).click();
  await expect(demoParent.getByText(/^L'heure de fin doit être différente de l'heure de début/)).toBeVisible();
  await expect(demoParent.getByText("Sélectionnez au moins un enfant")).toBeVisible();
  expect(posts.filter((url) => url.includes("/api/bookings"))).toEqual([]);
  await demoParent.getByRole("link", { name: "Annuler" }).click();
  await demoParent.waitForURL("**/search");
});

it("an unknown babysitter, booking or review shows its not-found state", async ({ signIn }) => {
  const page = await signIn("fr", DEMO_ACCOUNTS.parent.email);
  await page.goto("/booking/00000000-0000-4000-8000-000000000000");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Baby-sitter non trouvée" })).toBeVisible();
  await page.getByRole("link", { name: "Retour à la recherche" }).click();
  await page.waitForURL("**/search");

  await page.goto("/bookings/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Réservation non trouvée" })).toBeVisible();

  await page.goto("/review/00000000-0000-4000-8000-000000000000");
  await expect(toast(page, "Réservation non trouvée ou non terminée")).toBeVisible();
  await page.waitForURL("**/bookings");
});

it("axe finds no serious or critical violation on /booking/{id}, /bookings, /bookings/{id} and /review/{id}", async ({
  signIn,
}) => {
  const page = await signIn("fr", DEMO_ACCOUNTS.parent.email);
  const sitterId = await profileIdOf(DEMO_ACCOUNTS.babysitter.email);
  const parentId = await profileIdOf(DEMO_ACCOUNTS.parent.email);
  const [booking] = await query("SELECT id FROM bookings WHERE parent_id = ? LIMIT 1", [parentId]);
  // A completed sitting the demo parent has not reviewed yet (the seed leaves one).
  const [toReview] = await query(
    `SELECT id FROM bookings b WHERE parent_id = ? AND status = 'completed'
       AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id AND r.reviewer_id = b.parent_id) LIMIT 1`,
    [parentId],
  );
  for (const [path, ready] of [
    [`/booking/${sitterId}`, "Continuer"],
    ["/bookings", "Voir le détail"],
    [`/bookings/${booking.id}`, "Retour à mes réservations"],
    [`/review/${toReview.id}`, "Publier l'avis"],
  ] as const) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByText(ready).first()).toBeVisible();
    const { blocking, passes } = await blockingViolations(page);
    expect(blocking, path).toEqual([]);
    expect(passes).toBeGreaterThan(10);
  }
});
