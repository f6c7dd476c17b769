// Messaging over HTTP against the real Worker and libSQL file: who may open a conversation with
// whom, the inbox computed on the server (order, last message, unread count, name filter, pages),
// threads paged by id, idempotent sends, reads, the badge, the polling catch-up, the send limit,
// and nobody else reaching a conversation (404, and the database unchanged).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH, REQUEST_LIMITS } from "../../db/constants/limits";
import { call, countRows, execute, insertBooking, newMember, queryRows, type Member } from "./helpers";

const start = (me: Member, partnerId: string) =>
  call("POST", "/api/conversations", { cookie: me.cookie, json: { partner_id: partnerId } });
const send = (me: Member, conversationId: string, content: string, clientId: string = randomUUID()) =>
  call("POST", `/api/conversations/${conversationId}/messages`, {
    cookie: me.cookie,
    json: { content, client_id: clientId },
  });
const inbox = (me: Member, query = "") => call("GET", `/api/conversations${query}`, { cookie: me.cookie });
const thread = (me: Member, conversationId: string, query = "") =>
  call("GET", `/api/conversations/${conversationId}/messages${query}`, { cookie: me.cookie });
const markRead = (me: Member, conversationId: string) =>
  call("POST", `/api/conversations/${conversationId}/read`, { cookie: me.cookie });
