// Messaging in Chromium, two people at two computers (two browser contexts): a parent who just
// registered writes to a babysitter who just registered, from her page's 'Message' button. The
// message appears in her open thread without a reload, her badge counts it on another page, opening
// the thread clears it, and the parent sees 'Lu'. Then: the deep link, a stranger's not-found, a
// sitter refused a first message, older messages loaded on scroll, polling when WebSockets are
// blocked, and a message written offline that waits ('Envoi…') and goes out once back online.
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page, WebSocketRoute } from "@playwright/test";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  type NewAccount,
  queryStackDb as query,
  registerThroughApi,
  smallTargets,
  test,
  toast,
  waitForApp,
  ownClientAddress,
  type NewTab,
} from "./fixtures";
import { bubble, bubbles, messagesLink, sendByApi, thread } from "./messages-helpers";

type Person = NewAccount & { id: string; name: string; context: BrowserContext; page: Page };

/**
 * Someone who just registered (through the API: the wizard has its own tests), signed in in a
 * browser of their own, from an address of their own (sign-ups are limited per address).
 */
async function person(
  newTab: NewTab,
  userType: "parent" | "babysitter",
  viewport?: { width: number; height: number },
): Promise<Person> {
  const account = newAccount(userType);
  const page = await newTab({ ...(viewport && { viewport }), extraHTTPHeaders: ownClientAddress() });
  const context = page.context();
  const { password, firstName, lastName, email } = account;
  await registerThroughApi(context.request, account);
  const signedIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(signedIn.status(), `sign-in of ${email}`).toBe(200);
  const me = await (await context.request.get("/api/me")).json();
  return { ...account, id: me.profile.id, name: `${firstName} ${lastName}`, context, page };
}

type People = (userType: "parent" | "babysitter", viewport?: { width: number; height: number }) => Promise<Person>;

const it = test.extend<{ people: People }>({
  people: async ({ newTab }, use) => {
    const opened: Person[] = [];
    await use(async (userType, viewport) => {
      const someone = await person(newTab, userType, viewport);
      opened.push(someone);
      return someone;
    });
  },
});

/** The parent opens the sitter's page and presses 'Message': the conversation opens; its id. */
async function startFromSitterPage(parent: Person, sitter: Person): Promise<string> {
  await parent.page.goto(`/babysitter/${sitter.id}`);
  await waitForApp(parent.page);
  await parent.page.getByRole("main").getByRole("link", { name: "Message", exact: true }).click();
  await parent.page.waitForURL(/\/messages\/[^/?]+$/);
  await expect(thread(parent.page).getByRole("heading", { name: sitter.name })).toBeVisible();
  return new URL(parent.page.url()).pathname.split("/").pop()!;
}

const composer = (page: Page) => page.getByLabel("Votre message");

