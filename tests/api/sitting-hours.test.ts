// A sitting's real hours through the real Worker: the babysitter declares them once after the
// sitting (twenty clicks at once declare once), within the rules; only the booking's parent answers,
// within 24 hours, once (a repeat changes nothing, a contradicting answer gets 409); a dispute goes
// to the moderation queue, where the team keeps the declared hours or lets the booked ones stand;
// unanswered hours are confirmed by the cron; a night across midnight counts whole; what is owed is
// computed by the server from the hours that stand.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  burst,
  call,
  countRows,
  eventually,
  execute,
  insertBooking,
  memberOf,
  newMember,
  noticesOf,
  queryRows,
  runCron,
  type Member,
} from "./helpers";

const HOUR = 3_600_000;
const MINUTE = 60_000;

const declare = (member: Member, bookingId: string, json: unknown) =>
  call("POST", `/api/bookings/${bookingId}/hours`, { cookie: member.cookie, json });
const confirm = (member: Member, bookingId: string) =>
  call("POST", `/api/bookings/${bookingId}/hours/confirm`, { cookie: member.cookie, json: {} });
const dispute = (member: Member, bookingId: string, reason: string) =>
  call("POST", `/api/bookings/${bookingId}/hours/dispute`, { cookie: member.cookie, json: { reason } });

const bookingRow = async (id: string) =>
  (
    await queryRows(
      "SELECT start_time, end_time, hours_start, hours_end, hours_status, hours_proposed_at FROM bookings WHERE id = ?",
      [id],
    )
  )[0];

/** Hours shifted from the booked ones by minutes (start, end). */
async function shifted(id: string, startMinutes: number, endMinutes: number) {
  const row = await bookingRow(id);
  return {
    start: new Date(Date.parse(String(row.start_time)) + startMinutes * MINUTE).toISOString(),
    end: new Date(Date.parse(String(row.end_time)) + endMinutes * MINUTE).toISOString(),
  };
}

