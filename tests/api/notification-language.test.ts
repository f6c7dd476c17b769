// A notice is stored with its stable key and raw values (notifications.data: kind, params, link),
// and the centre's list writes its title and message from them in the reader's language (the
// request's Accept-Language, the web's interface language), whatever language the recipient had
// when it was sent; a row without a key (written before keys were stored) keeps its words.
import { describe, expect, it } from "vitest";
import { call, eventually, execute, insertBooking, newMember, queryRows } from "./helpers";

// Friday 26 March 2027, 18:30 to 21:00 in Paris (winter time, UTC+1: two days before the change).
const START = "2027-03-26T17:30:00.000Z";
const END = "2027-03-26T20:00:00.000Z";

/** Both confirmed their email (accepting a booking and writing a message ask for it). */
const confirmEmails = (...members: { email: string }[]) =>
  Promise.all(members.map((member) => execute("UPDATE user SET email_verified = 1 WHERE email = ?", [member.email])));

const listIn = (lang: string, cookie: string) =>
  call("GET", "/api/notifications", { cookie, headers: { "accept-language": lang } });

type Listed = { kind: string | null; params: Record<string, unknown> | null; title: string; message: string };
const bookingNoticeOf = (body: { notifications: (Listed & { type: string })[] }) =>
  body.notifications.find((notification) => notification.type === "booking");

describe("a notice's key and values", () => {
  it("are stored with the notice, and the list writes it in French or English as the request asks", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    await confirmEmails(parent, sitter);
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending");
    await execute("UPDATE bookings SET start_time = ?, end_time = ? WHERE id = ?", [START, END, id]);
    const accepted = await call("PATCH", `/api/bookings/${id}/status`, {
      json: { action: "accept" },
      cookie: sitter.cookie,
    });
    expect(accepted.status).toBe(200);

    const [row] = await eventually(() =>
      queryRows(
        "SELECT n.title, n.data, p.first_name FROM notifications n JOIN profiles p ON p.id = n.profile_id WHERE n.profile_id = ? AND n.type = 'booking'",
        [parent.profileId],
      ),
    );
    const [sitterRow] = await queryRows("SELECT first_name, last_name FROM profiles WHERE id = ?", [sitter.profileId]);
    const otherName = `${String(sitterRow.first_name)} ${String(sitterRow.last_name).slice(0, 1)}.`;
    const params = {
      name: String(row.first_name),
      otherName,
      date: { date: START },
      start: { time: START },
      end: { time: END, since: START },
    };
    expect(JSON.parse(String(row.data))).toEqual({
      kind: "bookingAccepted",
      params,
      link: `/bookings/${id}`,
      event: `bookingAccepted:${id}`,
    });
    // The recipient signed up in French: the stored words, the fallback, are French.
    expect(row.title).toBe("Réservation confirmée");

    const english = await listIn("en-GB,en;q=0.9", parent.cookie);
    expect(english.status).toBe(200);
    expect(bookingNoticeOf(english.body)).toMatchObject({
      kind: "bookingAccepted",
      params,
      title: "Booking confirmed",
      message: `${otherName} accepted your sitting on Friday 26 March from 18:30 to 21:00.`,
      link: `/bookings/${id}`,
    });
    const french = await listIn("fr-FR", parent.cookie);
    expect(bookingNoticeOf(french.body)).toMatchObject({
      kind: "bookingAccepted",
      title: "Réservation confirmée",
      message: `${otherName} a accepté votre garde du vendredi 26 mars de 18:30 à 21:00.`,
    });
  });

  it("writes a message notice in the reader's language, with the conversation's link", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    await confirmEmails(parent, sitter);
    const opened = await call("POST", "/api/conversations", {
      cookie: parent.cookie,
      json: { partner_id: sitter.profileId },
    });
    expect(opened.status).toBe(201);
    const sent = await call("POST", `/api/conversations/${opened.body.id}/messages`, {
      cookie: parent.cookie,
      json: { content: "Bonjour, êtes-vous libre samedi ?", client_id: crypto.randomUUID() },
    });
    expect(sent.status).toBe(201);
    await eventually(() =>
      queryRows("SELECT id FROM notifications WHERE profile_id = ? AND type = 'message'", [sitter.profileId]),
    );
    const english = await listIn("en", sitter.cookie);
    const notice = english.body.notifications.find((n: { type: string }) => n.type === "message");
    expect(notice).toMatchObject({
      kind: "newMessage",
      params: { preview: "Bonjour, êtes-vous libre samedi ?" },
      message: "“Bonjour, êtes-vous libre samedi ?”",
    });
    expect(notice.title).toMatch(/^New message from /);
    expect(notice.link).toBe(`/messages/${opened.body.id}`);
  });

  it("keeps the stored words of a row without a key, or with a key or values it cannot write", async () => {
    const member = await newMember("parent");
    await execute("DELETE FROM notifications WHERE profile_id = ?", [member.profileId]);
    const rows = [
      ["old", null],
      ["unknown", { kind: "noSuchNotice", params: {} }],
      ["badParams", { kind: "bookingAccepted", params: { date: { date: 5, extra: true } } }],
      ["badInstant", { kind: "bookingAccepted", params: { date: { date: "not a date" } } }],
    ] as const;
    for (const [title, data] of rows)
      await execute(
        "INSERT INTO notifications (id, profile_id, type, title, message, data) VALUES (?, ?, 'booking', ?, 'Message en français', ?)",
        [crypto.randomUUID(), member.profileId, title, data === null ? null : JSON.stringify(data)],
      );
    const english = await listIn("en", member.cookie);
    expect(english.status).toBe(200);
    const byTitle = new Map<string, Listed>(english.body.notifications.map((n: Listed) => [n.title, n]));
    expect(byTitle.get("old")).toMatchObject({ kind: null, params: null, message: "Message en français" });
    expect(byTitle.get("unknown")).toMatchObject({ kind: null, params: null });
    expect(byTitle.get("badParams")).toMatchObject({ kind: null, params: null });
    expect(byTitle.get("badInstant")).toMatchObject({ kind: "bookingAccepted", message: "Message en français" });
  });
});
