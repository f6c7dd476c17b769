// Reading in English: a parent whose account speaks French (the server writes her notice in French)
// reads the app in English. Clicking through from the dashboard, her centre shows the booking
// notice in English (written again from its stored key), its title is a link that marks it read and
// opens that booking, where the date, the babysitter's rating and the rate read English:
// 'Friday, 12 November 2027', '4.5', '€14.50', never 'vendredi', '4,5' or '14,50 €'.
import {
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb as query,
  registerThroughApi,
  signedInPage,
  test,
  waitForApp,
  readsEnglish,
  bookingDetailShown,
} from "./fixtures";

// Friday 12 November 2027, 18:30 to 22:00 on the Paris clock (winter time, UTC+1).
const START = "2027-11-12T17:30:00.000Z";
const END = "2027-11-12T21:00:00.000Z";

const profileIdOf = async (email: string) =>
  String((await query("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);

test("a French notice reads English in the English interface, and opens its booking, whose date, rating and rate read English", async ({
  newTab,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = newAccount("parent");
  const sitterAccount = newAccount("babysitter");
  // Both sign up in French (the project's locale): the parent's account speaks French.
  const setup = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(setup.request, account, { verified: false });
  await registerThroughApi(setup.request, sitterAccount, { verified: false });
  await setup.close();
  const parentId = await profileIdOf(account.email);
  const sitterId = await profileIdOf(sitterAccount.email);
  await query("UPDATE profiles SET rating = 4.5, total_reviews = 2 WHERE id = ?", [sitterId]);
  // Both confirmed their email (accepting a booking asks for it); written here rather than through
  // the emailed link, which the email-verification specs follow.
  await query("UPDATE user SET email_verified = 1 WHERE email IN (?, ?)", [account.email, sitterAccount.email]);

  // A request the babysitter accepts through the real API: the server tells the parent, in French.
  const bookingId = crypto.randomUUID();
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1450, 5075, 'pending')`,
    [bookingId, parentId, sitterId, START, END],
  );
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  const accepted = await sitter.request.patch(`/api/bookings/${bookingId}/status`, { data: { action: "accept" } });
  expect(accepted.status()).toBe(200);
  const stored = "SELECT id, title, read FROM notifications WHERE profile_id = ? AND type = 'booking'";
  await expect
    .poll(async () => (await query(stored, [parentId])).map((row) => row.title))
    .toEqual(["Réservation confirmée"]);
  const [{ id: noticeId }] = await query(stored, [parentId]);

  // The parent reads the app in English.
  const context = await browser.newContext({
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/Paris",
    extraHTTPHeaders: ownClientAddress(),
  });
  await readsEnglish(context);
  const signedIn = await context.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status()).toBe(200);
  const page = await context.newPage();
  await page.goto("/dashboard");
  await waitForApp(page);

  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Notifications" }).click();
  await page.waitForURL("**/notifications");
  const notice = page.getByTestId("notification").filter({ hasText: "Booking confirmed" });
  await expect(notice).toContainText("accepted your sitting on Friday 12 November from 18:30 to 22:00.");
  await expect(notice).not.toContainText("Réservation");
  await expect(notice.getByText("Unread", { exact: true })).toBeVisible();

  // The notice's title is its link: by keyboard, it opens the booking and marks the notice read.
  const link = notice.getByRole("link", { name: "Booking confirmed" });
  await expect(link).toHaveAttribute("href", `/bookings/${bookingId}`);
  await link.focus();
  await page.keyboard.press("Enter");
  await bookingDetailShown(page, bookingId);
  await expect
    .poll(async () => Number((await query("SELECT read FROM notifications WHERE id = ?", [noticeId]))[0].read))
    .toBe(1);

  // The booking reads English: its date, the babysitter's rating, the rate and the total.
  const main = page.getByRole("main");
  await expect(main.getByText(/^Friday,? 12 November 2027$/)).toBeVisible();
  await expect(main.getByTestId("booking-times")).toHaveText("18:30 – 22:00");
  await expect(main.getByTestId("party-rating")).toHaveText("4.5 ★ · 2 reviews");
  await expect(main.getByText("€14.50 / hour").first()).toBeVisible();
  await expect(main.getByText("€50.75").first()).toBeVisible();
  await expect(main).not.toContainText("vendredi");
  await expect(main).not.toContainText("14,50");

  // Back in the centre, the notice is read.
  await page.goBack();
  await page.waitForURL("**/notifications");
  await expect(page.getByTestId("notification").filter({ hasText: "Booking confirmed" })).not.toContainText("Unread");

  await Promise.all([context.close(), sitter.context().close()]);
});
