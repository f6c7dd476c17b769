// Emergency alerts during a booking, through the real Worker: only a party of a confirmed booking
// in its window may raise one (anyone else: 404, nothing written; a pending, cancelled or far-off
// booking: 409), bad input is a 400 in the user's language, 5 an hour per account; after the answer
// both parties are notified (in-app, email, SMS through the Twilio double when they have a phone)
// and the three internal mailboxes get an email each.
import { describe, expect, it } from "vitest";
import { EMERGENCY_MAILBOXES } from "../../db/constants/company";
import {
  call,
  countRows,
  eventually,
  execute,
  insertBooking,
  newMember,
  queryRows,
  setPreferences,
  twilioRequests,
} from "./helpers";

const MAILBOXES = Object.values(EMERGENCY_MAILBOXES);

const raise = (who: { cookie: string }, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("POST", "/api/emergencies", { cookie: who.cookie, json: body, headers });

const incidentsOf = (bookingId: string) =>
  countRows("SELECT count(*) FROM emergency_incidents WHERE booking_id = ?", [bookingId]);

/** A parent and a babysitter with a confirmed sitting that started an hour ago (ends in two). */
async function sittingNow(
  parentOverrides: Record<string, unknown> = {},
  sitterOverrides: Record<string, unknown> = {},
) {
  const [parent, sitter] = await Promise.all([
    newMember("parent", parentOverrides),
    newMember("babysitter", sitterOverrides),
  ]);
  const bookingId = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -1);
  return { parent, sitter, bookingId };
}

