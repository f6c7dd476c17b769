// The booking form, through the real Worker: evenings out (an end at or before the start is the
// next day, up to 14 hours of real time, DST nights counted as they are), overlaps across midnight
// refused by the database's trigger, the reminder's times, the warnings a parent may pass (the
// babysitter's availability, a child already booked), the family's address shown to the babysitter
// of a confirmed booking only, and the booking's .ics file for its two parties only.
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKING_REMINDER_HOURS_BEFORE, REQUEST_LIMITS } from "../../db/constants/limits";
import { WEEKDAYS } from "../../db/schema/enums";
import { addDays, dateMsOf, HOUR_MS, parisToUtcIso, parisToUtcMs, parisToday } from "../../db/time/paris-time";
import { call, countRows, eventually, execute, newMember, queryRows, type Member } from "./helpers";

const EN = { "accept-language": "en-GB,en;q=0.9" };
const RATE = 1800; // a new babysitter's rate is set below, so totals are known

let parent: Member;
let sitter: Member;
let otherSitter: Member;
let kids: { id: string; name: string }[];

/** Each test on days of its own, far ahead, so overlaps only happen where a test wants them. */
let dayAhead = 30;
const nextDay = () => addDays(parisToday(), (dayAhead += 3));

const body = (overrides: Record<string, unknown> = {}) => ({
  babysitter_id: sitter.profileId,
  date: nextDay(),
  start_time: "20:00",
  end_time: "01:00",
  children_ids: [kids[0].id],
  ...overrides,
});

const book = (payload: Record<string, unknown>, headers: Record<string, string> = {}, who = parent) =>
  call("POST", "/api/bookings", { json: payload, cookie: who.cookie, headers });
const preview = (payload: Record<string, unknown>, who = parent) =>
  call("POST", "/api/bookings/preview", { json: payload, cookie: who.cookie });
const detail = (id: string, who: Member) => call("GET", `/api/bookings/${id}`, { cookie: who.cookie });
const act = (id: string, action: string, who: Member) =>
  call("PATCH", `/api/bookings/${id}/status`, { json: { action }, cookie: who.cookie });
const calendar = (id: string, who?: Member) => call("GET", `/api/bookings/${id}/calendar.ics`, { cookie: who?.cookie });

async function addChild(who: Member, name: string, age: number) {
  const answer = await call("POST", "/api/children", { json: { name, age }, cookie: who.cookie });
  expect(answer.status).toBe(201);
  return { id: String(answer.body.child?.id ?? answer.body.id), name };
}

beforeAll(async () => {
  [parent, sitter, otherSitter] = await Promise.all([
    newMember("parent"),
    newMember("babysitter"),
    newMember("babysitter"),
  ]);
  kids = [await addChild(parent, "Lou", 6), await addChild(parent, "Nina", 3)];
  for (const s of [sitter, otherSitter])
    await execute("UPDATE babysitter_profiles SET hourly_rate_cents = ?, available_hours = '{}' WHERE profile_id = ?", [
      RATE,
      s.profileId,
    ]);
  await execute("UPDATE profiles SET address = ?, postal_code = ?, city = ? WHERE id = ?", [
    "12 rue des Lilas",
    "69003",
    "Lyon",
    parent.profileId,
  ]);
});

