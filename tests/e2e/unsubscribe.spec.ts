// /unsubscribe in Chromium, signed out, from a real email's link (a booking notice): the page
// names the list and the masked address, 'Me désabonner' turns that one switch off and says so
// (essential emails still arrive, the preferences link), axe on both states; signed in, the preferences screen shows the switch off;
// a forged or missing token gets the invalid-link message and a way home.
import type { APIRequestContext } from "@playwright/test";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  queryStackDb as query,
  registerThroughApi,
  test,
  waitForApp,
  ownClientAddress,
  type NewAccount,
} from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

/**
 * The unsubscribe link of a real email: a babysitter declines the parent's request, and the notice
 * in the outbox (simulated Resend) carries the page's link in its text part.
 */
async function unsubscribeLinkOf(request: APIRequestContext, parent: NewAccount): Promise<string> {
  const sitter = newAccount("babysitter");
  await registerThroughApi(request, sitter);
  const ids = await query("SELECT id, email FROM profiles WHERE email IN (?, ?)", [parent.email, sitter.email]);
  const idOf = (email: string) => String(ids.find((row) => row.email === email)!.id);
  const bookingId = crypto.randomUUID();
  const start = new Date(Date.now() + (200 + Math.floor(Math.random() * 300)) * 86_400_000);
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'pending')`,
    [
      bookingId,
      idOf(parent.email),
      idOf(sitter.email),
      start.toISOString(),
      new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    ],
  );
  const signedIn = await request.post("/api/auth/sign-in/email", {
    data: { email: sitter.email, password: sitter.password },
  });
  expect(signedIn.status()).toBe(200);
  expect((await request.patch(`/api/bookings/${bookingId}/status`, { data: { action: "decline" } })).status()).toBe(
    200,
  );
  const email = async () =>
    (
      await query(
        "SELECT body FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'bookingDeclined' AND status <> 'queued'",
        [parent.email],
      )
    )[0]?.body;
  await expect.poll(email).toBeTruthy();
  const link = String(await email()).match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
  expect(link, "the email's unsubscribe link").toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

test("unsubscribing from an email's link, signed out, then the switch is off in the preferences", async ({
  page,
  request,
}) => {
  const account = newAccount("parent");
  await registerThroughApi(request, account);
  const link = await unsubscribeLinkOf(request, account);

  await page.goto(link);
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Désinscription des emails" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Se désabonner des emails de notification ?" })).toBeVisible();
  await expect(page.getByText(`Adresse concernée : e•••@example.com`)).toBeVisible();
  await expect(page.getByText(account.email)).toHaveCount(0);
  await expect(
    page.getByText("Les emails essentiels (sécurité, factures, urgences) continuent de vous parvenir."),
  ).toBeVisible();
  expect(await blockingViolations(page).then((r) => r.blocking)).toEqual([]);
  // Opening the link changed nothing.
  expect(
    await query(
      "SELECT count(*) AS n FROM communication_preferences cp JOIN user u ON u.id = cp.user_id WHERE u.email = ?",
      [account.email],
    ),
  ).toEqual([{ n: 0 }]);

  await page.getByRole("button", { name: "Me désabonner" }).click();
  const done = page
    .getByRole("status")
    .filter({ hasText: "C'est fait : vous ne recevrez plus les emails de notification." });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(page.getByRole("button", { name: "Me désabonner" })).toHaveCount(0);
  await expect(
    page.getByText("Les emails essentiels (sécurité, factures, urgences) continuent de vous parvenir."),
  ).toBeVisible();
  await expect(page.getByText("Connectez-vous pour le réactiver à tout moment dans vos préférences.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Gérer mes préférences" })).toHaveAttribute(
    "href",
    "/settings?tab=notifications",
  );
  expect(await blockingViolations(page).then((r) => r.blocking)).toEqual([]);
  const [row] = await query(
    "SELECT cp.email_enabled, cp.booking_reminders, cp.marketing_emails, cp.payment_notifications FROM communication_preferences cp JOIN user u ON u.id = cp.user_id WHERE u.email = ?",
    [account.email],
  );
  expect(row).toEqual({ email_enabled: 0, booking_reminders: 1, marketing_emails: 0, payment_notifications: 1 });

  // Signed in, the preferences show the switch off (and can switch it back on).
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status()).toBe(200);
  await page.getByRole("link", { name: "Gérer mes préférences" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=notifications$/);
  await waitForApp(page);
  await expect(page.getByRole("switch", { name: "Recevoir des emails", exact: true })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Rappels de réservation (24 h avant chaque garde)" })).toBeChecked();
});

test("a forged or missing link says it is invalid and leads home", async ({ page, request }) => {
  const account = newAccount("babysitter");
  await registerThroughApi(request, account);
  const [row] = await query("SELECT id FROM user WHERE email = ?", [account.email]);
  // A token's first half names the account and the list; without our secret the signature is forged.
  const payload = Buffer.from(`${String(row.id)}:marketing`).toString("base64url");
  for (const path of [`/unsubscribe?token=${payload}.forgedsignature`, "/unsubscribe"]) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole("heading", { name: "Lien de désabonnement invalide" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Me désabonner" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  }
  expect(await blockingViolations(page).then((r) => r.blocking)).toEqual([]);
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});
