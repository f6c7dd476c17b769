// Shared helpers. baseURL is read here, at test time, because global-setup sets E2E_BASE_URL after
// the config file was first evaluated.
import type { InValue } from "@libsql/client";
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type WebSocket,
} from "@playwright/test";
import { LANGUAGE_CHOICE_KEY } from "../../db/i18n/languages";
import { testDbClient } from "../test-db";
import { useStack } from "./stacks";
import { TabPool, type Tab } from "./tab-pool";

/** A tab of its own, in a context of its own (another person at another computer). */
export type NewTab = (options?: BrowserContextOptions) => Promise<Page>;

type TestFixtures = {
  /** A cold browser for this file's tests: a new context each, nothing cached (tests/e2e/tab-pool.ts). */
  freshTab: boolean;
  /** The options of the test's contexts: the config's, then its file's `test.use`. */
  tabOptions: BrowserContextOptions;
  /**
   * Opens another tab for the test, lent by the worker's pool and reset after the test, with the
   * test's context options and `options` over them.
   */
  newTab: NewTab;
  /** The test's own tab: the `context` and `page` fixtures. */
  tab: { context: BrowserContext; page: Page };
};

export const test = base.extend<TestFixtures, { ownStack: void; tabPool: TabPool }>({
  // Each worker drives its own copy of the stack (tests/e2e/stacks.ts), picked by its slot.
  ownStack: [
    async ({}, use, workerInfo) => {
      useStack(workerInfo.parallelIndex);
      await use();
    },
    { scope: "worker", auto: true },
  ],
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set (global-setup did not start the stack)");
    await use(url);
  },
  // A trace (E2E_TRACE=1) records the contexts a test opens: each test then opens its own.
  freshTab: [process.env.E2E_TRACE === "1" || process.env.E2E_FRESH_TABS === "1", { option: true }],
  tabPool: [
    async ({ browser }, use) => {
      const pool = new TabPool(browser);
      await use(pool);
      await pool.closeAll();
    },
    { scope: "worker" },
  ],
  // The context options of Playwright's own `context` fixture, as the config and `test.use` set them.
  // Playwright reads a fixture's dependencies from its destructured parameter (no rest element), so
  // the names are written there and again in the object below.
  tabOptions: async (
    {
      baseURL,
      locale,
      timezoneId,
      viewport,
      extraHTTPHeaders,
      reducedMotion,
      colorScheme,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      permissions,
      geolocation,
      javaScriptEnabled,
      storageState,
      contextOptions,
    },
    use,
  ) => {
    const given = {
      baseURL,
      locale,
      timezoneId,
      viewport,
      extraHTTPHeaders,
      reducedMotion,
      colorScheme,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      permissions,
      geolocation,
      javaScriptEnabled,
      storageState,
    };
    await use({
      ...contextOptions,
      ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
    });
  },
  tab: async ({ newTab }, use) => {
    const page = await newTab();
    await use({ context: page.context(), page });
  },
  newTab: async ({ browser, tabPool, freshTab, tabOptions }, use) => {
    const lent: { tab: Tab; options: BrowserContextOptions }[] = [];
    const opened: BrowserContext[] = [];
    await use(async (own = {}) => {
      const options = { ...tabOptions, ...own };
      // A saved session (storageState) would be cleared by the reset: such a test opens its own.
      if (freshTab || options.storageState) {
        const context = await browser.newContext(options);
        opened.push(context);
        return context.newPage();
      }
      const tab = await tabPool.borrow(options);
      lent.push({ tab, options });
      return tab.page;
    });
    for (const { tab, options } of lent) await tabPool.giveBack(tab, options);
    await Promise.all(opened.map((context) => context.close()));
  },
  context: async ({ tab }, use) => use(tab.context),
  page: async ({ tab }, use) => use(tab.page),
});
export { expect };

