// Urgent requests: a family's one request reaches up to 10 babysitters at once (favourites first, or
// an agency's team); the first to accept gets the booking, even when all 10 accept at the same
// instant; the others are told it is taken. The cron widens a request nobody took after 15 minutes
// and expires it at its start. Only the family reads or calls off her request; only a sitter it
// reached may take it.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, parisToday } from "../../db/time/paris-time";
import {
  burst,
  call,
  countRows,
  eventually,
  execute,
  insertBooking,
  newMember,
  noticesOf,
  queryRows,
  runCron,
  type Member,
} from "./helpers";
import { joinAgency, newAgency, type Agency } from "./agency-helpers";

const send = (parent: Member, body: Record<string, unknown>) =>
  call("POST", "/api/urgent-requests", { cookie: parent.cookie, json: body, headers: { "accept-language": "fr" } });
const act = (sitter: Member, id: string, action: "accept" | "decline") =>
  call("POST", `/api/urgent-requests/${id}/${action}`, { cookie: sitter.cookie, headers: { "accept-language": "fr" } });

/** A parent with one child, and the body of an urgent request for that child `daysAhead` from today. */
async function familyWithChild() {
  const parent = await newMember("parent");
  const childId = crypto.randomUUID();
  await execute("INSERT INTO children (id, parent_id, name, age) VALUES (?, ?, 'Lou', 4)", [childId, parent.profileId]);
  return { parent, childId };
}

const requestBody = (childId: string, daysAhead: number, extra: Record<string, unknown> = {}) => ({
  date: addDays(parisToday(), daysAhead),
  start_time: "19:00",
  end_time: "23:00",
  children_ids: [childId],
  address: "12 rue des Lilas, 69003 Lyon",
  ...extra,
});

const noticesEventually = (profileId: string, event: string, count = 1) =>
  eventually(() => noticesOf(profileId, event), count);

describe("an urgent request to an agency's team, all 10 accepting at once", () => {
  let agency: Agency;
  let sitters: Member[];
  beforeAll(async () => {
    agency = await newAgency("Urgences Lyon");
    sitters = await Promise.all(Array.from({ length: 10 }, () => newMember("babysitter")));
    for (const sitter of sitters) await joinAgency(agency, sitter);
  });

  it("reaches the 10, gives one booking to one of them, and tells everyone", async () => {
    const { parent, childId } = await familyWithChild();
    const sent = await send(parent, requestBody(childId, 3, { agency_id: agency.id }));
    expect(sent.status).toBe(201);
    const id = sent.body.request.id;
    expect(sent.body.request).toMatchObject({ status: "open", recipients: 10, agency: { id: agency.id } });
    for (const sitter of sitters) expect(await noticesEventually(sitter.profileId, "urgentRequest")).toHaveLength(1);
    expect(await noticesEventually(agency.manager.profileId, "urgentRequestToAgency")).toHaveLength(1);
    // Before it is hers, a sitter reads the city and the children, not the address.
    const before = await call("GET", "/api/urgent-requests/incoming", { cookie: sitters[0].cookie });
    expect(before.body.requests[0]).toMatchObject({
      id,
      state: "open",
      address: null,
      children: [{ first_name: "Lou", age: 4 }],
    });

    const { answers, tally } = await burst(10, (i) => act(sitters[i], id, "accept"));
    expect(tally[200]).toBe(1);
    expect(tally[409]).toBe(9);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "URGENT_REQUEST_TAKEN")).toBe(
      true,
    );
    const winner = sitters[answers.findIndex((a) => a.status === 200)];
    const mine = answers.find((a) => a.status === 200)!.body.request;
    expect(mine).toMatchObject({ state: "mine", address: "12 rue des Lilas, 69003 Lyon" });

    const booked = await queryRows("SELECT id, babysitter_id, status FROM bookings WHERE parent_id = ?", [
      parent.profileId,
    ]);
    expect(booked).toEqual([{ id: mine.booking_id, babysitter_id: winner.profileId, status: "confirmed" }]);
    expect(await countRows("SELECT count(*) FROM booking_children WHERE booking_id = ?", [mine.booking_id])).toBe(1);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'urgent.accept' AND resource = ?", [
        `urgent_request:${id}`,
      ]),
    ).toBe(1);
    expect(await noticesEventually(parent.profileId, "urgentRequestFilled")).toHaveLength(1);
    for (const sitter of sitters.filter((s) => s !== winner))
      expect(await noticesEventually(sitter.profileId, "urgentRequestTaken")).toHaveLength(1);

    // A repeat of the winner's accept answers the same; the family's view names her.
    expect((await act(winner, id, "accept")).status).toBe(200);
    const view = await call("GET", `/api/urgent-requests/${id}`, { cookie: parent.cookie });
    expect(view.body.request).toMatchObject({
      status: "filled",
      booking_id: mine.booking_id,
      filled_by: { id: winner.profileId },
    });
    // The agency's calendar shows the sitting.
    const day = addDays(parisToday(), 3);
    const calendar = await call("GET", `/api/agency/calendar?from=${day}&to=${addDays(day, 1)}`, {
      cookie: agency.manager.cookie,
    });
    expect(calendar.body.bookings.map((b: { id: string }) => b.id)).toContain(mine.booking_id);
  });
});

