// /unsubscribe in Chromium, signed out as from an email: the link names the list and the masked
// address, 'Me désabonner' turns that one switch off and says so (essential emails still arrive,
// the preferences link), axe on both states; signed in, the preferences screen shows the switch off;
// a forged or missing token gets the invalid-link message and a way home.
import { readFileSync } from "node:fs";
import { unsubscribeToken } from "../../edge/delivery/unsubscribe";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  queryStackDb as query,
  registerThroughApi,
  test,
  waitForApp,
  ownClientAddress,
} from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

/** The token an email carries, signed with the stack's secret (scripts/stack.ts keeps it beside the database). */
async function tokenOf(email: string, list: "notifications" | "reminders" | "payments" | "marketing") {
  const secret = readFileSync(`${process.env.E2E_DB_FILE}.dev-secret`, "utf8").trim();
  const [row] = await query("SELECT id FROM user WHERE email = ?", [email]);
  return unsubscribeToken(secret, String(row.id), list);
}

test("unsubscribing from an email's link, signed out, then the switch is off in the preferences", async ({
  page,
  request,
}) => {
  const account = newAccount("parent");
  await registerThroughApi(request, account);
  const token = await tokenOf(account.email, "notifications");

  await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
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
  const [payload] = (await tokenOf(account.email, "marketing")).split(".");
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