describe("raising an emergency alert", () => {
  it("alerts both parties and the three internal mailboxes, once each, with the reporter's SMS", async () => {
    const { parent, sitter, bookingId } = await sittingNow(
      { phone: "06 12 34 56 78", first_name: "Camille", last_name: "Martin" },
      { phone: "07 98 76 54 32", first_name: "Inès", last_name: "Durand" },
    );
    // The babysitter turned emergency SMS off: in-app and email only for her.
    await setPreferences(sitter, { emergency_sms: false });
    const place = `12 rue des Lilas <b>Paris</b> ${crypto.randomUUID().slice(0, 8)}`;
    const before = (await twilioRequests()).length;
    const answer = await raise(parent, {
      booking_id: bookingId,
      type: "medical",
      location: `  ${place}  `,
      description: "Forte fièvre & convulsions",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      booking_id: bookingId,
      type: "medical",
      location: place,
      description: "Forte fièvre & convulsions",
      reported_by_me: true,
    });
    const id = answer.body.id as string;
    expect(Date.parse(answer.body.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await queryRows("SELECT reporter_id, type, location FROM emergency_incidents WHERE id = ?", [id])).toEqual([
      { reporter_id: parent.profileId, type: "medical", location: place },
    ]);

    // The three internal mailboxes: one French email each, everything on it, user text escaped.
    const staffEmails = () =>
      queryRows(
        `SELECT recipient, subject, body, json_extract(payload, '$.html') AS html, json_extract(payload, '$.template') AS template, idempotency_key
         FROM outbox WHERE channel = 'email' AND idempotency_key LIKE ? AND status <> 'queued' ORDER BY recipient`,
        [`emergencyAlert:${id}:%@veilleuse.fr`],
      );
    const emails = await eventually(staffEmails, 3);
    expect(emails.map((e) => e.recipient)).toEqual([...MAILBOXES].sort());
    expect(emails.map((e) => e.idempotency_key).sort()).toEqual(
      MAILBOXES.map((m) => `emergencyAlert:${id}:${m}`).sort(),
    );
    for (const email of emails) {
      expect(email.template).toBe("emergencyAlert");
      expect(email.subject).toMatch(/^URGENCE : Urgence médicale signalée par Camille Martin \(garde du /);
      const text = String(email.body);
      for (const needle of [id, bookingId, place, "Urgence médicale", "Camille Martin", "Inès Durand"])
        expect(text).toContain(needle);
      for (const needle of [parent.email, sitter.email, "0612345678", "0798765432", "Signalée par : Camille Martin"])
        expect(text).toContain(needle);
      expect(text).toContain("Numéro d'urgence : 15");
      expect(text).toMatch(/heure de Paris/);
      const html = String(email.html);
      expect(html).toContain("max-width:600px");
      expect(html).toContain("&lt;b&gt;Paris&lt;/b&gt;");
      expect(html).not.toContain("<b>Paris</b>");
      expect(html).toContain("Forte fièvre &amp; convulsions");
    }

    // Both parties: in the centre, linking to the booking.
    const notices = () =>
      queryRows(
        "SELECT profile_id, type, title, message, json_extract(data, '$.link') AS link FROM notifications WHERE profile_id IN (?, ?) AND title LIKE 'URGENCE%'",
        [parent.profileId, sitter.profileId],
      );
    const inApp = await eventually(notices, 2);
    expect(new Set(inApp.map((n) => n.profile_id))).toEqual(new Set([parent.profileId, sitter.profileId]));
    for (const notice of inApp) {
      expect(notice).toMatchObject({ type: "system", link: `/bookings/${bookingId}` });
      expect(String(notice.message)).toContain(place);
      expect(String(notice.message)).toContain("Urgence médicale");
      expect(String(notice.message)).toContain("Camille Martin");
      expect(String(notice.message)).toContain("15");
    }
    // Both parties' emails too (emails on by default), each under its own key.
    const partyEmails = await eventually(
      () =>
        queryRows(
          "SELECT recipient FROM outbox WHERE channel = 'email' AND recipient IN (?, ?) AND idempotency_key LIKE ?",
          [parent.email, sitter.email, `emergencyAlert:${id}:%`],
        ),
      2,
    );
    expect(new Set(partyEmails.map((e) => e.recipient))).toEqual(new Set([parent.email, sitter.email]));
    // The reporter has a phone and emergency SMS on (the default, even with SMS off): Twilio gets it.
    const sms = await eventually(async () =>
      (await twilioRequests()).slice(before).filter((r) => r.form.Body?.includes(place)),
    );
    expect(sms).toHaveLength(1);
    expect(sms[0].form.To).toMatch(/612345678$/);
    expect(sms[0].form.Body).toMatch(/URGENCE/);
    expect(sms[0].form.Body).toContain("15");
    // The babysitter turned emergency SMS off: no SMS for her.
    expect(
      await countRows(
        "SELECT count(*) FROM outbox WHERE channel = 'sms' AND json_extract(payload, '$.profileId') = ?",
        [sitter.profileId],
      ),
    ).toBe(0);

    // Nothing went twice: a moment later the counts are the same.
    await new Promise((r) => setTimeout(r, 400));
    expect(
      await countRows("SELECT count(*) FROM outbox WHERE idempotency_key LIKE ?", [`emergencyAlert:${id}:%`]),
    ).toBe(6);
    expect((await notices()).length).toBe(2);
  });

  it("lets the babysitter raise one too, on a completed sitting a few hours after its end", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const bookingId = await insertBooking(parent.profileId, sitter.profileId, "completed", -8); // ended 5 h ago
    const answer = await raise(sitter, { booking_id: bookingId, type: "accident", location: "Square Trousseau" });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ type: "accident", description: null, reported_by_me: true });
    const listed = await call("GET", `/api/emergencies?booking_id=${bookingId}`, { cookie: parent.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.incidents).toEqual([expect.objectContaining({ id: answer.body.id, reported_by_me: false })]);
    expect(listed.body.can_raise).toBe(true);
  });

  it("answers 404 to anyone outside the booking, and writes nothing", async () => {
    const { bookingId } = await sittingNow();
    const [otherParent, otherSitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    for (const stranger of [otherParent, otherSitter]) {
      const answer = await raise(stranger, { booking_id: bookingId, type: "medical", location: "Chez moi" });
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Réservation non trouvée");
      const listed = await call("GET", `/api/emergencies?booking_id=${bookingId}`, { cookie: stranger.cookie });
      expect(listed.status).toBe(404);
    }
    const unknown = await raise(otherParent, { booking_id: crypto.randomUUID(), type: "medical", location: "Ici" });
    expect(unknown.status).toBe(404);
    expect(await incidentsOf(bookingId)).toBe(0);
    expect((await call("POST", "/api/emergencies", { json: { booking_id: bookingId } })).status).toBe(401);
  });

  it("refuses pending, cancelled and far-off bookings with 409, writing nothing", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const cases = [
      await insertBooking(parent.profileId, sitter.profileId, "pending", 1),
      await insertBooking(parent.profileId, sitter.profileId, "cancelled", -1),
      await insertBooking(parent.profileId, sitter.profileId, "confirmed", 48), // starts in two days
      await insertBooking(parent.profileId, sitter.profileId, "completed", -20), // ended 17 h ago
    ];
    for (const bookingId of cases) {
      const answer = await raise(parent, { booking_id: bookingId, type: "safety", location: "Maison" });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe("EMERGENCY_NOT_ALLOWED");
      expect(answer.body.error.message).toMatch(/garde confirmée.*appelez le 15/);
      expect(await incidentsOf(bookingId)).toBe(0);
      const listed = await call("GET", `/api/emergencies?booking_id=${bookingId}`, { cookie: parent.cookie });
      expect(listed.body).toMatchObject({ incidents: [], can_raise: false, default_location: null });
    }
  });

  it("answers bad input with a 400 in the user's language, writing nothing", async () => {
    const { parent, bookingId } = await sittingNow();
    const base = { booking_id: bookingId, type: "medical", location: "Maison" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, type: "fire" }, "type", "Choisissez le type d'urgence"],
      [{ ...base, location: "   " }, "location", "Ce champ est obligatoire"],
      [{ ...base, location: "x".repeat(301) }, "location", "Maximum 300 caractères autorisés"],
      [{ ...base, description: "x".repeat(1001) }, "description", "Maximum 1000 caractères autorisés"],
      [{ type: "medical", location: "Maison" }, "booking_id", "Ce champ est obligatoire"],
    ];
    for (const [body, field, message] of cases) {
      const answer = await raise(parent, body);
      expect(answer.status, message).toBe(400);
      expect(answer.body.error).toMatchObject({ field, message });
    }
    const unknownField = await raise(parent, { ...base, severity: "high" });
    expect(unknownField.status).toBe(400);
    const english = await raise(parent, { ...base, type: "fire" }, { "accept-language": "en-GB,en" });
    expect(english.body.error.message).toBe("Choose the type of emergency");
    expect(await incidentsOf(bookingId)).toBe(0);
  });

  it("allows 5 alerts an hour per account, then answers 429 with Retry-After", async () => {
    const { sitter, bookingId } = await sittingNow();
    for (let i = 0; i < 5; i++) {
      const answer = await raise(sitter, { booking_id: bookingId, type: "other", location: `Essai ${i}` });
      expect(answer.status).toBe(201);
    }
    const refused = await raise(sitter, { booking_id: bookingId, type: "other", location: "Encore" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error.message).toMatch(/Trop de requêtes/);
    expect(await incidentsOf(bookingId)).toBe(5);
  });

  it("gives the parties the sitting's address to prefill while an alert is possible", async () => {
    const { parent, sitter, bookingId } = await sittingNow();
    await execute(
      "UPDATE profiles SET address = '8 rue Oberkampf', postal_code = '75011', city = 'Paris' WHERE id = ?",
      [parent.profileId],
    );
    for (const who of [parent, sitter]) {
      const listed = await call("GET", `/api/emergencies?booking_id=${bookingId}`, { cookie: who.cookie });
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({ incidents: [], can_raise: true, default_location: "8 rue Oberkampf, 75011 Paris" });
    }
    const bad = await call("GET", "/api/emergencies", { cookie: parent.cookie });
    expect(bad.status).toBe(400);
  });
});