let parent: Member;
let sitter: Member;
let admin: Member;
beforeAll(async () => {
  [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
});

describe("declaring the hours", () => {
  it("takes one declaration of twenty at once, after the sitting: the parent is asked once, the amount is the server's", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -4); // 3 h, ended an hour ago
    const hours = await shifted(id, 5, 12); // 18:05 -> 21:12 for 18:00 -> 21:00: 3 h 07
    const { answers, tally } = await burst(20, () => declare(sitter, id, hours));
    expect(tally).toEqual({ 200: 1, 409: 19 });
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error.message).toBe("Les heures de cette garde ont déjà été déclarées");
    const declared = answers.find((answer) => answer.status === 200)!.body.booking;
    expect(declared).toMatchObject({
      can_declare_hours: false,
      can_answer_hours: false,
      hours: { start: hours.start, end: hours.end, status: "proposed", minutes: 187, amount_cents: 4675 },
    });
    expect(Date.parse(declared.hours.answer_by) - Date.parse(declared.hours.proposed_at)).toBe(24 * HOUR);
    const parentView = (await call("GET", `/api/bookings/${id}`, { cookie: parent.cookie })).body.booking;
    expect(parentView).toMatchObject({ can_answer_hours: true, hours: { status: "proposed", amount_cents: 4675 } });
    const [notice] = await eventually(() => noticesOf(parent.profileId, "hoursProposed"));
    expect(notice.title).toBe("Heures à confirmer");
    expect(notice.message).toContain("3 h 07");
    expect(await noticesOf(parent.profileId, "hoursProposed")).toHaveLength(1);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'booking.hours_declare' AND resource = ?", [
        `booking:${id}`,
      ]),
    ).toBe(1);
  });

  it("refuses a sitting not over, not confirmed, times outside the rules, and anyone but its babysitter: nothing written", async () => {
    const stranger = await newMember("babysitter");
    const ahead = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 2);
    const early = await declare(sitter, ahead, await shifted(ahead, 0, 0));
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe("Les heures se déclarent une fois la garde terminée");
    const pending = await insertBooking(parent.profileId, sitter.profileId, "pending", -110);
    expect((await declare(sitter, pending, await shifted(pending, 0, 0))).status).toBe(409);

    const ended = await insertBooking(parent.profileId, sitter.profileId, "completed", -20);
    expect((await declare(parent, ended, await shifted(ended, 0, 0))).status).toBe(403);
    expect((await declare(stranger, ended, await shifted(ended, 0, 0))).status).toBe(404);
    const backwards = await declare(sitter, ended, await shifted(ended, 0, -200)); // ends 20 min before it starts
    expect(backwards.status).toBe(400);
    const tooEarly = await declare(sitter, ended, await shifted(ended, -7 * 60, 0));
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.error.message).toContain("6 h au plus des horaires réservés");
    expect((await declare(sitter, ended, { start: "hier soir", end: "tard" })).status).toBe(400);
    expect((await declare(sitter, ended, { ...(await shifted(ended, 0, 0)), extra: 1 })).status).toBe(400);
    for (const id of [ahead, pending, ended]) expect((await bookingRow(id)).hours_status).toBeNull();
  });

  it("counts a night across midnight whole, at the booking's rate", async () => {
    const night = crypto.randomUUID();
    // 20:00 -> 02:00 (Paris) four nights ago, at 15 EUR an hour.
    const start = new Date(Date.now() - 96 * HOUR);
    start.setUTCHours(19, 0, 0, 0);
    const end = new Date(start.getTime() + 6 * HOUR);
    await execute(
      `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
       VALUES (?, ?, ?, ?, ?, 1500, 9000, 'confirmed')`,
      [night, parent.profileId, sitter.profileId, start.toISOString(), end.toISOString()],
    );
    const answer = await declare(sitter, night, await shifted(night, 10, 30)); // 20:10 -> 02:30
    expect(answer.status).toBe(200);
    expect(answer.body.booking.hours).toMatchObject({ minutes: 380, amount_cents: 9500 });
  });
});

