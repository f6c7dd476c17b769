// /api/dashboard against the real Worker: a new parent and a new babysitter get rows we insert
// here, and the figures and lists must be exactly what those rows make, with nobody else's rows in
// them (a second parent's and a second sitter's bookings sit beside theirs). The month's bounds in Paris are found
// here by walking back hour by hour (Paris midnight is a whole UTC hour), not by the code under test.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, newMember, execute, insertMessage, queryRows, sessionCookie, type Member } from "./helpers";

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
  const id = `dash-${Date.now()}-${++bookingCount}`;
  await execute(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, ?, ?)`,
    [id, parentId, sitterId, iso(startMs), iso(startMs + 2 * HOUR_MS), cents, status],
  );
  return id;
}

const message = (from: string, to: string, read: boolean) => insertMessage(from, to, "Bonjour !", read);

let parent: Member;
let sitter: Member;
let otherSitter: Member;
let otherParent: Member;
const expected = { parent: {} as Record<string, unknown>, sitter: {} as Record<string, unknown> };
/** The booking ids of the rows below, in their order. */
let ids: string[] = [];

beforeAll(async () => {
  parent = await newMember("parent");
  sitter = await newMember("babysitter");
  otherSitter = await newMember("babysitter");
  otherParent = await newMember("parent");
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
    [otherParent, otherSitter, now + 24 * HOUR_MS, "pending", 3000], // nobody's here: in no list below
    [parent, otherSitter, now - 10 * 24 * HOUR_MS, "completed", 3000], // reviewed already: not to review
  ];
  ids = [];
  for (const [p, s, start, status, cents] of rows)
    ids.push(await addBooking(p.profileId, s.profileId, start, status, cents));
  await execute(
    `INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES (?, ?, ?, ?, 5, ?)`,
    [crypto.randomUUID(), ids[10], parent.profileId, otherSitter.profileId, "Une garde parfaite, merci beaucoup !"],
  );
  // Two acceptances within the trial count against it (responded_at is when she accepted).
  await execute("UPDATE bookings SET responded_at = ? WHERE id IN (?, ?)", [iso(now), ids[0], ids[6]]);

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

  const booking = (index: number, partner: object) => ({
    id: ids[index],
    status: rows[index][3],
    start_time: iso(rows[index][2]),
    end_time: iso(rows[index][2] + 2 * HOUR_MS),
    partner,
  });
  const person = async (member: Member) => {
    const [row] = await queryRows("SELECT first_name, last_name FROM profiles WHERE id = ?", [member.profileId]);
    return { id: member.profileId, first_name: row.first_name, last_name: row.last_name, photo_url: null };
  };
  const [sitterAsPartner, otherSitterAsPartner, parentAsPartner] = [
    await person(sitter),
    await person(otherSitter),
    await person(parent),
  ];
  const [trialRow] = await queryRows(
    "SELECT current_period_end FROM subscriptions WHERE profile_id = ? AND plan = 'discovery'",
    [sitter.profileId],
  );
  const trialEnd = String(trialRow.current_period_end);

  expected.parent = {
    next_bookings: [booking(4, sitterAsPartner), booking(5, otherSitterAsPartner)],
    // Latest first: the month's first instant, then the minute before it.
    reviews_to_leave: [booking(0, sitterAsPartner), booking(1, sitterAsPartner)],
    total_bookings: of(parent, 0).length,
    upcoming_bookings: of(parent, 0).filter(([, , start, status]) => upcoming(start, status)).length,
    unread_messages: 2,
    favourite_sitters: 2,
  };
  expected.sitter = {
    pending_requests: [booking(4, parentAsPartner)],
    pending_requests_total: 1,
    trial: {
      bookings_used: 2,
      bookings_included: 5,
      days_left: Math.ceil((Date.parse(trialEnd) - now) / (24 * HOUR_MS)),
      ends_at: trialEnd,
    },
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
    expect(expected.parent).toMatchObject({
      total_bookings: 8,
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

  it("counts only the caller's own rows: a sitter with nothing yet sees zeros and her whole trial", async () => {
    const fresh = await newMember("babysitter");
    const { body } = await call("GET", "/api/dashboard", { cookie: fresh.cookie });
    expect(body).toMatchObject({
      sessions_done: 0,
      upcoming_bookings: 0,
      revenue_this_month_cents: 0,
      total_reviews: 0,
      pending_requests: [],
      pending_requests_total: 0,
      trial: { bookings_used: 0, bookings_included: 5 },
    });
    expect(body.trial.days_left).toBeGreaterThanOrEqual(28);
  });

  it("never shows anyone else's bookings: the lists hold the caller's own, with their partner only", async () => {
    const stranger = ids[9]; // between the other parent and the other sitter
    for (const member of [parent, sitter]) {
      const { body } = await call("GET", "/api/dashboard", { cookie: member.cookie });
      const listed = [
        ...(body.next_bookings ?? []),
        ...(body.reviews_to_leave ?? []),
        ...(body.pending_requests ?? []),
      ];
      expect(listed.map((booking: { id: string }) => booking.id)).not.toContain(stranger);
      expect(JSON.stringify(body)).not.toContain(otherParent.profileId);
    }
  });

  it("drops a paid sitter's trial counter (null once a paid plan is in force)", async () => {
    const paid = await newMember("babysitter");
    await execute(
      `INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end, amount_cents, provider)
       VALUES (?, ?, 'standard', 'active', ?, ?, 1900, 'demo')`,
      [crypto.randomUUID(), paid.profileId, iso(Date.now()), iso(Date.now() + 30 * 24 * HOUR_MS)],
    );
    const { body } = await call("GET", "/api/dashboard", { cookie: paid.cookie });
    expect(body.trial).toBeNull();
  });

  it("gives an admin no figures (their console has its own), and a signed-out caller a 401", async () => {
    const cookie = await sessionCookie(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const { status, body } = await call("GET", "/api/dashboard", { cookie });
    expect(status).toBe(200);
    expect(body).toEqual({ role: "admin" });
    expect((await call("GET", "/api/dashboard")).status).toBe(401);
  });
});