describe("a sitting past midnight", () => {
  it("is created: 20:00 -> 01:00 ends the next day, 5 hours, 5 x the rate, in the answer, the row and the list", async () => {
    const payload = body();
    const created = await book(payload);
    expect(created.status).toBe(201);
    const { booking } = created.body;
    expect(booking.start_time).toBe(parisToUtcIso(payload.date, "20:00"));
    expect(booking.end_time).toBe(parisToUtcIso(addDays(payload.date, 1), "01:00"));
    expect(booking.total_amount_cents).toBe(5 * RATE);
    const [row] = await queryRows("SELECT end_time, total_amount_cents FROM bookings WHERE id = ?", [booking.id]);
    expect(row).toMatchObject({ end_time: booking.end_time, total_amount_cents: 5 * RATE });
    const listed = await call("GET", "/api/bookings?filter=upcoming&page_size=50", { cookie: sitter.cookie });
    expect(listed.body.bookings.find((b: { id: string }) => b.id === booking.id)).toMatchObject({
      end_time: booking.end_time,
      total_amount_cents: 5 * RATE,
    });
  });

  it("counts the real hours of a night the clocks change (7 h in March, 9 h in October)", async () => {
    // 28 March and 31 October 2027, both within a year of 2026-11 (the test's clock is the real one).
    const spring = await book(body({ date: "2027-03-27", start_time: "22:00", end_time: "06:00" }));
    expect(spring.status).toBe(201);
    expect(spring.body.booking).toMatchObject({
      start_time: "2027-03-27T21:00:00.000Z",
      end_time: "2027-03-28T04:00:00.000Z",
      total_amount_cents: 7 * RATE,
    });
    if (addDays(parisToday(), 365) >= "2027-10-30") {
      const autumn = await book(body({ date: "2027-10-30", start_time: "22:00", end_time: "06:00" }));
      expect(autumn.status).toBe(201);
      expect(autumn.body.booking.total_amount_cents).toBe(9 * RATE);
    }
  });

  it("is refused beyond 14 hours and with equal times, in the user's language, writing nothing", async () => {
    const before = await countRows("SELECT count(*) FROM bookings WHERE parent_id = ?", [parent.profileId]);
    const tooLong = await book(body({ start_time: "18:00", end_time: "08:30" }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe("Une garde dure au plus 14 heures");
    const tooLongEn = await book(body({ start_time: "18:00", end_time: "08:30" }), EN);
    expect(tooLongEn.body.error.message).toBe("A sitting lasts at most 14 hours");
    const same = await book(body({ start_time: "20:00", end_time: "20:00" }));
    expect(same.status).toBe(400);
    expect(same.body.error.message).toMatch(/^L'heure de fin doit être différente de l'heure de début/);
    expect(await countRows("SELECT count(*) FROM bookings WHERE parent_id = ?", [parent.profileId])).toBe(before);
    // 14 hours exactly is allowed.
    expect((await book(body({ start_time: "18:00", end_time: "08:00" }))).status).toBe(201);
  });

  it("overlaps across midnight are refused by the trigger (409); a slot touching the end is free", async () => {
    const date = nextDay();
    expect((await book(body({ date, start_time: "21:00", end_time: "02:00" }))).status).toBe(201);
    const nextMorning = addDays(date, 1);
    const early = await book(
      body({ date: nextMorning, start_time: "00:30", end_time: "03:00", children_ids: [kids[1].id] }),
    );
    expect(early.status).toBe(409);
    const sameEvening = await book(body({ date, start_time: "23:00", end_time: "01:00", children_ids: [kids[1].id] }));
    expect(sameEvening.status).toBe(409);
    const touching = await book(
      body({ date: nextMorning, start_time: "02:00", end_time: "04:00", children_ids: [kids[1].id] }),
    );
    expect(touching.status).toBe(201);
  });
});

// The first evening start from which a sitting to 02:00 begins more than 5 minutes from now and
// less than the reminder's 24 hours minus 5 minutes from now, so the cron's window holds it whatever the
// hour (and on a daylight-saving night, when one day lasts 25 hours) the test runs.
function reminderSittingStart(nowMs: number): { date: string; start: string } {
  const margin = 5 * 60_000;
  for (const start of ["22:00", "23:00", "21:00"]) {
    for (const date of [parisToday(nowMs), addDays(parisToday(nowMs), 1)]) {
      const startMs = parisToUtcMs(date, start)!;
      const windowEnd = nowMs + BOOKING_REMINDER_HOURS_BEFORE * HOUR_MS;
      if (startMs > nowMs + margin && startMs < windowEnd - margin) return { date, start };
    }
  }
  throw new Error("no evening start within the next 24 hours");
}

describe("the reminder 24 hours ahead", () => {
  it("gives a sitting past midnight its next-day end: 'de 22:00 à 02:00 (+1 j)'", async () => {
    // A sitting from an evening hour (22:00 unless the clock rules it out) to 02:00 the next day.
    const { date, start } = reminderSittingStart(Date.now());
    const id = crypto.randomUUID();
    await execute(
      `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'confirmed')`,
      [
        id,
        parent.profileId,
        otherSitter.profileId,
        parisToUtcIso(date, start)!,
        parisToUtcIso(addDays(date, 1), "02:00")!,
        RATE,
        4 * RATE,
      ],
    );
    expect((await call("GET", "/__scheduled?cron=*/15+*+*+*+*")).status).toBe(200);
    const [notice] = await eventually(() =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND title LIKE 'Rappel%' AND data LIKE ?", [
        otherSitter.profileId,
        `%${id}%`,
      ]),
    );
    expect(String(notice.message)).toContain(`de ${start} à 02:00 (+1 j)`);
    const [email] = await eventually(() =>
      queryRows("SELECT body FROM outbox WHERE channel = 'email' AND idempotency_key = ?", [
        `bookingReminder:${id}:${otherSitter.profileId}:email`,
      ]),
    );
    expect(String(email.body)).toContain(`${start} – 02:00 (+1 j)`);
    // The babysitter's reminder carries the family's address.
    expect(String(email.body)).toContain("12 rue des Lilas");
  });
});

