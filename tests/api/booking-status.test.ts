// Booking status changes a first-time user trips on (docs/first-time-users.md), through the real
// Worker: a repeated change (a double click) answers with the booking as it is, not 409, and tells
// nobody twice, even with 20 identical requests at the same instant; a change the state contradicts
// is a 409 that says why; every path that ends a booking stores who ended it and why, and both
// parties read it; a request nobody answered before its start expires in the cron, once, telling
// both parties.
import { describe, expect, it } from "vitest";
import {
  call,
  countRows,
  eventually,
  execute,
  insertBooking,
  newMember,
  queryRows,
  type Member,
  runCron,
} from "./helpers";

const EN = { "accept-language": "en-GB,en;q=0.9" };

const act = (who: Member, id: string, action: string, headers: Record<string, string> = {}) =>
  call("PATCH", `/api/bookings/${id}/status`, { json: { action }, cookie: who.cookie, headers });
const read = (who: Member, id: string) => call("GET", `/api/bookings/${id}`, { cookie: who.cookie });

const bookingRow = async (id: string) =>
  (
    await queryRows("SELECT status, cancelled_by, cancel_reason, responded_at, updated_at FROM bookings WHERE id = ?", [
      id,
    ])
  )[0];

/** The booking notices a profile got (the welcome is 'system'). */
const bookingNotices = (profileId: string) =>
  queryRows("SELECT title FROM notifications WHERE profile_id = ? AND type <> 'system' ORDER BY created_at", [
    profileId,
  ]);
const outboxKeys = (prefix: string) =>
  queryRows("SELECT idempotency_key FROM outbox WHERE idempotency_key LIKE ? ORDER BY idempotency_key", [`${prefix}%`]);

/** A new parent and babysitter (each with a trial of their own), signed in. */
const pair = async () => {
  const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
  return { parent, sitter };
};

