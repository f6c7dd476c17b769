// The in-app notification centre in Chromium, on a real event: a new babysitter accepts a new
// parent's booking request (the server's acceptance writes the notification); the parent, whose
// centre was open on its empty state, sees it there and the count in the top navigation at once
// (the socket's frame) and on the next page, the notification with 'Toutes' / 'Non lues' counts and its link, then marks it read, marks all read
// and deletes one, with their toasts, the header's count following each step and the database
// agreeing. The preferences card links to /settings → Notifications. Axe on the page.
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
  realtimeInSync,
  signedInPage,
  readsEnglish,
} from "./fixtures";

const profileIdOf = async (email: string) =>
  String((await query("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);

/**
 * A new account is welcomed in its centre, after the sign-up's answer (tests/api/account-notices):
 * these scenarios start from an empty centre, so the welcome is waited for, then removed.
 */
async function withoutWelcome(profileId: string): Promise<void> {
  const welcome =
    "SELECT count(*) AS n FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') LIKE 'welcome:%'";
  await expect.poll(async () => Number((await query(welcome, [profileId]))[0].n)).toBe(1);
  await query("DELETE FROM notifications WHERE profile_id = ?", [profileId]);
}

test("a babysitter accepts a booking: the parent's centre and header count show it; read, read all, delete", async ({
  newTab,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A new babysitter of its own (on her trial), so no other test's booking can take this slot.
  const account = newAccount("parent");
  const sitterAccount = newAccount("babysitter");
  const setup = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(setup.request, account);
  await registerThroughApi(setup.request, sitterAccount);
  await setup.close();
  const parent = await signedInPage(newTab, account.email, account.password);
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  const parentId = await profileIdOf(account.email);
  const sitterId = await profileIdOf(sitterAccount.email);
  await withoutWelcome(parentId);

  // The centre, empty for a new account; its tab's socket (the header's realtime client) in sync.
  const socketInSync = realtimeInSync(parent);
  await parent.goto("/notifications");
  await waitForApp(parent);
  await expect(parent.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(parent.getByText("Aucune notification", { exact: true })).toBeVisible();
  await expect(parent.getByRole("button", { name: "Tout marquer comme lu" })).toBeDisabled();
  await expect(parent.getByRole("link", { name: "Gérer mes préférences" })).toHaveAttribute(
    "href",
    "/settings?tab=notifications",
  );

  // An older account notice, and a booking request the babysitter accepts through the real API.
  const notice = crypto.randomUUID();
  await query(
    "INSERT INTO notifications (id, profile_id, type, title, message, read, created_at) VALUES (?, ?, 'system', ?, ?, 0, ?)",
    [notice, parentId, "Bienvenue", "Votre compte est prêt.", new Date(Date.now() - 3_600_000).toISOString()],
  );
  const bookingId = crypto.randomUUID();
  const start = new Date(Date.now() + (200 + Math.floor(Math.random() * 300)) * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'pending')`,
    [bookingId, parentId, sitterId, start.toISOString(), new Date(start.getTime() + 3 * 3_600_000).toISOString()],
  );
  await socketInSync;
  const accepted = await sitter.request.patch(`/api/bookings/${bookingId}/status`, { data: { action: "accept" } });
  expect(accepted.status()).toBe(200);
  await expect
    .poll(async () => (await query("SELECT count(*) AS n FROM notifications WHERE profile_id = ?", [parentId]))[0].n)
    .toBe(2);

  // Without leaving the page: the socket's frame refreshes the header's count and the open centre.
  const nav = parent.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByTestId("notifications-badge")).toHaveText(/^2/);
  await expect(parent.getByTestId("notification").filter({ hasText: "Réservation confirmée" })).toBeVisible();

  // On the next page too, the top navigation's Notifications entry shows the count; then the centre.
  await nav.getByRole("link", { name: "Rechercher" }).click();
  await parent.waitForURL("**/search");
  const badge = nav.getByTestId("notifications-badge");
  await expect(badge).toHaveText(/^2/);
  await expect(nav.getByRole("link", { name: "Notifications" })).toHaveAccessibleDescription(
    "2 notifications non lues",
  );
  await nav.getByRole("link", { name: "Notifications" }).click();
  await parent.waitForURL("**/notifications");

  await expect(parent.getByRole("tab", { name: "Toutes (2)" })).toHaveAttribute("aria-selected", "true");
  await expect(parent.getByRole("tab", { name: "Non lues (2)" })).toBeVisible();
  const items = parent.getByTestId("notification");
  await expect(items).toHaveCount(2);
  const acceptance = items.first();
  await expect(acceptance.getByRole("heading", { name: "Réservation confirmée" })).toBeVisible();
  await expect(acceptance).toContainText("a accepté votre garde");
  await expect(acceptance.getByRole("link", { name: "Réservation confirmée" })).toHaveAttribute(
    "href",
    `/bookings/${bookingId}`,
  );
  await expect(items.nth(1).getByRole("heading", { name: "Bienvenue" })).toBeVisible();
  await expect(items.nth(1).locator("time")).toHaveText(/^Le \S+ \d{1,2} \S+ \d{4} à \d{2}:\d{2}$/);
  expect((await blockingViolations(parent)).blocking).toEqual([]);

  // Mark one read.
  await acceptance.getByRole("button", { name: "Marquer « Réservation confirmée » comme lue" }).click();
  await expect(toast(parent, "Notification marquée comme lue")).toBeVisible();
  await expect(parent.getByRole("tab", { name: "Non lues (1)" })).toBeVisible();
  await expect(badge).toHaveText(/^1/);
  await expect(acceptance.getByRole("button", { name: /comme lue/ })).toHaveCount(0);

  // Mark all read.
  await parent.getByRole("button", { name: "Tout marquer comme lu" }).click();
  await expect(toast(parent, "Toutes les notifications marquées comme lues")).toBeVisible();
  await expect(parent.getByRole("tab", { name: "Non lues (0)" })).toBeVisible();
  await expect(badge).toHaveCount(0);
  expect(
    (await query("SELECT count(*) AS n FROM notifications WHERE profile_id = ? AND read = 0", [parentId]))[0].n,
  ).toBe(0);

  // Delete the notice.
  await items.nth(1).getByRole("button", { name: "Supprimer « Bienvenue »" }).click();
  await expect(toast(parent, "Notification supprimée")).toBeVisible();
  await expect(parent.getByRole("tab", { name: "Toutes (1)" })).toBeVisible();
  await expect(items).toHaveCount(1);
  expect((await query("SELECT id FROM notifications WHERE id = ?", [notice])).length).toBe(0);

  // 'Non lues': nothing left to read.
  await parent.getByRole("tab", { name: "Non lues (0)" }).click();
  await expect(parent).toHaveURL(/filter=unread/);
  await expect(parent.getByText("Aucune notification non lue")).toBeVisible();
  expect((await blockingViolations(parent)).blocking).toEqual([]);

  await Promise.all([parent.context().close(), sitter.context().close()]);
});

test("20 at a time with 'Show more', in English", async ({ browser, baseURL }) => {
  const account = newAccount("babysitter");
  const setup = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(setup.request, account);
  await setup.close();
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
  const profileId = await profileIdOf(account.email);
  await withoutWelcome(profileId);
  for (let i = 0; i < 25; i++)
    await query(
      "INSERT INTO notifications (id, profile_id, type, title, message, read, created_at) VALUES (?, ?, 'review', ?, 'New review', ?, ?)",
      [crypto.randomUUID(), profileId, `Review ${i + 1}`, i % 2, new Date(Date.now() - i * 60_000).toISOString()],
    );

  await page.goto("/notifications");
  await waitForApp(page);
  await expect(page.getByRole("tab", { name: "All (25)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Unread (13)" })).toBeVisible();
  const items = page.getByTestId("notification");
  await expect(items).toHaveCount(20);
  await expect(items.first().getByRole("heading")).toHaveText("Review 1");
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(items).toHaveCount(25);
  await expect(items.last().getByRole("heading")).toHaveText("Review 25");
  await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);
  await context.close();
});