/** The visitor has chosen English: the cookie the language switch sets, which the Worker and the app read. */
export async function readsEnglish(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_CHOICE_KEY, value: "en", url: process.env.E2E_BASE_URL! }]);
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Names only allow letters: a random suffix of letters keeps every run's accounts apart. */
export function randomLetters(length = 6): string {
  return Array.from({ length }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join("");
}

export type NewAccount = {
  userType: "parent" | "babysitter";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  password: string;
};

export function newAccount(userType: NewAccount["userType"]): NewAccount {
  const tag = randomLetters(8);
  return {
    userType,
    firstName: `Inès${tag.slice(0, 3)}`.replace(/^./, (c) => c.toUpperCase()),
    lastName: `Morel${tag.slice(3)}`,
    email: `e2e-${userType}-${Date.now()}-${tag}@example.com`,
    phone: "06 12 34 56 78",
    city: "Lyon",
    password: "Veilleuse2026",
  };
}

/**
 * Euros as the page writes them in its language (web/src/lib/format.ts cannot load here: it imports
 * the app's JSON catalogue, which Playwright's loader refuses without an import attribute).
 */
export function euros(cents: number, locale: "fr-FR" | "en-GB" = "fr-FR"): string {
  const digits = cents % 100 ? 2 : 0;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}

/** A toast (sonner) holding `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]", { hasText: text });

/** The form's own messages (not the toasts that repeat them). */
export const inForm = (page: Page) => page.locator("form");

export async function registerThroughWizard(page: Page, account: NewAccount): Promise<void> {
  await page.goto("/register");
  await page.getByRole("radio", { name: account.userType === "parent" ? /Parent/ : /Baby-sitter/ }).check();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Prénom").fill(account.firstName);
  await page.getByLabel("Nom", { exact: true }).fill(account.lastName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Téléphone").fill(account.phone);
  await page.getByLabel("Ville").fill(account.city);
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await page.getByLabel("Confirmer le mot de passe").fill(account.password);
  await page.getByRole("checkbox", { name: /J'accepte les/ }).check();
  await page.getByRole("button", { name: "Créer mon compte" }).click();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes("/login")) await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** The header's user menu (desktop width). */
export const userMenuButton = (page: Page) => page.getByRole("button", { name: /Menu utilisateur/ });

type Violation = { directive: string; blocked: string };

/** Content-Security-Policy violations the page reports, as events and in the console. */
export async function watchViolations(page: Page): Promise<{ list: () => Promise<Violation[]>; console: string[] }> {
  const consoleMessages: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) consoleMessages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { __csp: typeof seen }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI }),
    );
  });
  return {
    list: () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp),
    console: consoleMessages,
  };
}

/** A pre-rendered page's links and fields are `inert` until the app runs it: wait for the live page. */
/** Fails the first request for the files `file` matches, as offline, and counts every request. */
export async function failFirstRequest(page: Page, file: RegExp): Promise<{ count: number }> {
  const requests = { count: 0 };
  await page.route(file, (route) => (requests.count++ === 0 ? route.abort() : route.continue()));
  return requests;
}

export async function waitForApp(page: Page): Promise<void> {
  await page.locator("#root[data-live]").waitFor({ state: "attached" });
}

/** A booking's page reached as a member does: home, the top navigation's 'Réservations', the booking's card. */
export async function openBookingFromList(page: Page, bookingId: string): Promise<void> {
  await page.goto("/");
  await waitForApp(page);
  await page.getByRole("navigation").first().getByRole("link", { name: "Réservations" }).first().click();
  await page.locator(`article[data-booking-id="${bookingId}"] a[href="/bookings/${bookingId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
}

/**
 * Resolves once the page's realtime socket (opened by the signed-in header) has answered its first
 * sync. Call it before the navigation that opens the socket. A test that ends the session behind
 * the page's back must wait for this first: a socket still fetching its ticket would meet the 401
 * and sign the page out before the test's own click.
 */
export function realtimeInSync(page: Page): Promise<void> {
  // Any realtime socket of the page: the first one seen may be an earlier page's reconnecting
  // socket, which the navigation then closes before it syncs.
  return new Promise((synced) => {
    const onSocket = (socket: WebSocket) => {
      if (!socket.url().includes("/api/realtime")) return;
      socket.on("framereceived", (frame) => {
        if (!String(frame.payload).includes('"synced"')) return;
        page.off("websocket", onSocket);
        synced();
      });
    };
    page.on("websocket", onSocket);
  });
}

/**
 * Waits until /bookings/{id} shows the booking's own page. The router pushes the new URL at once
 * and renders the new page in a React transition: on a busy machine the list is still on screen
 * under the detail's URL (CI once read 15 list cards there), so the URL alone does not say which
 * page the next assertion reads; the detail page's h1 does.
 */
export async function bookingDetailShown(page: Page, bookingId: string): Promise<void> {
  await page.waitForURL(`**/bookings/${bookingId}`);
  await expect(
    page.getByRole("heading", { level: 1, name: /^(Détail de la réservation|Booking details)$/ }),
  ).toBeVisible();
}

/** Visible targets under 24×24 px, except links inside a sentence (WCAG 2.5.8's inline exception). */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const targets = document.querySelectorAll<HTMLElement>(
      "a[href], button, summary, label:has(input[type=checkbox]), input[type=checkbox] + label, label[for]",
    );
    const inSentence = (element: HTMLElement) => element.tagName === "A" && element.closest("p, label") !== null;
    const small: string[] = [];
    for (const element of targets) {
      const box = element.getBoundingClientRect();
      const hidden = box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === "hidden";
      if (hidden || inSentence(element)) continue;
      if (
        element.tagName === "LABEL" &&
        !document.getElementById(element.getAttribute("for") ?? "")?.matches("[type=checkbox]")
      )
        continue;
      if (box.width < 24 || box.height < 24) {
        small.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" ${box.width.toFixed(0)}×${box.height.toFixed(0)}`,
        );
      }
    }
    return small;
  });
}

