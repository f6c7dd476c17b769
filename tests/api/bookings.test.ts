// Bookings through the real Worker: the form's data, creation with every rule re-checked on the
// server, the overlap rule under a race, the role-scoped list, the detail for its two parties, what
// the sitter learns and when, and the status machine (other users' ids change nothing).
import { beforeAll, describe, expect, it } from "vitest";
import { REQUEST_LIMITS } from "../../db/constants/limits";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { addDays, parisToUtcIso, parisToday } from "../../db/time/paris-time";
import {
  call,
  countRows,
  execute,
  insertBooking,
  memberOf,
  newMember,
  openDb,
  queryRows,
  type Member,
} from "./helpers";

const EN = { "accept-language": "en-GB,en;q=0.9" };
const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

let parent: Member; // the demo parent, Camille, with Jules and Inès
let sitter: Member; // the demo babysitter, Léa, 18 EUR/h
let strangerParent: Member; // a new parent without children
let strangerSitter: Member;
let admin: Member;
let kids: { id: string; name: string; allergies: string | null }[];

/** Each booking on its own day far ahead, so tests never collide with each other or the seed. */
let dayAhead = 120;
const nextDay = () => addDays(parisToday(), dayAhead++);

const bookingBody = (overrides: Record<string, unknown> = {}) => ({
  babysitter_id: sitter.profileId,
  date: nextDay(),
  start_time: "18:00",
  end_time: "21:30",
  children_ids: kids.map((k) => k.id),
  ...overrides,
});

const book = (who: Member, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("POST", "/api/bookings", { json: body, cookie: who.cookie, headers });

const act = (who: Member, id: string, action: string, headers: Record<string, string> = {}) =>
  call("PATCH", `/api/bookings/${id}/status`, { json: { action }, cookie: who.cookie, headers });

/** A new pending booking of the demo parent with the demo sitter; its id. */
async function pendingBooking(overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await book(parent, bookingBody(overrides));
  expect(created.status).toBe(201);
  return created.body.booking.id;
}

/**
 * A seeded confirmed sitting that is over, and its parent signed in (with the seed's password).
 * Only the seeded world's parents (their own email domain): not the demo parent's, which the
 * reviews tests (same database) complete and review, nor one another test file wrote for an
 * account of its own.
 */
async function confirmedSittingOver(): Promise<{ id: string; parent: Member }> {
  const [row] = await queryRows(
    `SELECT b.id AS id, p.email AS email FROM bookings b JOIN profiles p ON p.id = b.parent_id
     WHERE b.status = 'confirmed' AND b.end_time < ${NOW_SQL} AND p.email LIKE ? ORDER BY b.end_time DESC LIMIT 1`,
    ["%@demo.veilleuse.fr"],
  );
  return { id: String(row.id), parent: await memberOf(String(row.email)) };
}

const bookingRow = async (id: string) => (await queryRows("SELECT * FROM bookings WHERE id = ?", [id]))[0];
/** The bookings this file's callers could have written (not the whole table: other files write bookings too). */
const bookingCount = () =>
  countRows("SELECT count(*) FROM bookings WHERE parent_id IN (?, ?, ?)", [
    parent.profileId,
    strangerSitter.profileId,
    admin.profileId,
  ]);

beforeAll(async () => {
  parent = await memberOf(DEMO_ACCOUNTS.parent.email);
  sitter = await memberOf(DEMO_ACCOUNTS.babysitter.email);
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  strangerParent = await newMember("parent");
  strangerSitter = await newMember("babysitter");
  kids = (await queryRows("SELECT id, name, allergies FROM children WHERE parent_id = ? ORDER BY age DESC", [
    parent.profileId,
  ])) as unknown as typeof kids;
  expect(kids.map((k) => k.name)).toEqual(["Jules", "Inès"]);
});

describe("the booking form's data", () => {
  it("gives a parent the sitter's summary and rate, and their own children only, in one answer", async () => {
    const { status, body } = await call("GET", `/api/bookings/new/${sitter.profileId}`, { cookie: parent.cookie });
    expect(status).toBe(200);
    expect(body.babysitter).toMatchObject({
      id: sitter.profileId,
      first_name: "Léa",
      last_name: "Dubois",
      city: "Paris",
      hourly_rate_cents: 1800,
    });
    expect(body.children).toEqual([
      { id: kids[0].id, name: "Jules", age: 6 },
      { id: kids[1].id, name: "Inès", age: 3 },
    ]);
    const empty = await call("GET", `/api/bookings/new/${sitter.profileId}`, { cookie: strangerParent.cookie });
    expect(empty.body.children).toEqual([]);
  });

  it("answers 'Baby-sitter non trouvée' for an unknown id or a profile that is not a babysitter", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", strangerParent.profileId]) {
      const fr = await call("GET", `/api/bookings/new/${id}`, { cookie: parent.cookie });
      expect(fr.status).toBe(404);
      expect(fr.body.error).toMatchObject({ code: "BABYSITTER_NOT_FOUND", message: "Baby-sitter non trouvée" });
      const en = await call("GET", `/api/bookings/new/${id}`, { cookie: parent.cookie, headers: EN });
      expect(en.body.error.message).toBe("Babysitter not found");
    }
  });

  it("is for parents only", async () => {
    const asSitter = await call("GET", `/api/bookings/new/${sitter.profileId}`, { cookie: strangerSitter.cookie });
    expect(asSitter.status).toBe(403);
    expect((await call("GET", `/api/bookings/new/${sitter.profileId}`)).status).toBe(401);
  });

  it("hides a hidden sitter from strangers, not from a parent who already booked them", async () => {
    const hidden = await newMember("babysitter");
    await openDb().execute({
      sql: "UPDATE profiles SET profile_visibility = 'hidden' WHERE id = ?",
      args: [hidden.profileId],
    });
    expect((await call("GET", `/api/bookings/new/${hidden.profileId}`, { cookie: parent.cookie })).status).toBe(404);
    expect((await book(parent, bookingBody({ babysitter_id: hidden.profileId }))).status).toBe(404);
    expect(await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ?", [hidden.profileId])).toBe(0);
  });
});