describe("who an urgent request reaches", () => {
  it("reaches the family's favourites first, never a sitter already booked at that time", async () => {
    const { parent, childId } = await familyWithChild();
    const [favourite, busy] = await Promise.all([newMember("babysitter"), newMember("babysitter")]);
    for (const sitter of [favourite, busy])
      expect((await call("PUT", `/api/favourites/${sitter.profileId}`, { cookie: parent.cookie })).status).toBe(200);
    // busy has a confirmed sitting over the requested evening.
    const day = addDays(parisToday(), 4);
    const bookingId = await insertBooking(parent.profileId, busy.profileId, "confirmed", 0);
    await execute("UPDATE bookings SET start_time = ?, end_time = ? WHERE id = ?", [
      new Date(`${day}T16:00:00Z`).toISOString(),
      new Date(`${day}T23:00:00Z`).toISOString(),
      bookingId,
    ]);
    const sent = await send(parent, requestBody(childId, 4));
    expect(sent.status).toBe(201);
    const reached = await queryRows(
      "SELECT sitter_id FROM urgent_request_recipients WHERE request_id = ? ORDER BY rowid",
      [sent.body.request.id],
    );
    const ids = reached.map((row) => row.sitter_id);
    expect(ids[0]).toBe(favourite.profileId);
    expect(ids).not.toContain(busy.profileId);
    expect(ids.length).toBeLessThanOrEqual(10);
  });

  it("refuses another parent's children, an unknown agency, and anyone but a parent, writing nothing", async () => {
    const { parent, childId } = await familyWithChild();
    const other = await familyWithChild();
    const sitter = await newMember("babysitter");
    const count = () =>
      countRows("SELECT count(*) FROM urgent_requests WHERE parent_id IN (?, ?)", [
        parent.profileId,
        other.parent.profileId,
      ]);
    expect((await send(parent, requestBody(other.childId, 2))).status).toBe(400);
    const unknown = await send(parent, requestBody(childId, 2, { agency_id: crypto.randomUUID() }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe("Cette agence ne peut pas recevoir de demande.");
    expect((await send(sitter, requestBody(childId, 2))).status).toBe(403);
    expect((await send(parent, requestBody(childId, 2, { start_time: "25:00" }))).status).toBe(400);
    expect(await count()).toBe(0);
  });

  it("counts requests per parent: 20 at once make 5, the rest wait (429)", async () => {
    const { parent, childId } = await familyWithChild();
    const { tally } = await burst(20, () => send(parent, requestBody(childId, 6)));
    expect(tally[201]).toBe(5);
    expect(tally[429]).toBe(15);
    expect(await countRows("SELECT count(*) FROM urgent_requests WHERE parent_id = ?", [parent.profileId])).toBe(5);
  });
});

describe("the family's request is hers; a request is taken only by a sitter it reached", () => {
  let agency: Agency;
  let sitter: Member;
  beforeAll(async () => {
    agency = await newAgency("Urgences Rhône");
    sitter = await newMember("babysitter");
    await joinAgency(agency, sitter);
  });

  it("answers 404 to another parent and to a sitter it never reached, and changes nothing", async () => {
    const { parent, childId } = await familyWithChild();
    const stranger = await familyWithChild();
    const outsider = await newMember("babysitter");
    const id = (await send(parent, requestBody(childId, 5, { agency_id: agency.id }))).body.request.id;
    expect((await call("GET", `/api/urgent-requests/${id}`, { cookie: stranger.parent.cookie })).status).toBe(404);
    expect((await call("POST", `/api/urgent-requests/${id}/cancel`, { cookie: stranger.parent.cookie })).status).toBe(
      404,
    );
    expect((await act(outsider, id, "accept")).status).toBe(404);
    expect((await act(outsider, id, "decline")).status).toBe(404);
    expect((await queryRows("SELECT status FROM urgent_requests WHERE id = ?", [id]))[0].status).toBe("open");
    expect(await countRows("SELECT count(*) FROM bookings WHERE parent_id = ?", [parent.profileId])).toBe(0);
  });

  it("lets the family call it off (the sitters reached are told); nobody can take it then", async () => {
    const { parent, childId } = await familyWithChild();
    const id = (await send(parent, requestBody(childId, 5, { agency_id: agency.id }))).body.request.id;
    const cancelled = await call("POST", `/api/urgent-requests/${id}/cancel`, { cookie: parent.cookie });
    expect(cancelled.body.request.status).toBe("cancelled");
    expect(await noticesEventually(sitter.profileId, "urgentRequestCancelled")).toHaveLength(1);
    const late = await act(sitter, id, "accept");
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("URGENT_REQUEST_CLOSED");
  });

  it("lets a sitter say no: it leaves her open requests", async () => {
    const { parent, childId } = await familyWithChild();
    const id = (await send(parent, requestBody(childId, 7, { agency_id: agency.id }))).body.request.id;
    const declined = await act(sitter, id, "decline");
    expect(declined.body.request.state).toBe("declined");
  });
});

describe("the cron: widening after 15 minutes, expiry at the start", () => {
  it("widens a request nobody took (the family is told) and expires one whose start has come", async () => {
    const { parent, childId } = await familyWithChild();
    const toWiden = (await send(parent, requestBody(childId, 8))).body.request.id;
    const toExpire = (await send(parent, requestBody(childId, 9))).body.request.id;
    await execute("UPDATE urgent_requests SET created_at = ? WHERE id = ?", [
      new Date(Date.now() - 16 * 60_000).toISOString(),
      toWiden,
    ]);
    await execute("UPDATE urgent_requests SET start_time = ?, end_time = ?, widened_at = ? WHERE id = ?", [
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 3 * 3_600_000).toISOString(),
      new Date().toISOString(),
      toExpire,
    ]);
    await Promise.all([runCron(), runCron()]);
    const status = (id: string) =>
      queryRows("SELECT status, radius_km, widened_at FROM urgent_requests WHERE id = ?", [id]);
    const [widened] = await eventually(async () => (await status(toWiden)).filter((row) => row.widened_at !== null));
    expect(widened).toMatchObject({ status: "open", radius_km: 30 });
    const [expired] = await eventually(async () => (await status(toExpire)).filter((row) => row.status === "expired"));
    expect(expired.status).toBe("expired");
    expect(await noticesEventually(parent.profileId, "urgentRequestWidened")).toHaveLength(1);
    expect(await noticesEventually(parent.profileId, "urgentRequestExpired")).toHaveLength(1);
    // Run again: nothing is widened or expired twice.
    await runCron();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await noticesOf(parent.profileId, "urgentRequestWidened")).toHaveLength(1);
    expect(await noticesOf(parent.profileId, "urgentRequestExpired")).toHaveLength(1);
  });
});