const unread = (me: Member) => call("GET", "/api/messages/unread", { cookie: me.cookie });
const messageRows = (conversationId: string) =>
  countRows("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversationId]);

let parent: Member;
let sitter: Member;
let conversationId: string;

beforeAll(async () => {
  [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
  const opened = await start(parent, sitter.profileId);
  expect(opened.status).toBe(201);
  conversationId = opened.body.id;
});

describe("opening a conversation", () => {
  it("creates it once for the pair, whoever opens it next", async () => {
    const again = await start(parent, sitter.profileId);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(conversationId);
    const fromSitter = await start(sitter, parent.profileId);
    expect(fromSitter.status).toBe(200);
    expect(fromSitter.body).toMatchObject({
      id: conversationId,
      partner: { id: parent.profileId, user_type: "parent" },
    });
    expect(fromSitter.body.last_message).toBeNull();
    expect(await countRows("SELECT count(*) FROM conversations WHERE id = ?", [conversationId])).toBe(1);
  });

  it("refuses the caller's own id, an unknown id, and two parents, writing nothing", async () => {
    // The parent's conversations only: a whole-table count would depend on what other files write.
    const conversationsOfParent = () =>
      countRows("SELECT count(*) FROM conversations WHERE ? IN (participant_a, participant_b)", [parent.profileId]);
    const before = await conversationsOfParent();
    const self = await start(parent, parent.profileId);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe("Vous ne pouvez pas vous écrire à vous-même");
    const unknown = await start(parent, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Utilisateur introuvable");
    const otherParent = await newMember("parent");
    const twoParents = await start(parent, otherParent.profileId);
    expect(twoParents.status).toBe(403);
    expect(twoParents.body.error.message).toBe("La messagerie relie un parent et un baby-sitter");
    expect(await conversationsOfParent()).toBe(before);
  });

  it("lets a babysitter write first only to a parent who asked her for a booking", async () => {
    const [family, newSitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const refused = await start(newSitter, family.profileId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Vous pourrez écrire à ce parent après sa demande de réservation");
    await insertBooking(family.profileId, newSitter.profileId, "pending", 400);
    const allowed = await start(newSitter, family.profileId);
    expect(allowed.status).toBe(201);
  });

  it("treats a hidden babysitter as unknown to a parent who never booked her", async () => {
    const [family, hidden] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    await execute("UPDATE profiles SET profile_visibility = 'hidden' WHERE id = ?", [hidden.profileId]);
    expect((await start(family, hidden.profileId)).status).toBe(404);
    await insertBooking(family.profileId, hidden.profileId, "completed", -400);
    expect((await start(family, hidden.profileId)).status).toBe(201);
  });
});

describe("sending", () => {
  it("stores the trimmed text, once per client id", async () => {
    const clientId = randomUUID();
    const first = await send(parent, conversationId, "  Bonjour Léa, êtes-vous libre samedi ?  ", clientId);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      conversation_id: conversationId,
      sender_id: parent.profileId,
      recipient_id: sitter.profileId,
      content: "Bonjour Léa, êtes-vous libre samedi ?",
      read: false,
      client_id: clientId,
    });
    const repeat = await send(parent, conversationId, "Bonjour Léa, êtes-vous libre samedi ?", clientId);
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
    expect(await countRows("SELECT count(*) FROM messages WHERE client_id = ?", [clientId])).toBe(1);
  });

  it("keeps markup as plain text", async () => {
    const sent = await send(sitter, conversationId, "<b>Oui</b> <img src=x onerror=alert(1)>");
    expect(sent.status).toBe(201);
    expect(sent.body.content).toBe("<b>Oui</b> <img src=x onerror=alert(1)>");
  });

  it("refuses an empty or too long text in the user's language, writing nothing", async () => {
    const before = await messageRows(conversationId);
    const empty = await send(parent, conversationId, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Le message ne peut pas être vide");
    const long = await send(parent, conversationId, "a".repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(`Maximum ${MESSAGE_MAX_LENGTH} caractères autorisés`);
    const english = await call("POST", `/api/conversations/${conversationId}/messages`, {
      cookie: parent.cookie,
      headers: { "accept-language": "en" },
      json: { content: "", client_id: randomUUID() },
    });
    expect(english.body.error.message).toBe("The message cannot be empty");
    const badKey = await send(parent, conversationId, "Bonjour", "not-a-uuid");
    expect(badKey.status).toBe(400);
    expect(await messageRows(conversationId)).toBe(before);
  });

  it("stops a flood with a clear 429, writing nothing", async () => {
    const [family, flooded] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const opened = await start(family, flooded.profileId);
    const rule = REQUEST_LIMITS.messageSendPerUser;
    await execute("INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?, ?, ?)", [
      `limit:messageSendPerUser:${family.profileId.toLowerCase()}`,
      rule.maxAttempts - 1,
      Date.now(),
    ]);
    expect((await send(family, opened.body.id, "Le dernier permis")).status).toBe(201);
    const refused = await send(family, opened.body.id, "Un de trop");
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Trop de/);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect(await messageRows(opened.body.id)).toBe(1);
  });
});

describe("the inbox", () => {
  it("lists the caller's conversations, newest activity first, with the last message and unread count", async () => {
    const [family, sitterA, sitterB] = await Promise.all([
      newMember("parent"),
      newMember("babysitter", { first_name: "Hélène" }),
      newMember("babysitter", { first_name: "Zoé" }),
    ]);
    const withA = (await start(family, sitterA.profileId)).body.id;
    const withB = (await start(family, sitterB.profileId)).body.id;
    await send(family, withA, "Bonjour Hélène");
    await send(sitterA, withA, "Bonjour !");
    await send(sitterA, withA, "Je suis disponible.");
    const page = await inbox(family);
    expect(page.status).toBe(200);
    expect(page.body.conversations.map((c: { id: string }) => c.id)).toEqual([withA, withB]);
    const [first, second] = page.body.conversations;
    expect(first).toMatchObject({
      partner: { id: sitterA.profileId, first_name: "Hélène", user_type: "babysitter", photo_url: null },
      unread_count: 2,
      last_message: { content: "Je suis disponible.", sender_id: sitterA.profileId },
    });
    expect(second).toMatchObject({ last_message: null, unread_count: 0 });
    expect(page.body.next_cursor).toBeNull();

    const filtered = await inbox(family, "?q=helene");
    expect(filtered.body.conversations.map((c: { id: string }) => c.id)).toEqual([withA]);

    const firstPage = await inbox(family, "?limit=1");
    expect(firstPage.body.conversations.map((c: { id: string }) => c.id)).toEqual([withA]);
    const nextPage = await inbox(family, `?limit=1&cursor=${encodeURIComponent(firstPage.body.next_cursor)}`);
    expect(nextPage.body.conversations.map((c: { id: string }) => c.id)).toEqual([withB]);
    expect(nextPage.body.next_cursor).toBeNull();
    expect((await inbox(family, "?cursor=garbage")).status).toBe(400);
  });

  it("pages a thread back by id, oldest first within a page", async () => {
    const [family, nanny] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const id = (await start(family, nanny.profileId)).body.id;
    for (let i = 1; i <= 5; i++) expect((await send(i % 2 ? family : nanny, id, `Message ${i}`)).status).toBe(201);
    const latest = await thread(family, id, "?limit=2");
    expect(latest.body.messages.map((m: { content: string }) => m.content)).toEqual(["Message 4", "Message 5"]);
    expect(latest.body.has_more).toBe(true);
    const older = await thread(family, id, `?limit=3&before=${latest.body.messages[0].id}`);
    expect(older.body.messages.map((m: { content: string }) => m.content)).toEqual([
      "Message 1",
      "Message 2",
      "Message 3",
    ]);
    expect(older.body.has_more).toBe(false);
  });

  it("marks what the partner sent read when the caller opens the conversation, and the badge follows", async () => {
    const [family, nanny] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const id = (await start(family, nanny.profileId)).body.id;
    const mine = await send(family, id, "Bonjour");
    await send(nanny, id, "Bonjour, oui");
    const last = await send(nanny, id, "À samedi");
    expect((await unread(family)).body).toEqual({ unread: 2, latest_id: last.body.id });
    const receipt = await markRead(family, id);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toEqual({ conversation_id: id, reader_id: family.profileId, up_to_id: last.body.id });
    expect((await unread(family)).body.unread).toBe(0);
    // The caller's own message stays unread until the partner opens it.
    const [row] = await queryRows("SELECT read FROM messages WHERE id = ?", [String(mine.body.id)]);
    expect(Number(row.read)).toBe(0);
    expect((await markRead(family, id)).body.up_to_id).toBeNull();
  });

  it("answers the messages after an id, for the polling fallback", async () => {
    const [family, nanny] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const id = (await start(family, nanny.profileId)).body.id;
    const a = await send(family, id, "Un");
    const b = await send(nanny, id, "Deux");
    const updates = await call("GET", `/api/messages/updates?after=${a.body.id - 1}`, { cookie: nanny.cookie });
    expect(updates.status).toBe(200);
    expect(updates.body.messages.map((m: { id: number }) => m.id)).toEqual([a.body.id, b.body.id]);
    expect(updates.body.has_more).toBe(false);
    expect((await call("GET", "/api/messages/updates?after=-1", { cookie: nanny.cookie })).status).toBe(400);
  });
});

describe("another user's conversation", () => {
  it("is a 404 on every route, and nothing changes", async () => {
    const outsider = await newMember("parent");
    await send(sitter, conversationId, "Pour le parent seulement");
    const before = await queryRows("SELECT id, read, content FROM messages WHERE conversation_id = ? ORDER BY id", [
      conversationId,
    ]);
    const answers = await Promise.all([
      call("GET", `/api/conversations/${conversationId}`, { cookie: outsider.cookie }),
      thread(outsider, conversationId),
      send(outsider, conversationId, "Intrus"),
      markRead(outsider, conversationId),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Conversation introuvable");
      expect(JSON.stringify(answer.body)).not.toContain("Pour le parent seulement");
    }
    expect((await inbox(outsider)).body.conversations).toEqual([]);
    const updates = await call("GET", "/api/messages/updates?after=0", { cookie: outsider.cookie });
    expect(updates.body.messages).toEqual([]);
    const after = await queryRows("SELECT id, read, content FROM messages WHERE conversation_id = ? ORDER BY id", [
      conversationId,
    ]);
    expect(after).toEqual(before);
  });

  it("needs a session", async () => {
    expect((await call("GET", "/api/conversations")).status).toBe(401);
    expect((await call("GET", "/api/messages/unread")).status).toBe(401);
    expect((await call("POST", "/api/realtime/ticket")).status).toBe(401);
  });
});
