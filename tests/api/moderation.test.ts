// Reports and moderation through the real Worker: a member reports only what she can see, once while
// it is open, 20 a day; the automatic filter queues and hides contact details before a booking and
// insults; the console decides only from pending, with real effects (a message removed from the
// thread, a review out of the rating, a profile out of search, a photo deleted), repeated rejections
// suspend, the author appeals once to another admin, and the reporter only learns it was handled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { DEMO_AI_SETTINGS } from "../../db/seed/build-operations";
import { PNG } from "../fixtures/images";
import {
  baseUrl,
  burst,
  call,
  countRows,
  eventually,
  execute,
  freshAddress,
  fromAddress,
  insertBooking,
  memberOf,
  newMember,
  queryRows,
  type Member,
} from "./helpers";

let admin: Member;
let secondAdmin: Member;

const setSecurity = (changes: Record<string, boolean | number>) =>
  call("PUT", "/api/admin/ai-config/security", {
    cookie: admin.cookie,
    json: { ...DEMO_AI_SETTINGS.security, ...changes },
  });

async function conversationOf(from: Member, to: Member): Promise<string> {
  const answer = await call("POST", "/api/conversations", { cookie: from.cookie, json: { partner_id: to.profileId } });
  expect([200, 201]).toContain(answer.status);
  return answer.body.id;
}