/** The stack's database (global-setup): to find seeded rows and check what the app stored. */
export async function queryStackDb(sql: string, args: InValue[] = []) {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error("E2E_DB_FILE is not set (this test needs the stack global-setup starts)");
  // This worker's client of the file (tests/test-db.ts): it waits out the Worker's own writes.
  return (await testDbClient(file).execute({ sql, args })).rows;
}

/**
 * The first link matching `pattern` in the emails to `email`, newest first (the outbox), polled:
 * emails leave after the answer. `where` narrows the rows (SQL on the outbox's columns).
 */
async function emailedLinkFor(email: string, what: string, pattern: RegExp, where = "1 = 1"): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const rows = await queryStackDb(
          `SELECT body FROM outbox WHERE recipient = ? AND ${where} ORDER BY created_at DESC, rowid DESC`,
          [email],
        );
        link = rows.map((row) => String(row.body).match(pattern)?.[0]).find(Boolean);
        return link;
      },
      // An email leaves within a second or so: poll often (expect.poll's default backs off to once a second).
      { message: `${what} email to ${email}`, timeout: 20_000, intervals: [100, 250] },
    )
    .toBeTruthy();
  return link!;
}

/** The link in the newest verification email to `email`, once it has left. */
export const verificationLinkFor = (email: string) =>
  emailedLinkFor(
    email,
    "verification",
    /https?:\/\/\S+\/verify-email\?token=[\w.-]+/,
    "json_extract(payload, '$.template') = 'verifyEmail' AND status <> 'queued'",
  );

/** The reset link in the newest reset email to `email`. */
export const resetLinkFor = (email: string) =>
  emailedLinkFor(email, "reset", /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/);

/**
 * Registers the account through the API (the wizard has its own tests); the sign-up must succeed.
 * The email is confirmed with the emailed link's token (what /verify-email posts) unless
 * `{ verified: false }`: an unconfirmed account may not message nor book.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: NewAccount,
  { verified = true }: { verified?: boolean } = {},
): Promise<void> {
  const { userType, firstName, lastName, email, phone, city, password } = account;
  const answer = await request.post("/api/auth/sign-up/email", {
    data: { user_type: userType, first_name: firstName, last_name: lastName, email, phone, city, password },
  });
  expect(answer.status(), `sign-up of ${email}`).toBe(200);
  if (!verified) return;
  const token = new URL(await verificationLinkFor(email)).searchParams.get("token");
  const confirmed = await request.post("/api/auth/verify-email", { data: { token } });
  expect(confirmed.status(), `verification of ${email}`).toBe(200);
}

/**
 * A client address of its own for a spec file (sign-in and sign-up are limited per address, and
 * the whole suite runs from one machine). Wrangler dev passes CF-Connecting-IP through, as
 * Cloudflare's edge sets it in production.
 */
export const ownClientAddress = () => ({
  "cf-connecting-ip": `2001:db8:e2e:${Math.floor(Math.random() * 0xffff).toString(16)}::1`,
});

/**
 * A new parent and a new babysitter, signed up through the API from an address of their own (the
 * sign-up limit counts per address, and a worker's tests would otherwise share one), with their
 * profile ids.
 */
export async function registeredPair(newTab: NewTab) {
  const parentAccount = newAccount("parent");
  const sitterAccount = newAccount("babysitter");
  const setup = await newTab({ extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(setup.request, parentAccount);
  await registerThroughApi(setup.request, sitterAccount);
  const idOf = async (email: string) =>
    String((await queryStackDb("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);
  return {
    parentAccount,
    sitterAccount,
    parentId: await idOf(parentAccount.email),
    sitterId: await idOf(sitterAccount.email),
  };
}

/**
 * A babysitter, signed in on `sitter`, activates card payments from her user menu → Paramètres →
 * 'Paiements des familles' (the demo provider enables her account at once).
 */
export async function activateCardPayments(sitter: Page, firstName: string): Promise<void> {
  await sitter.getByRole("button", { name: `Menu utilisateur (${firstName})` }).click();
  await sitter.getByRole("link", { name: "Paramètres", exact: true }).click();
  await expect(sitter.getByRole("heading", { name: "Paiements des familles" })).toBeVisible();
  await expect(sitter.getByTestId("payouts-status")).toHaveText("Paiements par carte non activés.");
  await sitter.getByRole("button", { name: "Activer les paiements par carte" }).click();
  await expect(sitter.getByTestId("payouts-status")).toHaveText(
    "Paiements par carte activés : les familles peuvent vous payer via Veilleuse.",
  );
}

/** A new parent, registered and signed in on this page's context (its cookie). */
export async function signedInNewParent(page: Page): Promise<NewAccount> {
  const account = newAccount("parent");
  await registerThroughApi(page.request, account);
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status(), `sign-in of ${account.email}`).toBe(200);
  return account;
}

/**
 * A page in a context of its own (the test's options: French, Paris time; its own client address),
 * signed in as `email`.
 */
export async function signedInPage(
  newTab: NewTab,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await newTab({ extraHTTPHeaders: ownClientAddress(), ...options });
  const signedIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(signedIn.status(), `sign-in of ${email}`).toBe(200);
  return page;
}