/** Lets the answers' background notices land before counting that nothing more came. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

describe("repeating a change answers with the booking as it is", () => {
  it.each([
    // Once confirmed, the sitter may still cancel the sitting before its start (withdraw).
    [
      "accept",
      "sitter",
      "pending",
      48,
      { status: "confirmed", cancelled_by: null, cancel_reason: null, actions: ["withdraw"] },
    ],
    [
      "decline",
      "sitter",
      "pending",
      48,
      { status: "cancelled", cancelled_by: "babysitter", cancel_reason: "declined", actions: [] },
    ],
    [
      "cancel",
      "parent",
      "pending",
      48,
      { status: "cancelled", cancelled_by: "parent", cancel_reason: "cancelled", actions: [] },
    ],
    [
      "withdraw",
      "sitter",
      "confirmed",
      48,
      { status: "cancelled", cancelled_by: "babysitter", cancel_reason: "withdrawn", actions: [] },
    ],
    [
      "complete",
      "parent",
      "confirmed",
      -5,
      { status: "completed", cancelled_by: null, cancel_reason: null, actions: [] },
    ],
  ] as const)("%s twice: 200 both times, one write, one notice", async (action, actor, from, hours, result) => {
    const { parent, sitter } = await pair();
    const who = actor === "sitter" ? sitter : parent;
    const other = actor === "sitter" ? parent : sitter;
    const id = await insertBooking(parent.profileId, sitter.profileId, from, hours);
    const first = await act(who, id, action);
    expect(first.status).toBe(200);
    expect(first.body.booking).toMatchObject({ id, ...result });
    const written = await bookingRow(id);
    const again = await act(who, id, action);
    expect(again.status).toBe(200);
    expect(again.body.booking).toEqual(first.body.booking);
    expect(await bookingRow(id)).toEqual(written);
    await eventually(() => bookingNotices(other.profileId));
    await settle();
    expect(await bookingNotices(other.profileId)).toHaveLength(1);
  });

  it("20 identical accepts at the same instant: all 200, one confirmation, one notice per party", async () => {
    const { parent, sitter } = await pair();
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending", 30);
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(sitter, id, "accept")));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body.booking).toMatchObject({ id, status: "confirmed" });
    expect(await bookingRow(id)).toMatchObject({ status: "confirmed" });

    const notices = await eventually(() => bookingNotices(parent.profileId));
    const emails = await eventually(() => outboxKeys(`bookingAccepted:${id}:email`));
    await settle();
    expect(await bookingNotices(parent.profileId)).toEqual([{ title: "Réservation confirmée" }]);
    expect(notices).toHaveLength(1);
    expect(emails).toHaveLength(1);
    expect(await outboxKeys(`bookingAccepted:${id}:`)).toHaveLength(1); // no SMS or push by default
    // The babysitter, who acted, is told nothing; her trial counts one acceptance.
    expect(await bookingNotices(sitter.profileId)).toEqual([]);
    expect(
      await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ? AND status = 'confirmed'", [
        sitter.profileId,
      ]),
    ).toBe(1);
  });

  it("20 identical declines at the same instant: all 200, one notice", async () => {
    const { parent, sitter } = await pair();
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending", 30);
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(sitter, id, "decline")));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    await eventually(() => bookingNotices(parent.profileId));
    await settle();
    expect(await bookingNotices(parent.profileId)).toEqual([{ title: "Réservation refusée" }]);
  });
});

describe("a change the booking's state contradicts", () => {
  it("is a 409 saying what happened (fr and en), and changes nothing", async () => {
    const { parent, sitter } = await pair();
    const cancelled = await insertBooking(parent.profileId, sitter.profileId, "pending", 40);
    expect((await act(parent, cancelled, "cancel")).status).toBe(200);
    const accept = await act(sitter, cancelled, "accept");
    expect(accept.status).toBe(409);
    expect(accept.body.error).toMatchObject({ code: "WRONG_STATUS", message: "Le parent a annulé cette demande" });
    expect((await act(sitter, cancelled, "decline", EN)).body.error.message).toBe("The parent cancelled this request");

    const declined = await insertBooking(parent.profileId, sitter.profileId, "pending", 45);
    expect((await act(sitter, declined, "decline")).status).toBe(200);
    const cancel = await act(parent, declined, "cancel");
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toBe("La baby-sitter a refusé cette demande");
    expect((await act(sitter, declined, "accept")).body.error.message).toBe("La baby-sitter a refusé cette demande");
    expect(await bookingRow(declined)).toMatchObject({ cancelled_by: "babysitter", cancel_reason: "declined" });

    const confirmed = await insertBooking(parent.profileId, sitter.profileId, "pending", 50);
    expect((await act(sitter, confirmed, "accept")).status).toBe(200);
    const decline = await act(sitter, confirmed, "decline");
    expect(decline.status).toBe(409);
    expect(decline.body.error.message).toBe("Cette réservation est déjà confirmée");
    expect((await act(sitter, confirmed, "decline", EN)).body.error.message).toBe("This booking is already confirmed");
    expect(await bookingRow(confirmed)).toMatchObject({ status: "confirmed", cancelled_by: null });
  });

  it("gives another user's booking 404 on every action, repeats included, and changes nothing", async () => {
    const { parent, sitter } = await pair();
    const strangers = await pair();
    const pendingId = await insertBooking(parent.profileId, sitter.profileId, "pending", 60);
    const declinedId = await insertBooking(parent.profileId, sitter.profileId, "pending", 65);
    expect((await act(sitter, declinedId, "decline")).status).toBe(200);
    const before = [await bookingRow(pendingId), await bookingRow(declinedId)];
    for (const id of [pendingId, declinedId]) {
      for (const action of ["accept", "decline"]) expect((await act(strangers.sitter, id, action)).status).toBe(404);
      for (const action of ["cancel", "complete"]) expect((await act(strangers.parent, id, action)).status).toBe(404);
      expect((await read(strangers.parent, id)).status).toBe(404);
    }
    expect([await bookingRow(pendingId), await bookingRow(declinedId)]).toEqual(before);
  });
});

describe("who ended a booking and why", () => {
  const ended = (booking: { status: string; cancelled_by: unknown; cancel_reason: unknown }) => ({
    status: booking.status,
    cancelled_by: booking.cancelled_by,
    cancel_reason: booking.cancel_reason,
  });

  it("is stored on every path and shown to both parties", async () => {
    const { parent, sitter } = await pair();
    const byParent = await insertBooking(parent.profileId, sitter.profileId, "pending", 70);
    const bySitter = await insertBooking(parent.profileId, sitter.profileId, "pending", 75);
    const live = await insertBooking(parent.profileId, sitter.profileId, "pending", 80);
    expect((await act(parent, byParent, "cancel")).status).toBe(200);
    expect((await act(sitter, bySitter, "decline")).status).toBe(200);
    expect((await act(parent, byParent, "cancel")).status).toBe(200);

    for (const who of [parent, sitter]) {
      expect(ended((await read(who, byParent)).body.booking)).toEqual({
        status: "cancelled",
        cancelled_by: "parent",
        cancel_reason: "cancelled",
      });
      expect(ended((await read(who, bySitter)).body.booking)).toEqual({
        status: "cancelled",
        cancelled_by: "babysitter",
        cancel_reason: "declined",
      });
      expect(ended((await read(who, live)).body.booking)).toEqual({
        status: "pending",
        cancelled_by: null,
        cancel_reason: null,
      });
    }
    const listed = (await call("GET", "/api/bookings?page_size=50", { cookie: parent.cookie })).body.bookings;
    expect(listed.find((b: { id: string }) => b.id === bySitter)).toMatchObject({
      cancelled_by: "babysitter",
      cancel_reason: "declined",
    });
  });

  it("is the system, for 'account_deleted', when a party deletes their account", async () => {
    const { parent, sitter } = await pair();
    const pendingId = await insertBooking(parent.profileId, sitter.profileId, "pending", 90);
    const confirmedId = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 100);
    const deleted = await call("POST", "/api/account/delete", {
      cookie: sitter.cookie,
      json: { confirmation: "SUPPRIMER" },
    });
    expect(deleted.status).toBe(200);
    for (const id of [pendingId, confirmedId]) {
      expect(await bookingRow(id)).toMatchObject({
        status: "cancelled",
        cancelled_by: "system",
        cancel_reason: "account_deleted",
      });
      expect(ended((await read(parent, id)).body.booking)).toEqual({
        status: "cancelled",
        cancelled_by: "system",
        cancel_reason: "account_deleted",
      });
    }
  });
});

describe("a request nobody answered before its start", () => {
  it("reads as expired at once, with no action for either party, before the cron has run", async () => {
    const { parent, sitter } = await pair();
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending", -0.5);
    for (const who of [parent, sitter]) {
      const { status, body } = await read(who, id);
      expect(status).toBe(200);
      expect(body.booking).toMatchObject({
        status: "cancelled",
        cancelled_by: "system",
        cancel_reason: "expired",
        actions: [],
      });
    }
    const cancel = await act(parent, id, "cancel", EN);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error).toMatchObject({
      code: "REQUEST_EXPIRED",
      message: "This request has expired: its start time has passed",
    });
  });

  it("expires in the cron, once even when two runs meet, and both parties are told once", async () => {
    const { parent, sitter } = await pair();
    await execute("UPDATE profiles SET language = 'en' WHERE id = ?", [sitter.profileId]);
    const due = await insertBooking(parent.profileId, sitter.profileId, "pending", -1);
    const ahead = await insertBooking(parent.profileId, sitter.profileId, "pending", 20);
    const answered = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -10);

    await Promise.all([runCron(), runCron()]);
    // The cron answers before its waitUntil work ends: wait for the expired row.
    const [expired] = await eventually(async () => [await bookingRow(due)].filter((row) => row.status === "cancelled"));
    expect(expired).toMatchObject({ status: "cancelled", cancelled_by: "system", cancel_reason: "expired" });
    expect(await bookingRow(ahead)).toMatchObject({ status: "pending", cancelled_by: null });
    expect(await bookingRow(answered)).toMatchObject({ status: "confirmed", cancelled_by: null });

    const parentNotices = await eventually(() => bookingNotices(parent.profileId));
    const sitterNotices = await eventually(() => bookingNotices(sitter.profileId));
    const emails = await eventually(() => outboxKeys(`booking%Expired:${due}:email`), 2);
    await runCron();
    await settle();
    expect(parentNotices).toEqual([{ title: "Demande expirée" }]);
    expect(sitterNotices).toEqual([{ title: "Request expired" }]);
    expect(await bookingNotices(parent.profileId)).toHaveLength(1);
    expect(await bookingNotices(sitter.profileId)).toHaveLength(1);
    expect(emails.map((row) => row.idempotency_key)).toEqual([
      `bookingExpired:${due}:email`,
      `bookingRequestExpired:${due}:email`,
    ]);
    expect(await outboxKeys(`booking%Expired:${due}:email`)).toHaveLength(2);
    expect(await bookingRow(due)).toEqual(expired);
    const [message] = await queryRows(
      "SELECT message, json_extract(data, '$.link') AS link FROM notifications WHERE profile_id = ? AND type = 'booking'",
      [parent.profileId],
    );
    expect(message).toMatchObject({ link: `/bookings/${due}` });
    expect(String(message.message)).toMatch(/a expiré : elle n'a pas reçu de réponse avant son début/);
  });
});
