// /api/dashboard against the real Worker: a new parent and a new babysitter get rows we insert
// here, and the figures must be exactly what those rows make. The month's bounds in Paris are found
// here by walking back hour by hour (Paris midnight is a whole UTC hour), not by the code under test.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, newMember, execute, insertMessage, sessionCookie, type Member } from "./helpers";

const HOUR_MS = 3_600_000;
const parisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit" });
const monthOf = (ms: number) => parisMonth.format(new Date(ms));

/** The first UTC hour that is in the same Paris month as `nowMs`. */
function parisMonthStartMs(nowMs: number): number {
  let hour = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  while (monthOf(hour - HOUR_MS) === monthOf(nowMs)) hour -= HOUR_MS;
  return hour;
}

const iso = (ms: number) => new Date(ms).toISOString();
let bookingCount = 0;

async function addBooking(parentId: string, sitterId: string, startMs: number, status: string, cents: number) {
  await execute(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, ?, ?)`,
    [
      `dash-${Date.now()}-${++bookingCount}`,
      parentId,
      sitterId,
      iso(startMs),
      iso(startMs + 2 * HOUR_MS),
      cents,
      status,
    ],
  );
}

const message = (from: string, to: string, read: boolean) => insertMessage(from, to, "Bonjour !", read);

let parent: Member;
let sitter: Member;
let otherSitter: Member;
const expected = { parent: {} as Record<string, number>, sitter: {} as Record<string, number | string> };

beforeAll(async () => {
  parent = await newMember("parent");
  sitter = await newMember("babysitter");
  otherSitter = await newMember("babysitter");
  const otherParent = await newMember("parent");
  await execute("UPDATE profiles SET rating = 4.5, total_reviews = 8 WHERE id = ?", [sitter.profileId]);

  const now = Date.now();
  const monthStart = parisMonthStartMs(now);
  // Rows: [parent, sitter, start, status, cents]. Starts in the past stay before now; future ones after.
  const rows: [Member, Member, number, string, number][] = [
    [parent, sitter, monthStart, "completed", 4000], // the month's first instant: this month
    [parent, sitter, monthStart - 60_000, "completed", 1700], // one minute before: last month
    [otherParent, sitter, Math.max(monthStart, now - 3 * HOUR_MS), "completed", 2500], // this month
    [parent, sitter, now - 5 * 24 * HOUR_MS, "cancelled", 9000], // cancelled: no revenue
    [parent, sitter, now + 2 * 24 * HOUR_MS, "pending", 3000], // upcoming for both
    [parent, otherSitter, now + 3 * 24 * HOUR_MS, "confirmed", 3000], // upcoming for the parent
    [otherParent, sitter, now + 4 * 24 * HOUR_MS, "confirmed", 3000], // upcoming for the sitter
    [parent, sitter, now + 5 * 24 * HOUR_MS, "cancelled", 3000], // cancelled: not upcoming
    [parent, sitter, now - HOUR_MS, "confirmed", 3000], // started already: not upcoming
  ];
  for (const [p, s, start, status, cents] of rows) await addBooking(p.profileId, s.profileId, start, status, cents);

  const thisMonth = (start: number) => start >= monthStart;
  const upcoming = (start: number, status: string) => start > now && ["pending", "confirmed"].includes(status);
  const of = (who: Member, side: 0 | 1) => rows.filter((row) => row[side] === who);
  const completed = of(sitter, 1).filter(([, , , status]) => status === "completed");

  await message(sitter.profileId, parent.profileId, false);
  await message(otherSitter.profileId, parent.profileId, false);
  await message(sitter.profileId, parent.profileId, true); // read
  await message(parent.profileId, sitter.profileId, false); // sent by the parent
  await message(otherParent.profileId, sitter.profileId, false);

  for (const favourite of [sitter, otherSitter])
    expect((await call("PUT", `/api/favourites/${favourite.profileId}`, { cookie: parent.cookie })).status).toBe(200);

  expected.parent = {
    total_bookings: of(parent, 0).length,
    upcoming_bookings: of(parent, 0).filter(([, , start, status]) => upcoming(start, status)).length,
    unread_messages: 2,
    favourite_sitters: 2,
  };
  expected.sitter = {
    sessions_done: completed.length,
    upcoming_bookings: of(sitter, 1).filter(([, , start, status]) => upcoming(start, status)).length,
    revenue_this_month_cents: completed
      .filter(([, , start]) => thisMonth(start))
      .reduce((sum, [, , , , cents]) => sum + cents, 0),
    month: monthOf(now),
    average_rating: 4.5,
    total_reviews: 8,
  };
});

describe("GET /api/dashboard", () => {
  it("gives a parent their bookings, upcoming ones, unread messages and favourite sitters", async () => {
    const { status, body } = await call("GET", "/api/dashboard", { cookie: parent.cookie });
    expect(status).toBe(200);
    expect(body).toEqual({ role: "parent", ...expected.parent });
    expect(expected.parent).toEqual({
      total_bookings: 7,
      upcoming_bookings: 2,
      unread_messages: 2,
      favourite_sitters: 2,
    });
  });

  it("gives a babysitter their sessions done, upcoming ones, this month's revenue in Paris and their rating", async () => {
    const { status, body } = await call("GET", "/api/dashboard", { cookie: sitter.cookie });
    expect(status).toBe(200);
    expect(body).toEqual({ role: "babysitter", ...expected.sitter });
    expect(expected.sitter).toMatchObject({ sessions_done: 3, upcoming_bookings: 2, revenue_this_month_cents: 6500 });
  });

  it("counts only the caller's own rows: a sitter with nothing yet sees zeros", async () => {
    const fresh = await newMember("babysitter");
    const { body } = await call("GET", "/api/dashboard", { cookie: fresh.cookie });
    expect(body).toMatchObject({
      sessions_done: 0,
      upcoming_bookings: 0,
      revenue_this_month_cents: 0,
      total_reviews: 0,
    });
  });

  it("gives an admin no figures (their console has its own), and a signed-out caller a 401", async () => {
    const cookie = await sessionCookie(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const { status, body } = await call("GET", "/api/dashboard", { cookie });
    expect(status).toBe(200);
    expect(body).toEqual({ role: "admin" });
    expect((await call("GET", "/api/dashboard")).status).toBe(401);
  });
});
