// The real hours of two sittings in Chromium: the babysitter declares them from the booking's page
// (filled in from her arrival and departure taps), the parent follows the notice, confirms the first
// and disputes the second saying why; the team finds the dispute in the console's moderation queue
// and keeps her hours.
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import {
  euros,
  expect,
  openBookingFromList,
  queryStackDb as query,
  registeredPair,
  signedInPage,
  test,
  toast,
  waitForApp,
} from "./fixtures";

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A confirmed 3-hour sitting that ended `endedHoursAgo` ago, with her taps when given (minutes off the booked times). */
async function endedSitting(parentId: string, sitterId: string, endedHoursAgo: number, taps?: [number, number]) {
  const id = crypto.randomUUID();
  const end = Date.now() - endedHoursAgo * HOUR;
  const start = end - 3 * HOUR;
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status,
       checked_in_at, checked_out_at)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'confirmed', ?, ?)`,
    [
      id,
      parentId,
      sitterId,
      new Date(start).toISOString(),
      new Date(end).toISOString(),
      taps ? new Date(start + taps[0] * MINUTE).toISOString() : null,
      taps ? new Date(end + taps[1] * MINUTE).toISOString() : null,
    ],
  );
  return id;
}

/** A booking opened from the booking list, its section in view. */
async function openFromBookings(page: Page, bookingId: string) {
  await openBookingFromList(page, bookingId);
  await expect(page.getByRole("heading", { name: "Heures réelles", exact: true })).toBeVisible();
}

test("a sitter declares two sittings' hours; the parent confirms one and disputes the other; the team keeps them", async ({
  newTab,
}) => {
  test.setTimeout(120_000);
  const { parentAccount, sitterAccount, parentId, sitterId } = await registeredPair(newTab);
  const first = await endedSitting(parentId, sitterId, 1, [4, 17]); // 3 h 13 between her taps
  const second = await endedSitting(parentId, sitterId, 8);

  // The sitter: the form is filled in from her taps; she declares them.
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  await openFromBookings(sitter, first);
  await sitter.getByRole("button", { name: "Déclarer ces heures" }).click();
  await expect(toast(sitter, "Heures déclarées : la famille a 24 h pour répondre")).toBeVisible();
  await expect(sitter.getByTestId("declared-hours")).toContainText(`(3 h 13) · ${euros(4825)}`);
  await expect(sitter.getByTestId("hours-status")).toContainText("En attente de la réponse de la famille");
  expect((await blockingViolations(sitter)).blocking).toEqual([]);

  // The second, without taps: the booked times, her end moved 30 minutes later.
  await openFromBookings(sitter, second);
  const end = sitter.getByLabel("Fin");
  const booked = await end.inputValue();
  const later = new Date(Date.parse(`${booked}:00Z`) + 30 * MINUTE).toISOString().slice(0, 16);
  await end.fill(later);
  await sitter.getByRole("button", { name: "Déclarer ces heures" }).click();
  await expect(sitter.getByTestId("declared-hours")).toContainText(`(3 h 30) · ${euros(5250)}`);

  // The parent follows the first notice from her notification centre and confirms.
  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  await parent.goto("/notifications");
  await waitForApp(parent);
  const notices = parent.getByTestId("notification").filter({ hasText: "Heures à confirmer" });
  await expect(notices).toHaveCount(2);
  await parent.locator(`a[href="/bookings/${first}"]`).filter({ hasText: "Heures à confirmer" }).click();
  await expect(parent).toHaveURL(new RegExp(`/bookings/${first}$`));
  await expect(parent.getByTestId("hours-status")).toContainText("À confirmer avant le");
  await parent.getByRole("button", { name: "Confirmer ces heures" }).click();
  await expect(toast(parent, "Heures confirmées : la baby-sitter est prévenue")).toBeVisible();
  await expect(parent.getByTestId("hours-status")).toHaveText("Confirmées.");
  await expect(parent.getByRole("button", { name: "Contester" })).toHaveCount(0);

  // The second: a dispute needs a few words, then goes to the team.
  await parent
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Notifications" })
    .click();
  await parent.locator(`a[href="/bookings/${second}"]`).filter({ hasText: "Heures à confirmer" }).click();
  await expect(parent).toHaveURL(new RegExp(`/bookings/${second}$`));
  await parent.getByRole("button", { name: "Contester" }).click();
  const reason = parent.getByLabel("Ce qui ne va pas");
  await reason.fill("Trop");
  await parent.getByRole("button", { name: "Envoyer la contestation" }).click();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  expect((await blockingViolations(parent)).blocking).toEqual([]);
  await reason.fill("Elle est partie à l'heure prévue, pas une demi-heure après.");
  await parent.getByRole("button", { name: "Envoyer la contestation" }).click();
  await expect(toast(parent, "Contestation envoyée : notre équipe va examiner la situation")).toBeVisible();
  await expect(parent.getByTestId("hours-status")).toHaveText("Contestées : notre équipe examine la situation.");
  const [item] = await query("SELECT id, status FROM flagged_content WHERE type = 'hours' AND resource_id = ?", [
    second,
  ]);
  expect(item.status).toBe("pending");

  // The team: the console's moderation queue, filtered to hours; the item's page; kept.
  const admin = await signedInPage(newTab, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await admin.goto("/admin/moderation");
  await waitForApp(admin);
  await admin.getByRole("combobox", { name: "Type de contenu" }).selectOption({ label: "Heures" });
  await expect(admin).toHaveURL(/\/admin\/moderation\?type=hours$/);
  const row = admin.getByRole("row").filter({ hasText: sitterAccount.lastName });
  await expect(row).toHaveCount(1);
  await row.getByRole("link").first().click();
  await expect(admin).toHaveURL(new RegExp(`/admin/moderation/${item.id}$`));
  const main = admin.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Heures contestées" })).toBeVisible();
  await expect(main.getByTestId("moderation-content")).toContainText("(3 h 30)");
  await main.getByRole("button", { name: "Approuver" }).click();
  await expect(toast(admin, "Élément approuvé.")).toBeVisible();
  const [kept] = await query("SELECT hours_status FROM bookings WHERE id = ?", [second]);
  expect(kept.hours_status).toBe("confirmed");
  await parent.reload();
  await expect(parent.getByTestId("hours-status")).toHaveText("Confirmées.");
});