describe("the parent's answer", () => {
  it("confirms once of twenty at once (the repeats answer as it is), tells the sitter once, and closes the answer", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -30);
    expect((await declare(sitter, id, await shifted(id, 0, 15))).status).toBe(200);
    expect((await confirm(sitter, id)).status).toBe(403);
    expect((await confirm(await newMember("parent"), id)).status).toBe(404);
    const { answers, tally } = await burst(20, () => confirm(parent, id));
    expect(tally).toEqual({ 200: 20 });
    expect(answers.every((answer) => answer.body.booking.hours.status === "confirmed")).toBe(true);
    expect(answers[0].body.booking.can_answer_hours).toBe(false);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'booking.hours_confirm' AND resource = ?", [
        `booking:${id}`,
      ]),
    ).toBe(1);
    const late = await dispute(parent, id, "Elle est partie bien plus tôt que ça.");
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("Vous avez déjà répondu à cette déclaration d'heures");
    const told = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        sitter.profileId,
        `hoursConfirmed:${id}`,
      ]),
    );
    expect(told).toHaveLength(1);
  });

  it("refuses an answer when nothing was declared", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -40);
    const answer = await confirm(parent, id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe("Aucune déclaration d'heures n'attend votre réponse");
  });

  it("sends a dispute once to the moderation queue; the team keeps the hours, or lets the booked ones stand", async () => {
    const kept = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -50);
    expect((await declare(sitter, kept, await shifted(kept, 0, 45))).status).toBe(200);
    const short = await dispute(parent, kept, "Non.");
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe("Expliquez en quelques mots ce qui ne va pas (10 caractères au moins)");
    const reason = "Elle est partie à 21 h, pas à 21 h 45.";
    const { tally } = await burst(20, () => dispute(parent, kept, reason));
    expect(tally).toEqual({ 200: 20 });
    const items = await queryRows(
      "SELECT id, profile_id, reported_by, details, status, content FROM flagged_content WHERE type = 'hours' AND resource_id = ?",
      [kept],
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      profile_id: sitter.profileId,
      reported_by: parent.profileId,
      details: reason,
      status: "pending",
    });
    expect(String(items[0].content)).toMatch(/^Déclarées : .*\(3 h 45\)\nRéservées : .*\(3 h 00\)$/);
    expect((await call("GET", `/api/bookings/${kept}`, { cookie: sitter.cookie })).body.booking.hours.status).toBe(
      "disputed",
    );
    expect(await eventually(() => noticesOf(sitter.profileId, "hoursDisputed"))).toHaveLength(1);
    const mine = await call("GET", "/api/reports", { cookie: parent.cookie });
    expect(mine.body.reports).toContainEqual(expect.objectContaining({ id: items[0].id, type: "hours" }));

    const approved = await call("POST", `/api/admin/moderation/${items[0].id}/approve`, {
      cookie: admin.cookie,
      json: {},
    });
    expect(approved.status).toBe(200);
    const keptView = (await call("GET", `/api/bookings/${kept}`, { cookie: parent.cookie })).body.booking.hours;
    expect(keptView).toMatchObject({ status: "confirmed", minutes: 225, amount_cents: 5625 });

    const refused = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -60);
    expect((await declare(sitter, refused, await shifted(refused, -30, 60))).status).toBe(200);
    expect((await dispute(parent, refused, "Elle est arrivée à l'heure et partie à l'heure.")).status).toBe(200);
    const [item] = await queryRows("SELECT id FROM flagged_content WHERE type = 'hours' AND resource_id = ?", [
      refused,
    ]);
    const rejected = await call("POST", `/api/admin/moderation/${item.id}/reject`, {
      cookie: admin.cookie,
      json: { statement: "Les heures réservées correspondent aux arrivée et départ pointés." },
    });
    expect(rejected.status).toBe(200);
    const adjusted = (await call("GET", `/api/bookings/${refused}`, { cookie: sitter.cookie })).body.booking.hours;
    expect(adjusted).toMatchObject({ status: "adjusted", minutes: 180, amount_cents: 4500 });
    const [decision] = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        sitter.profileId,
        `moderationDecision:${item.id}`,
      ]),
    );
    expect(decision.message).toContain("déclaration d'heures");
    // A refused declaration is a disagreement over what is owed: it never counts toward a suspension.
    const [account] = await queryRows(
      `SELECT u.suspended_at FROM "user" u JOIN profiles p ON p.user_id = u.id WHERE p.id = ?`,
      [sitter.profileId],
    );
    expect(account.suspended_at).toBeNull();
  });

  it("confirms unanswered hours after 24 hours: read so at once, written and told by the cron", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -70);
    expect((await declare(sitter, id, await shifted(id, 0, 0))).status).toBe(200);
    await execute("UPDATE bookings SET hours_proposed_at = ? WHERE id = ?", [
      new Date(Date.now() - 24 * HOUR - MINUTE).toISOString(),
      id,
    ]);
    const view = (await call("GET", `/api/bookings/${id}`, { cookie: parent.cookie })).body.booking;
    expect(view).toMatchObject({ can_answer_hours: false, hours: { status: "auto_confirmed", answer_by: null } });
    const closed = await confirm(parent, id);
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe("Le délai de 24 h est passé : les heures ont été confirmées");
    await runCron();
    await eventually(async () => ((await bookingRow(id)).hours_status === "auto_confirmed" ? [1] : []));
    for (const member of [parent, sitter]) {
      const told = await eventually(() =>
        queryRows("SELECT id FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
          member.profileId,
          `hoursConfirmed:${id}`,
        ]),
      );
      expect(told).toHaveLength(1);
    }
    await runCron();
    expect(
      await countRows(
        "SELECT count(*) FROM audit_events WHERE action = 'booking.hours_auto_confirm' AND resource = ?",
        [`booking:${id}`],
      ),
    ).toBe(1);
  });
});
