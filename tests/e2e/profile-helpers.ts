// What the profile and babysitter-page specs share: the demo accounts' profile ids (read from the
// e2e database), signing in as a demo account, and an axe check.
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import { expect, queryStackDb, waitForApp } from "./fixtures";

export type DemoRole = keyof typeof DEMO_ACCOUNTS;

export async function profileIdOf(role: DemoRole): Promise<string> {
  const rows = await queryStackDb("SELECT id FROM profiles WHERE email = ?", [DEMO_ACCOUNTS[role].email]);
  return String(rows[0].id);
}

/**
 * Signs in through the login page, in whichever language it shows, and waits for the signed-in
 * page: the header with the user's menu. The URL alone is not enough: it changes a few
 * milliseconds before React swaps the login page out, and the login page has a header and a
 * language switch of its own. A click in that gap can land on the old header and be lost (most
 * likely what happened when one clean clone's admin-english.spec.ts clicked 'English' right
 * after signing in and the page stayed French).
 */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  await page.goto("/login");
  await waitForApp(page);
  const form = page.locator("form");
  await form.locator('input[type="email"]').fill(DEMO_ACCOUNTS[role].email);
  await form.locator('input[type="password"]').fill(DEMO_ACCOUNTS[role].password);
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(
    page.getByRole("banner").getByRole("button", { name: /^(Menu utilisateur|User menu) \(/ }),
  ).toBeVisible();
}

/** axe (its default rules): no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolation(page: Page): Promise<void> {
  const { blocking, passes } = await blockingViolations(page);
  expect(blocking).toEqual([]);
  expect(passes).toBeGreaterThan(10);
}
