// /settings → Notifications in Chromium: the defaults on a new account, switches saved and
// still there after a reload (and in the database), the test buttons' toasts (a test email and SMS,
// simulated without provider keys and kept in the outbox), an SMS test without a phone refused
// with 'Aucun numéro de téléphone configuré', and axe.
import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe";
import {
  expect,
  queryStackDb as query,
  test,
  toast,
  waitForApp,
  ownClientAddress,
  signedInNewParent,
} from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

const switchNamed = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });

test("a parent's preferences: defaults, saved and reloaded, test email and SMS, axe", async ({ page }) => {
  const account = await signedInNewParent(page);
  await page.goto("/settings?tab=notifications");
  await waitForApp(page);
  await expect(page.getByRole("heading", { name: "Préférences de communication" })).toBeVisible();
  await expect(switchNamed(page, "Recevoir des emails")).toBeChecked();
  await expect(switchNamed(page, "Recevoir des SMS")).not.toBeChecked();
  await expect(switchNamed(page, "SMS d'urgence")).toBeChecked();
  await expect(switchNamed(page, "Emails marketing")).not.toBeChecked();
  await expect(switchNamed(page, "Urgences (toujours actives)")).toBeDisabled();
  expect(await blockingViolations(page).then((r) => r.blocking)).toEqual([]);

  await switchNamed(page, "Recevoir des SMS").check();
  await switchNamed(page, "Avis").uncheck();
  await page.getByRole("button", { name: "Enregistrer les préférences" }).click();
  await expect(toast(page, "Préférences sauvegardées")).toBeVisible();
  const [row] = await query(
    "SELECT cp.sms_enabled, cp.notify_reviews FROM communication_preferences cp JOIN user u ON u.id = cp.user_id WHERE u.email = ?",
    [account.email],
  );
  expect(row).toEqual({ sms_enabled: 1, notify_reviews: 0 });
  await page.reload();
  await waitForApp(page);
  await expect(switchNamed(page, "Recevoir des SMS")).toBeChecked();
  await expect(switchNamed(page, "Avis")).not.toBeChecked();

  await page.getByRole("button", { name: "Envoyer un email de test" }).click();
  await expect(toast(page, "Email de test envoyé !")).toBeVisible();
  await page.getByRole("button", { name: "Envoyer un SMS de test" }).click();
  await expect(toast(page, "SMS de test envoyé !")).toBeVisible();
  const sent = await query(
    "SELECT channel, status FROM outbox WHERE json_extract(payload, '$.template') = 'test' AND (recipient = ? OR recipient = (SELECT phone FROM profiles WHERE email = ?)) ORDER BY channel",
    [account.email, account.email],
  );
  expect(sent).toEqual([
    { channel: "email", status: "simulated" },
    { channel: "sms", status: "simulated" },
  ]);

  await query("UPDATE profiles SET phone = NULL WHERE email = ?", [account.email]);
  await page.getByRole("button", { name: "Envoyer un SMS de test" }).click();
  await expect(toast(page, "Aucun numéro de téléphone configuré")).toBeVisible();
});
