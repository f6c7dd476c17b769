// What a booking's life sends, through the real Worker: the other party gets the in-app
// notification always, the email and SMS their preferences allow (SMS through the Twilio double),
// each once per event, after the answer.
import { describe, expect, it } from "vitest";
import { InboxSocket } from "../realtime-client";
import {
  baseUrl,
  call,
  countRows,
  eventually,
  insertBooking,
  newMember,
  queryRows,
  setPreferences,
  twilioRequests,
} from "./helpers";

/**
 * Every new account is welcomed (by email and in the centre, type 'system') and sent the link that
 * confirms its address: the account's own mails, not what these tests count.
 */
const NOT_WELCOME = "json_extract(payload, '$.template') NOT IN ('welcome', 'verifyEmail')";

const act = (who: { cookie: string }, id: string, action: string) =>
  call("PATCH", `/api/bookings/${id}/status`, { json: { action }, cookie: who.cookie });

describe("booking notices", () => {
  it("tells the parent her request was accepted: in the centre and by email, once, no SMS by default", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending", 50);
    expect((await act(sitter, id, "accept")).status).toBe(200);
    const [notice] = await eventually(() =>
      queryRows(
        "SELECT type, title, message, json_extract(data, '$.link') AS link FROM notifications WHERE profile_id = ? AND type <> 'system'",
        [parent.profileId],
      ),
    );
    expect(notice).toMatchObject({ type: "booking", title: "Réservation confirmée", link: `/bookings/${id}` });
    expect(String(notice.message)).toMatch(/a accepté votre garde du/);
    const emails = await eventually(() =>
      queryRows(
        `SELECT subject, status, idempotency_key FROM outbox WHERE channel = 'email' AND recipient = ? AND status <> 'queued' AND ${NOT_WELCOME}`,
        [parent.email],
      ),
    );
    expect(emails).toEqual([
      { subject: "Réservation confirmée", status: "simulated", idempotency_key: `bookingAccepted:${id}:email` },
    ]);
    expect(
      await countRows(
        "SELECT count(*) FROM outbox WHERE channel = 'sms' AND json_extract(payload, '$.profileId') = ?",
        [parent.profileId],
      ),
    ).toBe(0);
    // The babysitter, who acted, is told nothing.
    expect(
      await countRows("SELECT count(*) FROM notifications WHERE profile_id = ? AND type <> 'system'", [
        sitter.profileId,
      ]),
    ).toBe(0);
  });

  it("tells the recipient's open tabs at once (a notification frame on the socket)", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const socket = await InboxSocket.connect(baseUrl(), { cookie: parent.cookie });
    try {
      const id = await insertBooking(parent.profileId, sitter.profileId, "pending", 80);
      expect((await act(sitter, id, "accept")).status).toBe(200);
      await socket.waitFor((frame) => frame.type === "notification");
      expect(
        await countRows("SELECT count(*) FROM notifications WHERE profile_id = ? AND type = 'booking'", [
          parent.profileId,
        ]),
      ).toBe(1);
    } finally {
      socket.close();
    }
  });

  it("sends an SMS through Twilio to a parent who turned SMS on, and no email to one who turned emails off", async () => {
    const [parent, sitter] = await Promise.all([
      newMember("parent", { phone: "07 11 22 33 44" }),
      newMember("babysitter"),
    ]);
    await setPreferences(parent, { sms_enabled: true, email_enabled: false });
    const before = (await twilioRequests()).length;
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending", 60);
    expect((await act(sitter, id, "decline")).status).toBe(200);
    const sms = await eventually(async () =>
      (await twilioRequests()).slice(before).filter((r) => r.form.Body?.includes("ne peut pas assurer")),
    );
    expect(sms).toHaveLength(1);
    expect(sms[0].form.Body).toContain(`/bookings/${id}`);
    const [row] = await eventually(() =>
      queryRows(
        "SELECT status, idempotency_key FROM outbox WHERE channel = 'sms' AND idempotency_key = ? AND status <> 'queued'",
        [`bookingDeclined:${id}:sms`],
      ),
    );
    expect(row.status).toBe("sent");
    expect(
      await countRows(`SELECT count(*) FROM outbox WHERE channel = 'email' AND recipient = ? AND ${NOT_WELCOME}`, [
        parent.email,
      ]),
    ).toBe(0);
    expect(
      await countRows("SELECT count(*) FROM notifications WHERE profile_id = ? AND type <> 'system'", [
        parent.profileId,
      ]),
    ).toBe(1);
  });

  it("invites the babysitter to review when the parent marks a sitting completed, and tells the reviewed party", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -5);
    expect((await act(parent, id, "complete")).status).toBe(200);
    const [invite] = await eventually(() =>
      queryRows(
        "SELECT title, json_extract(data, '$.link') AS link FROM notifications WHERE profile_id = ? AND type <> 'system'",
        [sitter.profileId],
      ),
    );
    expect(invite).toMatchObject({ title: "Garde terminée : laissez un avis", link: `/review/${id}` });
    const review = await call("POST", "/api/reviews", {
      cookie: sitter.cookie,
      json: { booking_id: id, rating: 5, comment: "Famille très accueillante, enfants adorables." },
    });
    expect(review.status).toBe(201);
    const [received] = await eventually(() =>
      queryRows("SELECT title, message FROM notifications WHERE profile_id = ? AND title = 'Nouvel avis reçu'", [
        parent.profileId,
      ]),
    );
    expect(String(received.message)).toMatch(/\(5\/5\)/);
  });
});

