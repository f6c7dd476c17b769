// Email verification, walked as a new parent does: the wizard's promise ('Vérifiez votre email'),
// the banner, a sitter's page whose Réserver and Message are off and say why, the emailed link,
// then the same page with both on. An expired link offers a new one; a broken one says it is not
// valid. Fails on the code before email verification existed (no banner, no /verify-email page).
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  expect,
  newAccount,
  queryStackDb,
  registerThroughApi,
  registerThroughWizard,
  signIn,
  signedInPage,
  test,
  toast,
  verificationLinkFor,
  waitForApp,
  ownClientAddress,
} from "./fixtures";
import { sendByApi } from "./messages-helpers";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

const banner = (page: Page) => page.getByRole("region", { name: "Vérifiez votre email" });

/** From the header's Rechercher to the first result's page, by clicks. */
async function openFirstSitter(page: Page): Promise<string> {
  await page.getByRole("banner").getByRole("link", { name: "Rechercher", exact: true }).click();
  await expect(page).toHaveURL(/\/search/);
  const profileLink = page
    .getByRole("main")
    .getByRole("link", { name: /^Voir le profil de / })
    .first();
  const label = (await profileLink.getAttribute("aria-label")) ?? (await profileLink.innerText());
  const name = label.replace(/^Voir le profil de /, "");
  await profileLink.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return name;
}

test("a new parent is told to confirm her email, cannot book or write until she follows the link, then can", async ({
  page,
}) => {
  const account = { ...newAccount("parent"), city: "Paris" };
  await registerThroughWizard(page, account);
  await expect(toast(page, "Inscription réussie ! Vérifiez votre email.")).toBeVisible();
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner(page)).toBeVisible();

  await openFirstSitter(page);
  const book = page.getByRole("button", { name: "Réserver" });
  const message = page.getByRole("button", { name: "Message", exact: true });
  await expect(book).toBeDisabled();
  await expect(message).toBeDisabled();
  const reason = /Confirmez d'abord votre adresse email avec le lien que nous vous avons envoyé/;
  await expect(book).toHaveAccessibleDescription(reason);
  await expect(message).toHaveAccessibleDescription(reason);
  const sitterPage = page.url();

  // The link from her mailbox (the outbox is the mailbox here), opened in the same browser.
  await page.goto(await verificationLinkFor(account.email));
  await expect(page.getByRole("heading", { level: 1, name: "Email confirmé" })).toBeVisible();
  await page.getByRole("link", { name: "Aller au tableau de bord" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForApp(page);
  await expect(banner(page)).toHaveCount(0);

  await page.goto(sitterPage);
  await waitForApp(page);
  await expect(page.getByRole("link", { name: "Réserver" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Message", exact: true })).toBeVisible();
  await expect(page.getByText(reason)).toHaveCount(0);
  const [row] = await queryStackDb("SELECT email_verified FROM user WHERE email = ?", [account.email]);
  expect(Number(row.email_verified)).toBe(1);
});

/**
 * A link whose time is up, signed as better-auth signs them (HS256 with the stack's secret, which
 * scripts/stack.ts keeps beside the database): what a parent holds after the link's 24 hours.
 */
function expiredLink(link: string, email: string, userId: string): string {
  const secret = readFileSync(`${process.env.E2E_DB_FILE}.dev-secret`, "utf8").trim();
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: "HS256" })}.${part({ email, userId, iat: now - 7200, exp: now - 3600 })}`;
  const url = new URL(link);
  url.searchParams.set("token", `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`);
  return url.toString();
}

test("an expired link says so and sends a new one; a broken link says it is not valid", async ({ page }) => {
  const account = newAccount("babysitter");
  await registerThroughWizard(page, account);
  await expect(page).toHaveURL(/\/login$/);
  const link = await verificationLinkFor(account.email);
  const [user] = await queryStackDb("SELECT id FROM user WHERE email = ?", [account.email]);
  const mailsBefore = await queryStackDb(
    "SELECT count(*) AS n FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'verifyEmail'",
    [account.email],
  );

  await page.goto(expiredLink(link, account.email, String(user.id)));
  await expect(page.getByRole("alert")).toHaveText(/Ce lien de vérification a expiré/);
  // Signed out: the address comes from the link, ready to send.
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await page.getByRole("button", { name: "Renvoyer le lien" }).click();
  await expect(page.getByRole("status")).toHaveText(/un nouveau lien vient d'être envoyé/);
  await expect
    .poll(async () => {
      const [now] = await queryStackDb(
        "SELECT count(*) AS n FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'verifyEmail'",
        [account.email],
      );
      return Number(now.n);
    })
    .toBe(Number(mailsBefore[0].n) + 1);

  await page.goto(`${link.slice(0, -6)}abcdef`);
  await expect(page.getByRole("alert")).toHaveText(/Ce lien de vérification n'est pas valide/);
  const [row] = await queryStackDb("SELECT email_verified FROM user WHERE email = ?", [account.email]);
  expect(Number(row.email_verified)).toBe(0);
});

test.describe("in English", () => {
  test.use({ locale: "en-GB" });

  test("a new babysitter reads a parent's message but is told why she cannot answer yet", async ({ newTab, page }) => {
    const account = newAccount("babysitter");
    await registerThroughApi(page.request, account, { verified: false });
    const signedIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: account.email, password: account.password },
    });
    expect(signedIn.status()).toBe(200);
    const [sitter] = await queryStackDb("SELECT id FROM profiles WHERE email = ?", [account.email]);

    // A confirmed parent writes to her first.
    const parent = await signedInPage(newTab, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
    const opened = await parent.request.post("/api/conversations", { data: { partner_id: String(sitter.id) } });
    expect(opened.status()).toBeLessThan(300);
    await sendByApi(
      parent.request,
      String(((await opened.json()) as { id: string }).id),
      "Hello, are you free Friday?",
    );
    await parent.context().close();

    await page.goto("/dashboard");
    await waitForApp(page);
    await expect(page.getByRole("region", { name: "Verify your email" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Messages", exact: true }).click();
    await page
      .getByRole("main")
      .getByRole("link", { name: /Hello, are you free Friday\?/ })
      .click();
    await expect(page.getByText("Hello, are you free Friday?").last()).toBeVisible();
    await expect(page.getByText(/First confirm your email address with the link we sent you/)).toBeVisible();
    await expect(page.getByRole("main").locator("textarea")).toHaveCount(0);
  });
});