it("a message arrives live, the badge counts it on another page, opening the thread clears it, and the sender sees 'Lu'", async ({
  people,
}) => {
  // Two browsers, five pages and an axe pass: more than the default 30 s on a busy 2-core runner.
  it.setTimeout(90_000);
  const parent = await people("parent");
  const sitter = await people("babysitter");

  // The sitter is elsewhere on the site, nothing unread.
  await sitter.page.goto("/dashboard");
  await waitForApp(sitter.page);
  await expect(messagesLink(sitter.page)).toHaveAccessibleDescription("");

  const conversationId = await startFromSitterPage(parent, sitter);
  await expect(parent.page.getByText("Aucun message pour l'instant : écrivez le premier.")).toBeVisible();
  await expect(parent.page.locator("[data-realtime-status=live]")).toBeVisible();

  // Empty or blank text is refused: the button stays disabled.
  const send = parent.page.getByRole("button", { name: "Envoyer" });
  await expect(send).toBeDisabled();
  await composer(parent.page).fill("   ");
  await expect(send).toBeDisabled();

  const hello = `Bonjour ${sitter.firstName}, êtes-vous disponible samedi soir ?`;
  await composer(parent.page).fill(`  ${hello}  `);
  await composer(parent.page).press("Enter");
  await expect(composer(parent.page)).toHaveValue("");
  const sent = bubble(parent.page, hello);
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId("message-state")).toHaveText("Envoyé");
  await expect(sent.locator("time")).toHaveText(/^\d{2}:\d{2}$/); // today: HH:mm, Paris time

  // The sitter's badge counts it, live, on the dashboard.
  await expect(messagesLink(sitter.page)).toHaveAccessibleDescription("1 message non lu");

  // She opens /messages: the conversation is listed with its unread count and the preview.
  await messagesLink(sitter.page).click();
  const row = sitter.page.getByRole("link", { name: new RegExp(parent.name) });
  await expect(row).toContainText("Parent");
  await expect(row).toContainText(hello);
  await expect(row).toContainText("1 message non lu");
  await expect(sitter.page.getByText("Choisissez une conversation pour commencer à discuter")).toBeVisible();

  // Opening it clears the count, in the list and in the header; the parent sees 'Lu' without a reload.
  await row.click();
  await expect(bubble(sitter.page, hello)).toHaveCount(1);
  await expect(messagesLink(sitter.page)).toHaveAccessibleDescription("");
  await expect(row).not.toContainText("non lu");
  await expect(sent.getByTestId("message-state")).toHaveText("Lu");

  // Her answer lands in the parent's open thread, read at once since he is looking at it.
  const answer = "Oui, avec plaisir ! À partir de 19 h.\nJe peux rester jusqu'à minuit.";
  await composer(sitter.page).fill("Oui, avec plaisir ! À partir de 19 h.");
  await composer(sitter.page).press("Shift+Enter");
  await composer(sitter.page).pressSequentially("Je peux rester jusqu'à minuit.");
  await expect(composer(sitter.page)).toHaveValue(answer);
  await sitter.page.getByRole("button", { name: "Envoyer" }).click();
  await expect(bubble(parent.page, "Je peux rester jusqu'à minuit.")).toHaveCount(1);
  await expect(bubble(sitter.page, "Je peux rester jusqu'à minuit.").getByTestId("message-state")).toHaveText("Lu");
  await expect(messagesLink(parent.page)).toHaveAccessibleDescription("");

  // The list's search filters on the other person's name.
  const search = sitter.page.getByLabel("Rechercher une conversation");
  await search.fill("zzz");
  await expect(sitter.page.getByText("Aucune conversation ne correspond à « zzz »")).toBeVisible();
  await search.fill(parent.lastName.slice(0, 6));
  await expect(row).toBeVisible();

  // The deep link (the one emails carry) opens the conversation.
  const deepLink = await sitter.context.newPage();
  await deepLink.goto(`/messages/${conversationId}`);
  await expect(thread(deepLink).getByRole("heading", { name: parent.name })).toBeVisible();
  await expect(bubble(deepLink, hello)).toHaveCount(1);

  expect((await blockingViolations(sitter.page)).blocking).toEqual([]);
  expect(await smallTargets(sitter.page)).toEqual([]);
});

it("on a phone: the list or the thread, with a way back; the header's Messages shortcut carries the count", async ({
  people,
}) => {
  const parent = await people("parent");
  const sitter = await people("babysitter", { width: 390, height: 844 });
  const conversationId = await startFromSitterPage(parent, sitter);
  await sendByApi(parent.context.request, conversationId, "Bonjour depuis un ordinateur");

  await sitter.page.goto("/dashboard");
  await waitForApp(sitter.page);
  const shortcut = sitter.page.getByRole("banner").getByRole("link", { name: "Messages", exact: true });
  await expect(shortcut).toHaveAccessibleDescription("1 message non lu");
  await shortcut.click();
  const row = sitter.page.getByRole("link", { name: new RegExp(parent.name) });
  await expect(row).toBeVisible();
  await expect(sitter.page.getByText("Choisissez une conversation pour commencer à discuter")).toBeHidden();

  await row.click();
  await expect(bubble(sitter.page, "Bonjour depuis un ordinateur")).toBeVisible();
  await expect(row).toBeHidden();
  await expect(shortcut).toHaveAccessibleDescription("");
  expect(await smallTargets(sitter.page)).toEqual([]);
  expect((await blockingViolations(sitter.page)).blocking).toEqual([]);

  await sitter.page.getByRole("link", { name: "Retour aux conversations" }).click();
  await expect(sitter.page).toHaveURL(/\/messages$/);
  await expect(row).toBeVisible();
});

it("only the two participants can open a conversation; a sitter cannot write first to a parent who never booked her", async ({
  people,
}) => {
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const conversationId = await startFromSitterPage(parent, sitter);

  const stranger = await people("parent");
  await stranger.page.goto(`/messages/${conversationId}`);
  await expect(stranger.page.getByRole("heading", { name: "Conversation introuvable" })).toBeVisible();
  await expect(stranger.page.getByText("Vos messages apparaîtront ici")).toBeVisible();
  expect((await blockingViolations(stranger.page)).blocking).toEqual([]);

  // The server's reason, as a toast, and the inbox.
  const other = await people("babysitter");
  const refused = await other.context.request.post("/api/conversations", { data: { partner_id: stranger.id } });
  expect(refused.status()).toBe(403);
  const reason = (await refused.json()).error.message as string;
  await other.page.goto(`/messages?to=${stranger.id}`);
  await expect(toast(other.page, reason)).toBeVisible();
  await expect(other.page).toHaveURL(/\/messages$/);
});

