// "A socket ends with its session", in Chromium: a parent is signed in on her phone (A) and on a
// laptop she left somewhere (B), where a conversation with her babysitter is open and live. From
// her phone she signs out every other session (Settings → Sécurité). The server closes B's socket
// with 4001 "session ended", so B leaves the signed-in app for the sign-in page and never receives
// what the babysitter writes next (a door code); the phone carries on and shows it.
//
// Before sockets were bound to their session, B's socket outlived it: the door code arrived on B
// as a live frame and showed in its open thread, and B stayed on the thread.
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import {
  expect,
  newAccount,
  type NewAccount,
  ownClientAddress,
  registerThroughApi,
  signIn,
  test,
  toast,
  userMenuButton,
  waitForApp,
} from "./fixtures";
import { bubble, messagesLink, sendByApi, thread } from "./messages-helpers";

const DOOR_CODE = "Le code de la porte est 4521";

type Device = { context: BrowserContext; page: Page };

/** A browser of its own (its own cookies and client address: sign-ins are limited per address). */
async function device(browser: Browser, baseURL: string): Promise<Device> {
  const context = await browser.newContext({
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    extraHTTPHeaders: ownClientAddress(),
  });
  return { context, page: await context.newPage() };
}

/** She signs in through the sign-in page, as on any device: a session of that browser's own. */
async function signInOn(page: Page, account: NewAccount): Promise<void> {
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(userMenuButton(page)).toBeVisible();
}

/** Every close code this page's WebSockets got, recorded in the page (Playwright's own event has none). */
async function recordCloseCodes(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const codes: number[] = [];
    (window as unknown as { __closeCodes: number[] }).__closeCodes = codes;
    window.WebSocket = class extends window.WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener("close", (event) => codes.push(event.code));
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { __closeCodes: number[] }).__closeCodes);
}

/** Every frame the server sent to this page's realtime sockets, and how many sockets it opened. */
function watchRealtimeFrames(page: Page) {
  const received: string[] = [];
  let opened = 0;
  page.on("websocket", (socket) => {
    if (!socket.url().includes("/api/realtime")) return;
    opened++;
    socket.on("framereceived", ({ payload }) => received.push(String(payload)));
  });
  return { received, opened: () => opened };
}

/** The babysitter writes from her own session, as her phone's app would. */
const sitterSends = (request: APIRequestContext, conversationId: string, content: string) =>
  sendByApi(request, conversationId, content);

test("signing out the other sessions closes their sockets: the forgotten laptop leaves and never gets the next message", async ({
  browser,
  baseURL,
}) => {
  // Three browsers and two sign-ins through the page: longer than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const phone = await device(browser, baseURL!);
  const laptop = await device(browser, baseURL!);
  const sitterBrowser = await device(browser, baseURL!);
  try {
    // The babysitter, signed in on her own (her messages go out with her session).
    const sitter = newAccount("babysitter");
    await registerThroughApi(sitterBrowser.context.request, sitter);
    const sitterSignIn = await sitterBrowser.context.request.post("/api/auth/sign-in/email", {
      data: { email: sitter.email, password: sitter.password },
    });
    expect(sitterSignIn.status()).toBe(200);
    const sitterId = (await (await sitterBrowser.context.request.get("/api/me")).json()).profile.id as string;
    const sitterName = `${sitter.firstName} ${sitter.lastName}`;

    // 1. The parent signs in on her phone (A) and on the laptop (B): two sessions.
    const parent = newAccount("parent");
    await registerThroughApi(phone.context.request, parent);
    await signInOn(phone.page, parent);
    const laptopCloseCodes = await recordCloseCodes(laptop.page);
    const laptopFrames = watchRealtimeFrames(laptop.page);
    await signInOn(laptop.page, parent);

    // On the laptop, she opens a conversation with the babysitter from her page ('Message').
    await laptop.page.goto(`/babysitter/${sitterId}`);
    await waitForApp(laptop.page);
    await laptop.page.getByRole("main").getByRole("link", { name: "Message", exact: true }).click();
    await laptop.page.waitForURL(/\/messages\/[^/?]+$/);
    await expect(thread(laptop.page).getByRole("heading", { name: sitterName })).toBeVisible();
    await expect(laptop.page.locator("[data-realtime-status=live]")).toBeVisible();
    const conversationId = new URL(laptop.page.url()).pathname.split("/").pop()!;

    // 2. The thread is live there: the babysitter's message shows without a reload (and is read there).
    await sitterSends(sitterBrowser.context.request, conversationId, "Bonsoir, vous êtes bien rentrée ?");
    await expect(bubble(laptop.page, "Bonsoir, vous êtes bien rentrée ?")).toHaveCount(1);
    await expect(messagesLink(phone.page)).toHaveAccessibleDescription("");

    // 3. On her phone: user menu → Paramètres → Sécurité, and every other session is signed out.
    await userMenuButton(phone.page).click();
    await phone.page.getByRole("link", { name: "Paramètres", exact: true }).click();
    await phone.page.getByRole("tab", { name: "Sécurité" }).click();
    const sessions = phone.page.getByRole("region", { name: "Sessions actives" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    const socketsBeforeEnd = laptopFrames.opened();
    await sessions.getByRole("button", { name: "Déconnecter les autres sessions" }).click();
    await expect(toast(phone.page, "Vos autres sessions ont été déconnectées")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);

    // The laptop's socket was closed as "session ended", and the app left for the sign-in page.
    await expect.poll(laptopCloseCodes).toContain(4001);
    await expect(laptop.page).toHaveURL(/\/login$/);
    await expect(laptop.page.getByRole("heading", { name: "Connexion", exact: true })).toBeVisible();
    await expect(userMenuButton(laptop.page)).toHaveCount(0);

    // 4. The babysitter sends the door code. The parent's inbox pushes it to her live sockets: the
    // phone's badge counts it. The laptop's socket would have had it in the same push; it got nothing.
    await sitterSends(sitterBrowser.context.request, conversationId, DOOR_CODE);
    await expect(messagesLink(phone.page)).toHaveAccessibleDescription("1 message non lu");
    expect(laptopFrames.received.filter((frame) => frame.includes("4521"))).toEqual([]);
    await expect(laptop.page.getByText("4521")).toHaveCount(0);

    // 5. The phone carries on: she opens the conversation and reads it.
    await messagesLink(phone.page).click();
    await phone.page.getByRole("link", { name: new RegExp(sitterName) }).click();
    await expect(bubble(phone.page, DOOR_CODE)).toHaveCount(1);
    await expect(messagesLink(phone.page)).toHaveAccessibleDescription("");

    // Meanwhile the laptop stayed signed out: no new socket (no reconnect loop), still nothing received.
    await expect(laptop.page).toHaveURL(/\/login$/);
    expect(laptopFrames.opened()).toBe(socketsBeforeEnd);
    expect(laptopFrames.received.filter((frame) => frame.includes("4521"))).toEqual([]);
    await expect(laptop.page.getByText("4521")).toHaveCount(0);
  } finally {
    await Promise.all([phone, laptop, sitterBrowser].map(({ context }) => context.close()));
  }
});