describe("creating a booking", () => {
  it("creates a pending request in UTC, with the rate at booking time and the total in cents", async () => {
    const date = nextDay();
    const { status, body } = await book(
      parent,
      bookingBody({ date, start_time: "18:00", end_time: "21:30", special_instructions: "  Coucher à 20 h 30  " }),
    );
    expect(status).toBe(201);
    const { booking } = body;
    expect(booking).toMatchObject({
      status: "pending",
      start_time: parisToUtcIso(date, "18:00"),
      end_time: parisToUtcIso(date, "21:30"),
      hourly_rate_cents: 1800,
      total_amount_cents: 6300, // 3.5 h x 18 EUR
      special_instructions: "Coucher à 20 h 30",
      role: "parent",
      actions: ["cancel"],
      can_contact: false,
      can_review: false,
      responded_at: null,
    });
    expect(booking.other_party).toMatchObject({ id: sitter.profileId, first_name: "Léa", phone: null });
    expect(booking.children.map((c: { name: string }) => c.name)).toEqual(["Jules", "Inès"]);

    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({
      parent_id: parent.profileId,
      babysitter_id: sitter.profileId,
      start_time: parisToUtcIso(date, "18:00"),
      hourly_rate_cents: 1800,
      total_amount_cents: 6300,
      status: "pending",
      responded_at: null,
    });
    expect(await countRows("SELECT count(*) FROM booking_children WHERE booking_id = ?", [booking.id])).toBe(2);
  });

  it.each([
    ["no child", { children_ids: [] }, "children_ids", "Sélectionnez au moins un enfant", "Select at least one child"],
    [
      // An earlier end is the next day: 18:00 -> 17:00 would last 23 hours.
      "an end the next day beyond 14 hours",
      { start_time: "18:00", end_time: "17:00" },
      "end_time",
      "Une garde dure au plus 14 heures",
      "A sitting lasts at most 14 hours",
    ],
    [
      "a date before today",
      { date: addDays(parisToday(), -1) },
      "date",
      "La date ne peut pas être antérieure à aujourd'hui",
      "The date cannot be before today",
    ],
    [
      "a start already past today",
      { date: parisToday(), start_time: "00:00", end_time: "00:01" },
      "start_time",
      "L'heure de début est déjà passée",
      "The start time has already passed",
    ],
    [
      "a date more than a year ahead",
      { date: addDays(parisToday(), 400) },
      "date",
      "Vous ne pouvez pas réserver plus de 365 jours à l'avance",
      "You cannot book more than 365 days ahead",
    ],
    [
      "a malformed time",
      { start_time: "6pm" },
      "start_time",
      "Heure invalide (format HH:MM)",
      "Invalid time (HH:MM format)",
    ],
    ["no date", { date: undefined }, "date", "Ce champ est obligatoire", "This field is required"],
    [
      "instructions over 500 characters",
      { special_instructions: "x".repeat(501) },
      "special_instructions",
      "Maximum 500 caractères autorisés",
      "At most 500 characters allowed",
    ],
    ["a status", { status: "confirmed" }, "status", "Champ inconnu : status", "Unknown field: status"],
  ])("refuses %s (400, fr and en) and writes nothing", async (_, change, field, fr, en) => {
    const before = await bookingCount();
    const body = bookingBody(change);
    const french = await book(parent, body);
    expect(french.status).toBe(400);
    expect(french.body.error).toMatchObject({ field, message: fr });
    const english = await book(parent, body, EN);
    expect(english.status).toBe(400);
    expect(english.body.error).toMatchObject({ field, message: en });
    expect(await bookingCount()).toBe(before);
  });

  it("refuses malformed JSON and wrong types", async () => {
    const json = await call("POST", "/api/bookings", { raw: '{"babysitter_id":', cookie: parent.cookie });
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe("INVALID_JSON");
    const types = await book(parent, bookingBody({ children_ids: "all" }), EN);
    expect(types.status).toBe(400);
    expect(types.body.error).toMatchObject({ field: "children_ids", message: "Select at least one child" });
  });

  it("refuses another parent's child, and writes nothing", async () => {
    const [otherChild] = await queryRows("SELECT id FROM children WHERE parent_id <> ? LIMIT 1", [parent.profileId]);
    const before = await bookingCount();
    const { status, body } = await book(parent, bookingBody({ children_ids: [kids[0].id, String(otherChild.id)] }));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      field: "children_ids",
      message: "Un des enfants sélectionnés ne fait pas partie de vos enfants",
    });
    expect(await bookingCount()).toBe(before);
  });

  it("refuses an unknown sitter or a parent as sitter (404), babysitters and admins (403), strangers (401)", async () => {
    const before = await bookingCount();
    for (const id of ["no-such-sitter", strangerParent.profileId]) {
      const answer = await book(parent, bookingBody({ babysitter_id: id }));
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Baby-sitter non trouvée");
    }
    expect((await book(strangerSitter, bookingBody())).status).toBe(403);
    expect((await book(admin, bookingBody())).status).toBe(403);
    expect((await call("POST", "/api/bookings", { json: bookingBody() })).status).toBe(401);
    expect(await bookingCount()).toBe(before);
  });

  it("refuses a slot overlapping the sitter's pending or confirmed booking (409); touching slots and cancelled ones are free", async () => {
    const other = await memberOf(DEMO_ACCOUNTS.parent.email); // a second session; the rule is the sitter's
    const date = nextDay();
    const first = await pendingBooking({ date, start_time: "14:00", end_time: "17:00" });
    const clash = await book(other, bookingBody({ date, start_time: "16:00", end_time: "18:00" }));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toEqual({ code: "SLOT_TAKEN", message: "Ce créneau n'est plus disponible" });
    const english = await book(other, bookingBody({ date, start_time: "13:00", end_time: "15:00" }), EN);
    expect(english.body.error.message).toBe("This slot is no longer available");
    expect((await book(other, bookingBody({ date, start_time: "17:00", end_time: "19:00" }))).status).toBe(201);

    expect((await act(parent, first, "cancel")).status).toBe(200);
    expect((await book(other, bookingBody({ date, start_time: "14:00", end_time: "17:00" }))).status).toBe(201);
  });

  it("limits a parent to REQUEST_LIMITS.bookingRequestPerParent requests an hour, then 429 and nothing written", async () => {
    const flooder = await newMember("parent");
    const childId = crypto.randomUUID();
    await execute("INSERT INTO children (id, parent_id, name, age) VALUES (?, ?, 'Nina', 5)", [
      childId,
      flooder.profileId,
    ]);
    const body = bookingBody({ children_ids: [childId] }); // one slot: the first is created, the others 409
    const { maxAttempts } = REQUEST_LIMITS.bookingRequestPerParent;
    const statuses: number[] = [];
    for (let i = 0; i < maxAttempts; i++) statuses.push((await book(flooder, body)).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(maxAttempts - 1);
    const refused = await book(flooder, bookingBody({ children_ids: [childId] }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countRows("SELECT count(*) FROM bookings WHERE parent_id = ?", [flooder.profileId])).toBe(1);
  });

  it("lets exactly one of 20 parents racing for the same slot have it: one 201, nineteen 409, one row", async () => {
    const raceSitter = await newMember("babysitter");
    const families = (await queryRows(
      `SELECT p.email AS email, min(c.id) AS child FROM profiles p JOIN children c ON c.parent_id = p.id
       WHERE p.user_type = 'parent' AND p.email LIKE '%@demo.veilleuse.fr' GROUP BY p.id ORDER BY p.email LIMIT 20`,
      [],
    )) as unknown as { email: string; child: string }[];
    expect(families).toHaveLength(20);
    // One sign-in at a time: each runs scrypt, and twenty at once exceed a workerd isolate's memory.
    const parents: Member[] = [];
    for (const family of families) parents.push(await memberOf(family.email));
    const date = nextDay();
    const answers = await Promise.all(
      parents.map((p, i) =>
        book(p, {
          babysitter_id: raceSitter.profileId,
          date,
          start_time: "19:00",
          end_time: "23:00",
          children_ids: [families[i].child],
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.error.message).toBe("Ce créneau n'est plus disponible");
    expect(await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ?", [raceSitter.profileId])).toBe(1);
    expect(
      await countRows(
        "SELECT count(*) FROM booking_children bc JOIN bookings b ON b.id = bc.booking_id WHERE b.babysitter_id = ?",
        [raceSitter.profileId],
      ),
    ).toBe(1);
  });
});

describe("the bookings list", () => {
  const list = (who: Member, query = "", headers: Record<string, string> = {}) =>
    call("GET", `/api/bookings${query}`, { cookie: who.cookie, headers });

  it.each([
    ["all", "1 = 1"],
    ["upcoming", `start_time > ${NOW_SQL}`],
    ["past", `end_time <= ${NOW_SQL}`],
  ])("scopes '%s' to the caller's side and decides the tab on the server", async (filter, condition) => {
    for (const [who, column] of [
      [parent, "parent_id"],
      [sitter, "babysitter_id"],
    ] as const) {
      const { status, body } = await list(who, `?filter=${filter}&page_size=50`);
      expect(status).toBe(200);
      const expected = await countRows(`SELECT count(*) FROM bookings WHERE ${column} = ? AND ${condition}`, [
        who.profileId,
      ]);
      expect(body.total).toBe(expected);
      expect(body.bookings.length).toBe(Math.min(expected, 50));
      const ids = body.bookings.map((b: { id: string }) => b.id);
      const rows = await queryRows(
        `SELECT count(*) AS n FROM bookings WHERE ${column} = ? AND id IN (${ids.map(() => "?").join(",") || "''"})`,
        [who.profileId, ...ids],
      );
      expect(Number(rows[0].n)).toBe(ids.length);
      const now = Date.now();
      for (const b of body.bookings) {
        expect(b.role).toBe(who === parent ? "parent" : "babysitter");
        if (filter === "upcoming") expect(Date.parse(b.start_time)).toBeGreaterThan(now - 5000);
        if (filter === "past") expect(Date.parse(b.end_time)).toBeLessThanOrEqual(now);
      }
    }
  });

  it("orders À venir soonest first and the others latest first, and pages without overlap", async () => {
    const upcoming = (await list(parent, "?filter=upcoming&page_size=50")).body.bookings.map(
      (b: { start_time: string }) => b.start_time,
    );
    expect(upcoming).toEqual([...upcoming].sort());
    const first = (await list(sitter, "?page_size=5&page=1")).body;
    const second = (await list(sitter, "?page_size=5&page=2")).body;
    expect(first.bookings).toHaveLength(5);
    expect(second.page).toBe(2);
    const starts = [...first.bookings, ...second.bookings].map((b: { start_time: string }) => b.start_time);
    expect(starts).toEqual([...starts].sort().reverse());
    const overlap = first.bookings.filter((b: { id: string }) =>
      second.bookings.some((c: { id: string }) => c.id === b.id),
    );
    expect(overlap).toEqual([]);
  });

  it("refuses an unknown tab or page (400, fr and en), admins (403) and strangers (401)", async () => {
    const fr = await list(parent, "?filter=tomorrow");
    expect(fr.status).toBe(400);
    expect(fr.body.error).toMatchObject({ field: "filter", message: "Format invalide" });
    const en = await list(parent, "?page=0", EN);
    expect(en.status).toBe(400);
    expect(en.body.error).toMatchObject({ field: "page", message: "Invalid format" });
    expect((await list(parent, "?page_size=51")).status).toBe(400);
    expect((await list(admin)).status).toBe(403);
    expect((await call("GET", "/api/bookings")).status).toBe(401);
  });
});

describe("one booking", () => {
  it("shows to its two parties only; anyone else gets 404", async () => {
    const id = await pendingBooking();
    expect((await call("GET", `/api/bookings/${id}`, { cookie: parent.cookie })).body.booking.role).toBe("parent");
    expect((await call("GET", `/api/bookings/${id}`, { cookie: sitter.cookie })).body.booking.role).toBe("babysitter");
    for (const stranger of [strangerParent, strangerSitter]) {
      const answer = await call("GET", `/api/bookings/${id}`, { cookie: stranger.cookie });
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Réservation non trouvée");
    }
    // A well-formed id of no booking (a malformed one is a 400: tests/api/id-params.test.ts).
    const nobodys = "00000000-0000-4000-8000-000000000000";
    expect((await call("GET", `/api/bookings/${nobodys}`, { cookie: parent.cookie })).status).toBe(404);
    expect((await call("GET", `/api/bookings/${id}`, { cookie: admin.cookie })).status).toBe(403);
  });
});

describe("what the sitter learns, and when", () => {
  it("names and ages on a request; phones once confirmed; special needs and allergies from arrival to departure", async () => {
    const id = await pendingBooking();
    const request = (await call("GET", `/api/bookings/${id}`, { cookie: sitter.cookie })).body.booking;
    expect(request.children).toEqual([
      { id: kids[0].id, name: "Jules", age: 6 },
      { id: kids[1].id, name: "Inès", age: 3 },
    ]);
    expect(request.other_party.phone).toBeNull();
    expect(request.can_contact).toBe(false);
    expect(request.actions).toEqual(["accept", "decline"]);
    // The parent always sees their own children's details.
    const own = (await call("GET", `/api/bookings/${id}`, { cookie: parent.cookie })).body.booking;
    expect(own.children[1]).toMatchObject({ name: "Inès", allergies: "Arachides" });

    const accepted = await act(sitter, id, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body.booking.children[1]).toEqual({ id: kids[1].id, name: "Inès", age: 3 });
    // The child sheet opens with her arrival tap and closes with her departure (written here: the
    // taps have their own tests, and this sitting is two days ahead).
    const sheet = async () => (await call("GET", `/api/bookings/${id}`, { cookie: sitter.cookie })).body.booking;
    await execute("UPDATE bookings SET checked_in_at = ? WHERE id = ?", [new Date().toISOString(), id]);
    expect((await sheet()).children[1]).toEqual({
      id: kids[1].id,
      name: "Inès",
      age: 3,
      special_needs: null,
      allergies: "Arachides",
    });
    await execute("UPDATE bookings SET checked_out_at = ? WHERE id = ?", [new Date().toISOString(), id]);
    expect((await sheet()).children[1]).toEqual({ id: kids[1].id, name: "Inès", age: 3 });
    await execute("UPDATE bookings SET checked_in_at = NULL, checked_out_at = NULL WHERE id = ?", [id]);
    const [phones] = await queryRows(
      "SELECT (SELECT phone FROM profiles WHERE id = ?) AS parent, (SELECT phone FROM profiles WHERE id = ?) AS sitter",
      [parent.profileId, sitter.profileId],
    );
    expect(accepted.body.booking.other_party.phone).toBe(phones.parent);
    const forParent = (await call("GET", `/api/bookings/${id}`, { cookie: parent.cookie })).body.booking;
    expect(forParent.other_party.phone).toBe(phones.sitter);
    expect(forParent.can_contact).toBe(true);
    expect(forParent.status).toBe("confirmed");
  });

  it("gives no phone for a confirmed sitting that is over", async () => {
    const past = await confirmedSittingOver();
    const { body } = await call("GET", `/api/bookings/${past.id}`, { cookie: past.parent.cookie });
    expect(body.booking.other_party.phone).toBeNull();
    expect(body.booking.can_contact).toBe(false);
    expect(body.booking.actions).toEqual(["complete"]);
  });
});

describe("status changes", () => {
  it("the sitter accepts a request: confirmed, with the time of the answer", async () => {
    const id = await pendingBooking();
    const before = Date.now();
    const { status, body } = await act(sitter, id, "accept");
    expect(status).toBe(200);
    // Confirmed, she may still cancel the sitting before its start.
    expect(body.booking).toMatchObject({ id, status: "confirmed", actions: ["withdraw"] });
    const row = await bookingRow(id);
    expect(row.status).toBe("confirmed");
    expect(Date.parse(String(row.responded_at))).toBeGreaterThanOrEqual(before - 1000);
  });

  it("the sitter declines a request: cancelled, answered", async () => {
    const id = await pendingBooking();
    expect((await act(sitter, id, "decline")).body.booking.status).toBe("cancelled");
    const row = await bookingRow(id);
    expect(row.status).toBe("cancelled");
    expect(row.responded_at).not.toBeNull();
  });

  it("the parent cancels a request, once; the sitter's answer time stays empty", async () => {
    const id = await pendingBooking();
    expect((await act(parent, id, "cancel")).body.booking.status).toBe("cancelled");
    expect((await bookingRow(id)).responded_at).toBeNull();
    // Cancelling again is a repeat (200, unchanged: booking-status.test.ts); accepting it now says why not.
    const accept = await act(sitter, id, "accept");
    expect(accept.status).toBe(409);
    expect(accept.body.error.message).toBe("Le parent a annulé cette demande");
    expect((await act(sitter, id, "accept", EN)).body.error.message).toBe("The parent cancelled this request");
  });

  it("refuses the other party's actions (403, fr and en) and changes nothing", async () => {
    const id = await pendingBooking();
    const parentAccepts = await act(parent, id, "accept");
    expect(parentAccepts.status).toBe(403);
    expect(parentAccepts.body.error.message).toBe("Seule la baby-sitter peut accepter ou refuser une demande");
    expect((await act(parent, id, "accept", EN)).body.error.message).toBe(
      "Only the babysitter can accept or decline a request",
    );
    const sitterCancels = await act(sitter, id, "cancel");
    expect(sitterCancels.status).toBe(403);
    expect(sitterCancels.body.error.message).toBe(
      "Seul le parent peut annuler une demande ou marquer une réservation terminée",
    );
    expect((await act(sitter, id, "complete")).status).toBe(403);
    expect((await bookingRow(id)).status).toBe("pending");
  });

  it("gives other parents and sitters 404 on every action, and changes nothing", async () => {
    const id = await pendingBooking();
    const before = await bookingRow(id);
    for (const action of ["accept", "decline"]) {
      const answer = await act(strangerSitter, id, action);
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Réservation non trouvée");
    }
    for (const action of ["cancel", "complete"]) expect((await act(strangerParent, id, action)).status).toBe(404);
    expect((await act(admin, id, "cancel")).status).toBe(403);
    expect((await call("PATCH", `/api/bookings/${id}/status`, { json: { action: "cancel" } })).status).toBe(401);
    expect(await bookingRow(id)).toEqual(before);
  });

  it("completes a confirmed sitting only once it has ended", async () => {
    const id = await pendingBooking();
    await act(sitter, id, "accept");
    const early = await act(parent, id, "complete");
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe("La réservation n'est pas encore terminée");
    expect((await bookingRow(id)).status).toBe("confirmed");

    const past = await confirmedSittingOver();
    const done = await act(past.parent, past.id, "complete");
    expect(done.status).toBe(200);
    expect(done.body.booking).toMatchObject({ status: "completed", can_review: true, actions: [] });
    expect((await bookingRow(past.id)).status).toBe("completed");
  });

  it("refuses every action on a request whose start has passed (409: it has expired)", async () => {
    const id = await insertBooking(strangerParent.profileId, strangerSitter.profileId, "pending", -1);
    for (const [who, action] of [
      [strangerSitter, "accept"],
      [strangerSitter, "decline"],
      [strangerParent, "cancel"],
    ] as const) {
      const answer = await act(who, id, action);
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toBe("Cette demande a expiré : l'heure de début est passée");
    }
    // Still pending in the database (the cron expires it: booking-status.test.ts), never changed by a party.
    expect((await bookingRow(id)).responded_at).toBeNull();
  });

  it("refuses an unknown action or field (400, fr and en)", async () => {
    const id = await pendingBooking();
    const fr = await act(sitter, id, "confirm");
    expect(fr.status).toBe(400);
    expect(fr.body.error).toMatchObject({ field: "action", message: "Format invalide" });
    expect((await act(sitter, id, "confirm", EN)).body.error.message).toBe("Invalid format");
    const extra = await call("PATCH", `/api/bookings/${id}/status`, {
      json: { action: "accept", status: "confirmed" },
      cookie: sitter.cookie,
    });
    expect(extra.body.error).toMatchObject({ code: "UNKNOWN_FIELD", field: "status" });
    expect((await bookingRow(id)).status).toBe("pending");
  });

  it("lets only one of two concurrent contrary answers win", async () => {
    // Accepting and declining, or declining and the parent cancelling, the same request: one wins.
    // (Accepting and cancelling may both apply, one after the other: a confirmed sitting can be cancelled.)
    for (const round of [0, 1, 2]) {
      const id = await pendingBooking();
      const answers = await Promise.all([
        act(sitter, id, "decline"),
        round === 1 ? act(parent, id, "cancel") : act(sitter, id, "accept"),
      ]);
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(1);
      expect(await bookingRow(id)).toMatchObject({ status: won[0].body.booking.status });
    }
  });
});