describe("the warnings before sending (POST /api/bookings/preview)", () => {
  it("flags a day the babysitter did not say she is available, and only then", async () => {
    const date = nextDay();
    const weekday = WEEKDAYS[(new Date(dateMsOf(date)!).getUTCDay() + 6) % 7];
    const otherDay = WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 3) % 7];
    await execute("UPDATE babysitter_profiles SET available_hours = ? WHERE profile_id = ?", [
      JSON.stringify({ [otherDay]: [["08:00", "20:00"]] }),
      sitter.profileId,
    ]);
    const flagged = await preview(body({ date, start_time: "18:00", end_time: "21:00" }));
    expect(flagged.status).toBe(200);
    expect(flagged.body).toMatchObject({
      start_time: parisToUtcIso(date, "18:00"),
      total_amount_cents: 3 * RATE,
      warnings: [{ kind: "sitter_unavailable" }],
    });
    await execute("UPDATE babysitter_profiles SET available_hours = ? WHERE profile_id = ?", [
      JSON.stringify({ [weekday]: [["17:00", "23:59"]] }),
      sitter.profileId,
    ]);
    expect((await preview(body({ date, start_time: "18:00", end_time: "21:00" }))).body.warnings).toEqual([]);
    await execute("UPDATE babysitter_profiles SET available_hours = '{}' WHERE profile_id = ?", [sitter.profileId]);
  });

  it("flags a child already in another live booking at that time (another babysitter), not a cancelled one", async () => {
    const date = nextDay();
    const elsewhere = await book(
      body({ babysitter_id: otherSitter.profileId, date, start_time: "19:00", end_time: "23:00" }),
    );
    expect(elsewhere.status).toBe(201);
    const overlapping = body({ date, start_time: "22:00", end_time: "01:00", children_ids: kids.map((k) => k.id) });
    const warned = await preview(overlapping);
    expect(warned.body.warnings).toEqual([{ kind: "children_busy", children: [kids[0].name] }]);
    // A warning, not a refusal: the request may still be sent.
    expect((await book(overlapping)).status).toBe(201);
    expect((await act(elsewhere.body.booking.id, "cancel", parent)).status).toBe(200);
    const after = await preview(body({ date, start_time: "19:30", end_time: "21:00" }));
    expect(after.body.warnings).toEqual([]);
  });

  it("refuses what the creation refuses, writes nothing, and is for parents only", async () => {
    const before = await countRows("SELECT count(*) FROM bookings WHERE ? IN (parent_id, babysitter_id)", [
      parent.profileId,
    ]);
    expect((await preview(body({ start_time: "20:00", end_time: "20:00" }))).status).toBe(400);
    expect((await preview(body({ children_ids: ["00000000-0000-4000-8000-000000000000"] }))).status).toBe(400);
    expect((await preview(body(), sitter)).status).toBe(403);
    expect((await call("POST", "/api/bookings/preview", { json: body() })).status).toBe(401);
    expect((await preview(body())).status).toBe(200);
    expect(
      await countRows("SELECT count(*) FROM bookings WHERE ? IN (parent_id, babysitter_id)", [parent.profileId]),
    ).toBe(before);
  });

  it("is limited per parent: 20 checks at once with one left, one answered, 19 told to wait", async () => {
    const hesitant = await newMember("parent");
    const child = await addChild(hesitant, "Zoé", 4);
    await execute("INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?, ?, ?)", [
      `limit:bookingPreviewPerParent:${hesitant.profileId.toLowerCase()}`,
      REQUEST_LIMITS.bookingPreviewPerParent.maxAttempts - 1,
      Date.now(),
    ]);
    const payload = body({ children_ids: [child.id] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => preview(payload, hesitant)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    expect(answers.find((answer) => answer.status === 429)!.headers.get("retry-after")).not.toBeNull();
  });
});