async function sendText(from: Member, conversationId: string, content: string) {
  const answer = await call("POST", `/api/conversations/${conversationId}/messages`, {
    cookie: from.cookie,
    json: { content, client_id: crypto.randomUUID() },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const report = (member: Member, json: unknown) => call("POST", "/api/reports", { cookie: member.cookie, json });
const decide = (id: string, action: string, json: unknown = {}, member = admin) =>
  call("POST", `/api/admin/moderation/${id}/${action}`, { cookie: member.cookie, json });
const itemsFor = (type: string, resourceId: string) =>
  queryRows("SELECT id, source, status, hidden_at, signals FROM flagged_content WHERE type = ? AND resource_id = ?", [
    type,
    resourceId,
  ]);

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  // A second admin, for appeals (another admin than the one who decided).
  const other = await newMember("parent");
  await execute("UPDATE profiles SET user_type = 'admin' WHERE id = ?", [other.profileId]);
  secondAdmin = other;
  expect((await setSecurity({ autoBlockEnabled: true, suspiciousActivityThreshold: 0.8 })).status).toBe(200);
});

afterAll(async () => {
  await setSecurity({});
});

describe("POST /api/reports", () => {
  let parent: Member;
  let sitter: Member;
  let messageId: number;
  beforeAll(async () => {
    [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    messageId = (await sendText(sitter, await conversationOf(parent, sitter), "Bonjour, je suis disponible samedi."))
      .id;
  });

  it("needs a session and a reason from the list ('other' with a few words)", async () => {
    expect(
      (await call("POST", "/api/reports", { json: { type: "profile", resource_id: sitter.profileId, reason: "scam" } }))
        .status,
    ).toBe(401);
    const noReason = await report(parent, { type: "profile", resource_id: sitter.profileId, reason: "because" });
    expect(noReason.status).toBe(400);
    const other = await report(parent, { type: "profile", resource_id: sitter.profileId, reason: "other" });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe("Précisez le motif du signalement");
  });

  it("takes a message sent to the reporter once while it is open: twenty clicks at once make one report", async () => {
    const { tally } = await burst(20, () =>
      report(parent, { type: "message", resource_id: String(messageId), reason: "harassment" }),
    );
    expect(tally).toEqual({ 200: 19, 201: 1 });
    const rows = await queryRows(
      "SELECT content, severity, source FROM flagged_content WHERE type = 'message' AND resource_id = ?",
      [String(messageId)],
    );
    expect(rows).toEqual([{ content: "Bonjour, je suis disponible samedi.", severity: "high", source: "report" }]);
  });

  it("answers 404 for what the reporter cannot see, or her own content, and stores nothing", async () => {
    const stranger = await newMember("parent");
    const before = await countRows("SELECT count(*) FROM flagged_content", []);
    expect((await report(stranger, { type: "message", resource_id: String(messageId), reason: "scam" })).status).toBe(
      404,
    );
    expect((await report(sitter, { type: "message", resource_id: String(messageId), reason: "scam" })).status).toBe(
      404,
    );
    expect((await report(sitter, { type: "profile", resource_id: sitter.profileId, reason: "scam" })).status).toBe(404);
    expect((await report(stranger, { type: "photo", resource_id: sitter.profileId, reason: "scam" })).status).toBe(404);
    expect((await report(stranger, { type: "review", resource_id: crypto.randomUUID(), reason: "scam" })).status).toBe(
      404,
    );
    expect(await countRows("SELECT count(*) FROM flagged_content", [])).toBe(before);
  });

  it("limits reports to 20 a day per account, counted at the same instant", async () => {
    const reporter = await newMember("parent");
    const { tally } = await burst(25, () =>
      report(reporter, { type: "profile", resource_id: sitter.profileId, reason: "fake_profile" }),
    );
    expect(tally[429]).toBe(5);
    expect((tally[200] ?? 0) + (tally[201] ?? 0)).toBe(20);
  });
});

describe("the automatic filter", () => {
  let parent: Member;
  let sitter: Member;
  let conversationId: string;
  beforeAll(async () => {
    [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    conversationId = await conversationOf(parent, sitter);
  });

  it("queues a phone number sent before any booking and, with auto-block, removes it from the thread at once", async () => {
    const sent = await sendText(
      parent,
      conversationId,
      "Appelez-moi plutôt au zéro six douze trente-quatre cinquante-six soixante-dix-huit",
    );
    expect(sent).toMatchObject({ removed: true, content: "" });
    const [item] = await itemsFor("message", String(sent.id));
    expect(item).toMatchObject({ source: "auto", status: "pending" });
    expect(item.hidden_at).toBeTruthy();
    expect(JSON.parse(String(item.signals))).toEqual(["phone"]);
    const thread = await call("GET", `/api/conversations/${conversationId}/messages`, { cookie: sitter.cookie });
    const seen = thread.body.messages.find((m: { id: number }) => m.id === sent.id);
    expect(seen).toMatchObject({ removed: true, content: "" });
  });

  it("lets contact details through once the two have a booking, and an ordinary message always", async () => {
    expect((await sendText(parent, conversationId, "Bonjour, disponible samedi soir ?")).removed).toBe(false);
    await insertBooking(parent.profileId, sitter.profileId, "confirmed");
    const after = await sendText(parent, conversationId, "Mon numéro : 06 12 34 56 78, à samedi");
    expect(after.removed).toBe(false);
    expect(await itemsFor("message", String(after.id))).toEqual([]);
  });

  it("queues without hiding when auto-block is off", async () => {
    expect((await setSecurity({ autoBlockEnabled: false })).status).toBe(200);
    try {
      const other = await newMember("babysitter");
      const sent = await sendText(
        parent,
        await conversationOf(parent, other),
        "Payez-moi par PayPal, c'est plus simple",
      );
      expect(sent.removed).toBe(false);
      const [item] = await itemsFor("message", String(sent.id));
      expect(item).toMatchObject({ status: "pending", hidden_at: null });
    } finally {
      await setSecurity({ autoBlockEnabled: true });
    }
  });

  it("hides a review with an insult and keeps it out of the rating", async () => {
    const bookingId = await insertBooking(parent.profileId, sitter.profileId, "completed", -48);
    const written = await call("POST", "/api/reviews", {
      cookie: parent.cookie,
      json: { booking_id: bookingId, rating: 1, comment: "Une vraie connasse, jamais à l'heure." },
    });
    expect(written.status).toBe(201);
    const [item] = await itemsFor("review", written.body.review.id);
    expect(item.hidden_at).toBeTruthy();
    const [profile] = await queryRows("SELECT rating, total_reviews FROM profiles WHERE id = ?", [sitter.profileId]);
    expect(profile).toEqual({ rating: 0, total_reviews: 0 });
    // What a visitor of her page reads: not the review.
    const page = await call("GET", `/api/babysitters/${sitter.profileId}`);
    expect(page.status).toBe(200);
    expect(page.body.babysitter).toMatchObject({ reviews: [], total_reviews: 0 });
  });
});

describe("the console's decisions", () => {
  it("is for admins only: another role gets 403 and nothing changes", async () => {
    const member = await newMember("parent");
    expect((await call("GET", "/api/admin/moderation", { cookie: member.cookie })).status).toBe(403);
    const [pending] = await queryRows("SELECT id FROM flagged_content WHERE status = 'pending' LIMIT 1", []);
    expect((await decide(String(pending.id), "approve", {}, member)).status).toBe(403);
    const [still] = await queryRows("SELECT status FROM flagged_content WHERE id = ?", [String(pending.id)]);
    expect(still.status).toBe("pending");
  });

  it("lists pending items most severe first, with the stat cards and filters", async () => {
    const queue = await call("GET", "/api/admin/moderation?status=pending", { cookie: admin.cookie });
    expect(queue.status).toBe(200);
    const ranks = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
    const order = queue.body.rows.map((row: { severity: string }) => ranks[row.severity]);
    expect(order).toEqual([...order].sort((a: number, b: number) => a - b));
    expect(queue.body.stats.pending).toBe(queue.body.total);
    const high = await call("GET", "/api/admin/moderation?status=pending&severity=high&type=message", {
      cookie: admin.cookie,
    });
    expect(
      high.body.rows.every(
        (row: { severity: string; type: string }) => row.severity === "high" && row.type === "message",
      ),
    ).toBe(true);
    expect((await call("GET", "/api/admin/moderation?severity=huge", { cookie: admin.cookie })).status).toBe(400);
  });

  it("rejects a reported message with a statement, once: removed from the thread, the author told, the reporter only that it was handled", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const sent = await sendText(
      sitter,
      await conversationOf(parent, sitter),
      "Tu vas le regretter si tu ne réserves pas.",
    );
    const reported = await report(parent, { type: "message", resource_id: String(sent.id), reason: "harassment" });
    const id = reported.body.report.id;
    expect((await decide(id, "reject")).status).toBe(400);
    const { tally } = await burst(20, () => decide(id, "reject", { statement: "Menace envers une famille." }));
    expect(tally).toEqual({ 200: 1, 409: 19 });
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'moderation.reject' AND resource = ?", [
        `flagged_content:${id}`,
      ]),
    ).toBe(1);
    const thread = await call("GET", `/api/conversations/${sent.conversation_id}/messages`, { cookie: parent.cookie });
    expect(thread.body.messages.find((m: { id: number }) => m.id === sent.id)).toMatchObject({
      removed: true,
      content: "",
    });
    const [notice] = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        sitter.profileId,
        `moderationDecision:${id}`,
      ]),
    );
    expect(notice.message).toContain("Menace envers une famille.");
    const mine = await call("GET", "/api/reports", { cookie: parent.cookie });
    expect(mine.body.reports).toEqual([expect.objectContaining({ id, status: "handled" })]);
    expect(JSON.stringify(mine.body)).not.toContain("rejected");
    expect(
      await eventually(() =>
        queryRows("SELECT id FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
          parent.profileId,
          `reportHandled:${id}`,
        ]),
      ),
    ).toHaveLength(1);
    expect((await decide(id, "approve")).status).toBe(409);
  });

  it("escalates a pending item once: decided for good, the message left as it is, the reporter told nothing", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const sent = await sendText(sitter, await conversationOf(parent, sitter), "Je sais où tu habites, fais attention.");
    const id = (await report(parent, { type: "message", resource_id: String(sent.id), reason: "harassment" })).body
      .report.id;
    const { tally } = await burst(20, () => decide(id, "escalate"));
    expect(tally).toEqual({ 200: 1, 409: 19 });
    const [item] = await queryRows("SELECT status, reviewed_by, reviewed_at FROM flagged_content WHERE id = ?", [id]);
    expect(item).toMatchObject({ status: "escalated", reviewed_by: admin.profileId });
    expect(item.reviewed_at).toBeTruthy();
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'moderation.escalate' AND resource = ?", [
        `flagged_content:${id}`,
      ]),
    ).toBe(1);
    // Only pending items are decided: an escalated one is not approved or rejected afterwards.
    expect((await decide(id, "reject", { statement: "Trop tard." })).status).toBe(409);
    const thread = await call("GET", `/api/conversations/${sent.conversation_id}/messages`, { cookie: parent.cookie });
    expect(thread.body.messages.find((m: { id: number }) => m.id === sent.id)).toMatchObject({ removed: false });
    // The notices of a decision are written before its answer: none went to either of them.
    expect(
      await countRows(
        "SELECT count(*) FROM notifications WHERE profile_id IN (?, ?) AND json_extract(data, '$.event') LIKE ?",
        [parent.profileId, sitter.profileId, `%:${id}`],
      ),
    ).toBe(0);
  });

  it("lets the author appeal once: refused by another admin, the decision stands and counts", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const sent = await sendText(sitter, await conversationOf(parent, sitter), "Tu vas voir ce qui va t'arriver.");
    const id = (await report(parent, { type: "message", resource_id: String(sent.id), reason: "harassment" })).body
      .report.id;
    expect((await decide(id, "reject", { statement: "Menace." })).status).toBe(200);
    const appealed = await call("POST", `/api/moderation/decisions/${id}/appeal`, {
      cookie: sitter.cookie,
      json: { text: "Je ne menaçais personne." },
    });
    expect(appealed.status).toBe(201);
    const [appealItem] = await queryRows("SELECT id FROM flagged_content WHERE appeal_of = ?", [id]);
    const appealId = String(appealItem.id);
    expect((await decide(appealId, "reject", {}, secondAdmin)).status).toBe(400);
    expect((await decide(appealId, "reject", { statement: "La menace est explicite." }, secondAdmin)).status).toBe(200);
    const thread = await call("GET", `/api/conversations/${sent.conversation_id}/messages`, { cookie: parent.cookie });
    expect(thread.body.messages.find((m: { id: number }) => m.id === sent.id)).toMatchObject({ removed: true });
    const view = await call("GET", `/api/moderation/decisions/${id}`, { cookie: sitter.cookie });
    expect(view.body).toMatchObject({ status: "rejected", can_appeal: false, appeal_status: "rejected" });
    const [notice] = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        sitter.profileId,
        `moderationAppealRefused:${appealId}`,
      ]),
    );
    expect(notice.message).toContain("La menace est explicite.");
    const again = await call("POST", `/api/moderation/decisions/${id}/appeal`, {
      cookie: sitter.cookie,
      json: { text: "Je fais appel encore." },
    });
    expect(again.status).toBe(409);
  });

  it("lets the author appeal once, to another admin: granted, the message comes back", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const sent = await sendText(sitter, await conversationOf(parent, sitter), "Réponds-moi vite ou tant pis pour toi.");
    const id = (await report(parent, { type: "message", resource_id: String(sent.id), reason: "harassment" })).body
      .report.id;
    expect((await decide(id, "reject", { statement: "Ton menaçant." })).status).toBe(200);
    const view = await call("GET", `/api/moderation/decisions/${id}`, { cookie: sitter.cookie });
    expect(view.body).toMatchObject({ status: "rejected", statement: "Ton menaçant.", can_appeal: true });
    expect((await call("GET", `/api/moderation/decisions/${id}`, { cookie: parent.cookie })).status).toBe(404);
    const appeal = (member: Member) =>
      call("POST", `/api/moderation/decisions/${id}/appeal`, {
        cookie: member.cookie,
        json: { text: "C'était une blague entre nous, pardon." },
      });
    expect((await appeal(parent)).status).toBe(404);
    const { tally } = await burst(20, () => appeal(sitter));
    expect(tally).toEqual({ 201: 1, 409: 19 });
    const [appealItem] = await queryRows("SELECT id FROM flagged_content WHERE appeal_of = ?", [id]);
    const appealId = String(appealItem.id);
    const sameAdmin = await decide(appealId, "approve", { statement: "Appel accepté." });
    expect(sameAdmin.status).toBe(403);
    expect((await decide(appealId, "approve", { statement: "Appel accepté." }, secondAdmin)).status).toBe(200);
    const thread = await call("GET", `/api/conversations/${sent.conversation_id}/messages`, { cookie: parent.cookie });
    expect(thread.body.messages.find((m: { id: number }) => m.id === sent.id)).toMatchObject({ removed: false });
    const after = await call("GET", `/api/moderation/decisions/${id}`, { cookie: sitter.cookie });
    expect(after.body).toMatchObject({ can_appeal: false, appeal_status: "approved" });
  });

  it("hides a rejected profile from search and keeps it hidden; removes a rejected photo; suspends at the third rejection", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const uploaded = await fetch(`${baseUrl()}/api/profile/photo`, {
      method: "POST",
      headers: { cookie: sitter.cookie, "content-type": "image/png" },
      body: PNG,
    });
    expect(uploaded.status).toBe(200);
    // Written before her profile is hidden (a hidden profile takes no new conversation).
    const sent = await sendText(sitter, await conversationOf(parent, sitter), "Encore un message désagréable.");
    const reportAndReject = async (type: string, reason: string) => {
      const id = (await report(parent, { type, resource_id: sitter.profileId, reason })).body.report.id;
      expect((await decide(id, "reject", { statement: "Contraire aux règles." })).status).toBe(200);
    };
    // Listed and found first: a presentation with a word of her own, her rate, her hours, in Lyon.
    const word = `moderationtest${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
    await execute("UPDATE profiles SET bio = ?, latitude = 45.764, longitude = 4.8357 WHERE id = ?", [
      `Garde d'enfants, ${word}.`,
      sitter.profileId,
    ]);
    await execute("UPDATE babysitter_profiles SET rate_chosen_at = ?, available_hours = ? WHERE profile_id = ?", [
      new Date().toISOString(),
      JSON.stringify({ sat: [["09:00", "18:00"]] }),
      sitter.profileId,
    ]);
    const foundBy = async () => {
      const answer = await call("GET", `/api/search?lat=45.764&lng=4.8357&radius=5&q=${word}`, {
        headers: fromAddress(freshAddress()),
      });
      expect(answer.status).toBe(200);
      return answer.body.results.map((card: { id: string }) => card.id);
    };
    expect(await foundBy()).toEqual([sitter.profileId]);
    await reportAndReject("profile", "fake_profile");
    expect(await foundBy()).toEqual([]);
    const [hidden] = await queryRows("SELECT profile_visibility FROM profiles WHERE id = ?", [sitter.profileId]);
    expect(hidden.profile_visibility).toBe("hidden");
    const visible = await call("PUT", "/api/account/privacy", {
      cookie: sitter.cookie,
      json: { profile_visibility: "public" },
    });
    expect(visible.status).toBe(403);
    await reportAndReject("photo", "inappropriate");
    const [photo] = await queryRows("SELECT photo_url FROM profiles WHERE id = ?", [sitter.profileId]);
    expect(photo.photo_url).toBeNull();
    const id = (await report(parent, { type: "message", resource_id: String(sent.id), reason: "harassment" })).body
      .report.id;
    expect((await decide(id, "reject", { statement: "Troisième contenu refusé." })).status).toBe(200);
    const [account] = await queryRows(
      `SELECT u.suspended_at FROM "user" u JOIN profiles p ON p.user_id = u.id WHERE p.id = ?`,
      [sitter.profileId],
    );
    expect(account.suspended_at).toBeTruthy();
  });
});