it("older messages load when scrolling to the top of a long thread", async ({ people }) => {
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const conversationId = await startFromSitterPage(parent, sitter);
  for (let n = 1; n <= 45; n++) await sendByApi(parent.context.request, conversationId, `Message numéro ${n}.`);

  await sitter.page.goto(`/messages/${conversationId}`);
  await expect(bubble(sitter.page, "Message numéro 45.")).toBeVisible(); // opened at the bottom
  await expect(bubble(sitter.page, "Message numéro 1.")).toHaveCount(0);
  await sitter.page.getByTestId("thread-scroller").evaluate((element) => element.scrollTo(0, 0));
  await expect(bubble(sitter.page, "Message numéro 1.")).toHaveCount(1);
  await expect(bubbles(sitter.page).filter({ hasText: /Message numéro \d+\./ })).toHaveCount(45);
});

it("a dropped socket reconnects and catches up: what was sent meanwhile shows once", async ({ people }) => {
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const conversationId = await startFromSitterPage(parent, sitter);

  // Her socket goes through the test, which can cut it as a lost network would.
  const sockets: WebSocketRoute[] = [];
  await sitter.page.routeWebSocket(/\/api\/realtime/, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  await sitter.page.goto(`/messages/${conversationId}`);
  await expect(sitter.page.locator("[data-realtime-status=live]")).toBeVisible();
  await sendByApi(parent.context.request, conversationId, "Avant la coupure");
  await expect(bubble(sitter.page, "Avant la coupure")).toHaveCount(1);

  await sockets[sockets.length - 1].close({ code: 4000, reason: "network lost" });
  await sendByApi(parent.context.request, conversationId, "Pendant la coupure");
  await expect(bubble(sitter.page, "Pendant la coupure")).toHaveCount(1);
  await expect(sitter.page.locator("[data-realtime-status=live]")).toBeVisible();
  expect(sockets.length).toBeGreaterThan(1);
  await sendByApi(parent.context.request, conversationId, "Après la coupure");
  await expect(bubble(sitter.page, "Après la coupure")).toHaveCount(1);
  await expect(bubbles(sitter.page)).toHaveCount(3);
});

it("with WebSockets blocked, messages still arrive by polling", async ({ people }) => {
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const conversationId = await startFromSitterPage(parent, sitter);

  await sitter.page.routeWebSocket(/\/api\/realtime/, (socket) => socket.close());
  await sitter.page.goto(`/messages/${conversationId}`);
  await expect(sitter.page.locator("[data-realtime-status=polling]")).toBeVisible();
  await expect(sitter.page.getByText("Mise à jour régulière")).toBeVisible();

  await composer(parent.page).fill("Message arrivé sans WebSocket");
  await composer(parent.page).press("Enter");
  await expect(bubble(sitter.page, "Message arrivé sans WebSocket")).toHaveCount(1);

  // Her own messages go out over HTTP as always, and reach the parent's live socket.
  await composer(sitter.page).fill("Réponse envoyée pendant le repli");
  await composer(sitter.page).press("Enter");
  await expect(bubble(parent.page, "Réponse envoyée pendant le repli")).toHaveCount(1);

  // On another page, her badge follows the polling too.
  await sitter.page.goto("/dashboard");
  await waitForApp(sitter.page);
  await sendByApi(parent.context.request, conversationId, "Un autre message pendant le repli");
  await expect(messagesLink(sitter.page)).toHaveAccessibleDescription("1 message non lu");
});

it("a message written offline waits as 'Envoi…' and is delivered once when the network is back", async ({ people }) => {
  const parent = await people("parent");
  const sitter = await people("babysitter");
  const conversationId = await startFromSitterPage(parent, sitter);
  await sitter.page.goto(`/messages/${conversationId}`);
  await expect(sitter.page.locator("[data-realtime-status=live]")).toBeVisible();

  const content = `Écrit hors ligne ${randomUUID().slice(0, 8)}`;
  await parent.context.setOffline(true);
  await expect(parent.page.locator("[data-realtime-status=offline]")).toBeVisible();
  await composer(parent.page).fill(content);
  await composer(parent.page).press("Enter");
  const pending = bubble(parent.page, content);
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId("message-state")).toHaveText("Envoi…");
  await expect(composer(parent.page)).toHaveValue(""); // the text waits in its bubble, not lost
  await expect(toast(parent.page, "Hors ligne : votre message partira dès le retour de la connexion.")).toBeVisible();

  await parent.context.setOffline(false);
  await expect(pending.getByTestId("message-state")).toHaveText(/Envoyé|Lu/);
  await expect(bubble(sitter.page, content)).toHaveCount(1);
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId("message-state")).toHaveText("Lu");

  // Stored once, and shown once after a reload on both sides.
  const stored = await query("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ? AND content = ?", [
    conversationId,
    content,
  ]);
  expect(Number(stored[0].n)).toBe(1);
  await parent.page.reload();
  await expect(bubble(parent.page, content)).toHaveCount(1);
});
