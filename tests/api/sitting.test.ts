// The sitting through the real Worker: the babysitter's one-tap arrival and departure (once, however
// many taps arrive at once), only the distance kept from her position, the parent told, a tap far
// from home flagged; only the booking's sitter taps; the cron alerts the parent once when nobody
// arrived 15 minutes after the start.
import { beforeAll, describe, expect, it } from "vitest";
import {
  burst,
  call,
  countRows,
  eventually,
  execute,
  insertBooking,
  newMember,
  queryRows,
  type Member,
  runCron,
  noticesOf,
} from "./helpers";

const tap = (member: Member, bookingId: string, which: "check-in" | "check-out", json: unknown = {}) =>
  call("POST", `/api/bookings/${bookingId}/${which}`, { cookie: member.cookie, json });

let parent: Member;
let sitter: Member;
let home: { latitude: number; longitude: number };
beforeAll(async () => {
  [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
  const [row] = await queryRows("SELECT latitude, longitude FROM profiles WHERE id = ?", [parent.profileId]);
  home = { latitude: Number(row.latitude), longitude: Number(row.longitude) };
});

describe("check-in and check-out", () => {
  it("records one arrival of twenty taps at once, keeps only the distance, and tells the parent once", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 0.5);
    const near = { latitude: home.latitude + 0.001, longitude: home.longitude };
    const { answers, tally } = await burst(20, () => tap(sitter, id, "check-in", { position: near }));
    expect(tally).toEqual({ 200: 20 });
    const arrived = answers[0].body.booking.checked_in_at;
    expect(answers.every((a) => a.body.booking.checked_in_at === arrived)).toBe(true);
    expect(answers[0].body.booking).toMatchObject({ far_from_home: false, can_check_in: false, can_check_out: true });
    const [row] = await queryRows("SELECT check_in_distance_m FROM bookings WHERE id = ?", [id]);
    expect(Number(row.check_in_distance_m)).toBeGreaterThan(50);
    expect(Number(row.check_in_distance_m)).toBeLessThan(200);
    const notices = await eventually(() => noticesOf(parent.profileId, "sitterArrived"));
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toMatch(/^Arrivée \d{2}:\d{2}$/);
    const parentView = await call("GET", `/api/bookings/${id}`, { cookie: parent.cookie });
    expect(parentView.body.booking).toMatchObject({
      checked_in_at: arrived,
      can_check_in: false,
      can_check_out: false,
    });

    expect((await tap(sitter, id, "check-out")).status).toBe(200);
    expect((await tap(sitter, id, "check-out")).body.booking.checked_out_at).toBeTruthy();
    expect(await eventually(() => noticesOf(parent.profileId, "sitterLeft"))).toHaveLength(1);
  });

  it("flags a tap far from home to the parent and in the audit log", async () => {
    const sitter = await newMember("babysitter");
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 0.5);
    const far = { latitude: home.latitude + 0.5, longitude: home.longitude };
    const answer = await tap(sitter, id, "check-in", { position: far });
    expect(answer.body.booking.far_from_home).toBe(true);
    const [notice] = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        parent.profileId,
        `sitterArrived:${id}`,
      ]),
    );
    expect(notice.message).toContain("loin de votre adresse");
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'booking.check_in_far' AND resource = ?", [
        `booking:${id}`,
      ]),
    ).toBe(1);
  });

  it("is the booking's sitter's alone: the parent 403, another user 404, and nothing changes", async () => {
    const sitter = await newMember("babysitter");
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 0.5);
    const stranger = await newMember("babysitter");
    expect((await tap(parent, id, "check-in")).status).toBe(403);
    expect((await tap(stranger, id, "check-in")).status).toBe(404);
    const [row] = await queryRows("SELECT checked_in_at FROM bookings WHERE id = ?", [id]);
    expect(row.checked_in_at).toBeNull();
  });

  it("refuses outside the sitting, before arrival, on an unconfirmed booking, and a position that is not one", async () => {
    const [sitter, other] = await Promise.all([newMember("babysitter"), newMember("babysitter")]);
    const later = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 5);
    const early = await tap(sitter, later, "check-in");
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe("L'arrivée se signale à partir d'une heure avant le début, jusqu'à la fin");
    const now = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 0.25);
    expect((await tap(sitter, now, "check-out")).status).toBe(409);
    expect((await tap(sitter, now, "check-in", { position: { latitude: 91, longitude: 2 } })).status).toBe(400);
    const pending = await insertBooking(parent.profileId, other.profileId, "pending", 0.25);
    expect((await tap(other, pending, "check-in")).status).toBe(409);
  });
});

describe("nobody arrived", () => {
  it("alerts the parent once, 15 minutes after the start, with the sitter's number", async () => {
    const [sitter, arrived] = await Promise.all([newMember("babysitter"), newMember("babysitter")]);
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -0.5);
    const arrivedId = await insertBooking(parent.profileId, arrived.profileId, "confirmed", -0.5);
    await execute("UPDATE bookings SET checked_in_at = ? WHERE id = ?", [new Date().toISOString(), arrivedId]);
    await runCron();
    await runCron();
    const alerts = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        parent.profileId,
        `sitterNotArrived:${id}`,
      ]),
    );
    expect(alerts).toHaveLength(1);
    const [phone] = await queryRows("SELECT phone FROM profiles WHERE id = ?", [sitter.profileId]);
    expect(alerts[0].message).toContain(String(phone.phone));
    expect(await noticesOf(parent.profileId, "sitterNotArrived").then((rows) => rows.length)).toBe(1);
  });
});