describe("the family's address and the calendar file", () => {
  let pendingId: string;

  beforeAll(async () => {
    const created = await book(body({ start_time: "18:00", end_time: "22:00" }));
    expect(created.status).toBe(201);
    pendingId = created.body.booking.id;
  });

  it("stays hidden from the babysitter while the request is pending, and from a stranger entirely", async () => {
    expect((await detail(pendingId, sitter)).body.booking.other_party).toMatchObject({ city: "Lyon", address: null });
    const listed = await call("GET", "/api/bookings?page_size=50", { cookie: sitter.cookie });
    for (const b of listed.body.bookings) expect(b.other_party.address).toBeNull();
    expect((await detail(pendingId, otherSitter)).status).toBe(404);
    // A pending sitting's event has the city only.
    const ics = await calendar(pendingId, sitter);
    expect(ics.status).toBe(200);
    expect(ics.body).toContain("LOCATION:Lyon\r\n");
    expect(ics.body).not.toContain("rue des Lilas");
  });

  it("shows it to the babysitter once confirmed, never to the parent, and not after a cancellation", async () => {
    expect((await act(pendingId, "accept", sitter)).status).toBe(200);
    expect((await detail(pendingId, sitter)).body.booking.other_party.address).toBe("12 rue des Lilas, 69003 Lyon");
    expect((await detail(pendingId, parent)).body.booking.other_party.address).toBeNull();

    const other = await book(body({ start_time: "18:00", end_time: "22:00" }));
    expect((await act(other.body.booking.id, "cancel", parent)).status).toBe(200);
    expect((await detail(other.body.booking.id, sitter)).body.booking.other_party.address).toBeNull();
  });

  it("serves the .ics to the two parties only: RFC 5545, UTC times, the booking id as UID, an attachment", async () => {
    const { booking } = (await detail(pendingId, sitter)).body;
    const answer = await calendar(pendingId, sitter);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="veilleuse-${pendingId}.ics"`);
    const lines = String(answer.body).split("\r\n");
    const utc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(lines).toEqual(
      expect.arrayContaining([
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        `UID:${pendingId}`,
        `DTSTART:${utc(booking.start_time)}`,
        `DTEND:${utc(booking.end_time)}`,
        "LOCATION:12 rue des Lilas\\, 69003 Lyon",
        "STATUS:CONFIRMED",
        "END:VCALENDAR",
      ]),
    );
    expect(lines.find((line) => line.startsWith("SUMMARY:"))).toMatch(/^SUMMARY:Garde chez /);

    const forParent = await call("GET", `/api/bookings/${pendingId}/calendar.ics`, {
      cookie: parent.cookie,
      headers: EN,
    });
    expect(forParent.status).toBe(200);
    expect(forParent.body).toMatch(/SUMMARY:Babysitting with /);

    expect((await calendar(pendingId, otherSitter)).status).toBe(404);
    expect((await calendar(pendingId)).status).toBe(401);
    expect((await calendar("nope", sitter)).status).toBe(400);
  });
});