describe("the 24-hour reminder (Worker cron)", () => {
  it("reminds both parties of a confirmed sitting within 24 hours, once, even when the job runs twice", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const due = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 10);
    const later = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 30);
    const pending = await insertBooking(parent.profileId, sitter.profileId, "pending", 15);
    for (let run = 0; run < 2; run++) expect((await call("GET", "/__scheduled?cron=*/15+*+*+*+*")).status).toBe(200);
    const reminders = () =>
      queryRows(
        "SELECT profile_id, json_extract(data, '$.link') AS link FROM notifications WHERE title LIKE 'Rappel%' AND profile_id IN (?, ?) ORDER BY profile_id",
        [parent.profileId, sitter.profileId],
      );
    const rows = await eventually(async () => ((await reminders()).length >= 2 ? reminders() : []));
    expect(rows.map((r) => r.link)).toEqual([`/bookings/${due}`, `/bookings/${due}`]);
    expect(new Set(rows.map((r) => r.profile_id))).toEqual(new Set([parent.profileId, sitter.profileId]));
    const reminderEmails = () =>
      queryRows("SELECT idempotency_key FROM outbox WHERE idempotency_key LIKE ? ORDER BY idempotency_key", [
        `bookingReminder:${due}:%`,
      ]);
    // The two parties' reminders leave one after the other: wait for both.
    const emails = await eventually(async () => ((await reminderEmails()).length >= 2 ? reminderEmails() : []));
    expect(emails.map((e) => e.idempotency_key).sort()).toEqual(
      [`bookingReminder:${due}:${parent.profileId}:email`, `bookingReminder:${due}:${sitter.profileId}:email`].sort(),
    );
    expect(
      await countRows("SELECT count(*) FROM bookings WHERE id IN (?, ?) AND reminded_at IS NOT NULL", [later, pending]),
    ).toBe(0);
    // A third run finds nothing left to remind.
    await call("GET", "/__scheduled?cron=*/15+*+*+*+*");
    await new Promise((r) => setTimeout(r, 500));
    expect((await reminders()).length).toBe(2);
  });
});

describe("new message notices", () => {
  const start = (me: { cookie: string }, partnerId: string) =>
    call("POST", "/api/conversations", { cookie: me.cookie, json: { partner_id: partnerId } });
  const send = (me: { cookie: string }, conversationId: string, content: string) =>
    call("POST", `/api/conversations/${conversationId}/messages`, {
      cookie: me.cookie,
      json: { content, client_id: crypto.randomUUID() },
    });
  const messageNotices = (profileId: string) =>
    queryRows(
      "SELECT title, message, json_extract(data, '$.link') AS link FROM notifications WHERE profile_id = ? AND type = 'message'",
      [profileId],
    );

  it("notices a recipient who has no tab open, once for a burst, by the channels they allow", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const conversation = (await start(parent, sitter.profileId)).body;
    expect((await send(parent, conversation.id, "Bonjour, êtes-vous disponible samedi ?")).status).toBe(201);
    expect((await send(parent, conversation.id, "Pour deux enfants.")).status).toBe(201);
    const [notice] = await eventually(() => messageNotices(sitter.profileId));
    expect(notice).toMatchObject({ link: `/messages/${conversation.id}` });
    expect(String(notice.title)).toMatch(/^Nouveau message de /);
    expect(String(notice.message)).toContain("Bonjour, êtes-vous disponible samedi ?");
    await new Promise((r) => setTimeout(r, 500));
    expect(await messageNotices(sitter.profileId)).toHaveLength(1);
    const emails = await eventually(() =>
      queryRows(
        "SELECT status FROM outbox WHERE channel = 'email' AND recipient = ? AND json_extract(payload, '$.template') = 'newMessage'",
        [sitter.email],
      ),
    );
    expect(emails).toHaveLength(1);
  });

  it("tells nothing more to a recipient reading in an open tab (the message reaches the tab)", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const conversation = (await start(parent, sitter.profileId)).body;
    const socket = await InboxSocket.connect(baseUrl(), { cookie: sitter.cookie });
    try {
      expect((await send(parent, conversation.id, "Vous êtes là ?")).status).toBe(201);
      await socket.waitFor((frame) => frame.type === "message");
      await new Promise((r) => setTimeout(r, 800));
      expect(await messageNotices(sitter.profileId)).toEqual([]);
      expect(
        await countRows(
          "SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'newMessage'",
          [sitter.email],
        ),
      ).toBe(0);
    } finally {
      await socket.close();
    }
  });
});
