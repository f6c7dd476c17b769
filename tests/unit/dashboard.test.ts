// The dashboard's figures on a real libSQL file: the Paris calendar month (its bounds in UTC, in
// winter, in summer, and a sitting at 23:30 UTC on the last day of a month, already the next month
// in Paris), and each role's counts from rows we insert here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InValue } from "@libsql/client";
import { dashboardFigures } from "../../edge/services/dashboard/dashboard";
import { parisMonthOf } from "../../edge/services/dashboard/paris-month";
import { findProfileByUserId } from "../../edge/services/profiles/profiles";
import { createTempDb, type TempDb } from "./helpers/temp-db";

describe("the Paris month", () => {
  it("of a winter instant: bounds at 23:00 UTC (CET, UTC+1)", () => {
    expect(parisMonthOf(new Date("2026-01-15T12:00:00.000Z"))).toEqual({
      month: "2026-01",
      start: "2025-12-31T23:00:00.000Z",
      end: "2026-01-31T23:00:00.000Z",
    });
  });

  it("of a summer instant: bounds at 22:00 UTC (CEST, UTC+2)", () => {
    expect(parisMonthOf(new Date("2026-07-10T08:00:00.000Z"))).toEqual({
      month: "2026-07",
      start: "2026-06-30T22:00:00.000Z",
      end: "2026-07-31T22:00:00.000Z",
    });
  });

  it("across a clock change: March starts in winter time and ends in summer time", () => {
    expect(parisMonthOf(new Date("2026-03-29T12:00:00.000Z"))).toEqual({
      month: "2026-03",
      start: "2026-02-28T23:00:00.000Z",
      end: "2026-03-31T22:00:00.000Z",
    });
    expect(parisMonthOf(new Date("2026-10-30T12:00:00.000Z")).end).toBe("2026-10-31T23:00:00.000Z");
  });

  it("23:30 UTC on the last day of a month is already the next month in Paris", () => {
    expect(parisMonthOf(new Date("2026-01-31T23:30:00.000Z")).month).toBe("2026-02");
    expect(parisMonthOf(new Date("2026-06-30T23:30:00.000Z")).month).toBe("2026-07");
    expect(parisMonthOf(new Date("2026-01-31T22:59:59.999Z")).month).toBe("2026-01");
  });

  it("December's end is the first of January of the next year", () => {
    expect(parisMonthOf(new Date("2026-12-20T10:00:00.000Z"))).toEqual({
      month: "2026-12",
      start: "2026-11-30T23:00:00.000Z",
      end: "2026-12-31T23:00:00.000Z",
    });
  });
});

let temp: TempDb;
const exec = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });
let bookingCount = 0;

async function addPerson(id: string, userType: string, extra: { rating?: number; reviews?: number } = {}) {
  const t = Date.now();
  await exec("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)", [
    id,
    id,
    `${id}@test.fr`,
    t,
    t,
  ]);
  await exec(
    "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, rating, total_reviews) VALUES (?, ?, ?, 'Test', 'User', ?, ?, ?)",
    [`p-${id}`, id, userType, `${id}@test.fr`, extra.rating ?? 0, extra.reviews ?? 0],
  );
  if (userType === "babysitter")
    await exec("INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents) VALUES (?, 1500)", [`p-${id}`]);
  return `p-${id}`;
}

/** A message in the pair's conversation (opened on the first one). */
async function addMessage(from: string, to: string, content: string, read: boolean) {
  const [a, b] = [from, to].sort();
  await exec("INSERT OR IGNORE INTO conversations (id, participant_a, participant_b) VALUES (?, ?, ?)", [
    `${a}|${b}`,
    a,
    b,
  ]);
  await exec("INSERT INTO messages (conversation_id, sender_id, recipient_id, content, read) VALUES (?, ?, ?, ?, ?)", [
    `${a}|${b}`,
    from,
    to,
    content,
    read ? 1 : 0,
  ]);
}

async function addBooking(parent: string, sitter: string, start: string, status: string, cents: number) {
  const end = new Date(Date.parse(start) + 3 * 3_600_000).toISOString();
  await exec(
    "INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status) VALUES (?, ?, ?, ?, ?, 1500, ?, ?)",
    [`b${++bookingCount}`, parent, sitter, start, end, cents, status],
  );
}

const profileOf = async (userId: string) => (await findProfileByUserId(temp.db, userId))!;

// "Now" for these tests: 10 February 2026, noon in Paris. February in Paris runs from
// 2026-01-31T23:00Z to 2026-02-28T23:00Z.
const NOW = new Date("2026-02-10T11:00:00.000Z");

beforeAll(async () => {
  temp = await createTempDb("dashboard");
  const parent = await addPerson("parent", "parent");
  const other = await addPerson("other-parent", "parent");
  const sitter = await addPerson("sitter", "babysitter", { rating: 4.6, reviews: 12 });
  const sitter2 = await addPerson("sitter2", "babysitter");
  const hidden = await addPerson("hidden-sitter", "babysitter");
  await exec("UPDATE profiles SET profile_visibility = 'hidden' WHERE id = ?", [hidden]);
  await addPerson("admin", "admin");

  // The sitter's completed sittings: the edges of February in Paris.
  await addBooking(parent, sitter, "2026-01-31T23:30:00.000Z", "completed", 4500); // 1 Feb 00:30 Paris: February
  await addBooking(parent, sitter, "2026-01-31T22:30:00.000Z", "completed", 1000); // 31 Jan 23:30 Paris: January
  await addBooking(other, sitter, "2026-02-28T22:59:00.000Z", "completed", 3000); // 28 Feb 23:59 Paris: February
  await addBooking(other, sitter, "2026-02-28T23:00:00.000Z", "completed", 7000); // 1 Mar 00:00 Paris: March
  await addBooking(parent, sitter, "2026-02-05T17:00:00.000Z", "cancelled", 9900); // cancelled: no revenue
  // Upcoming for both: pending and confirmed in the future count, cancelled and past ones do not.
  await addBooking(parent, sitter, "2026-02-12T17:00:00.000Z", "pending", 3000);
  await addBooking(parent, sitter2, "2026-02-20T17:00:00.000Z", "confirmed", 3000);
  await addBooking(parent, sitter, "2026-02-21T17:00:00.000Z", "cancelled", 3000);
  await addBooking(parent, sitter, "2026-02-09T17:00:00.000Z", "confirmed", 3000); // started before NOW

  await addMessage(sitter, parent, "Bonjour", false);
  await addMessage(sitter2, parent, "Merci", false);
  await addMessage(sitter, parent, "Vu", true);
  await addMessage(parent, sitter, "À moi", false);

  for (const favourite of [sitter, sitter2, hidden])
    await exec("INSERT INTO favourites (parent_profile_id, babysitter_profile_id) VALUES (?, ?)", [parent, favourite]);
  await exec("INSERT INTO favourites (parent_profile_id, babysitter_profile_id) VALUES (?, ?)", [other, sitter]);
});

afterAll(() => temp.cleanup());

describe("dashboard figures", () => {
  it("for a parent: all their bookings, the upcoming ones, unread messages to them, visible favourites", async () => {
    const figures = await dashboardFigures(temp.db, { profile: await profileOf("parent"), now: NOW });
    expect(figures).toMatchObject({
      role: "parent",
      total_bookings: 7,
      upcoming_bookings: 2,
      unread_messages: 2,
      favourite_sitters: 2,
    });
    // The lists (next sittings, reviews to leave) are read through the API in tests/api/dashboard.test.ts.
    expect(Object.keys(figures).sort()).toEqual([
      "favourite_sitters",
      "next_bookings",
      "reviews_to_leave",
      "role",
      "total_bookings",
      "unread_messages",
      "upcoming_bookings",
    ]);
  });

  it("for a babysitter: completed sessions, upcoming, this Paris month's revenue, the profile's rating", async () => {
    const figures = await dashboardFigures(temp.db, { profile: await profileOf("sitter"), now: NOW });
    expect(figures).toMatchObject({
      role: "babysitter",
      sessions_done: 4,
      upcoming_bookings: 1,
      revenue_this_month_cents: 4500 + 3000,
      month: "2026-02",
      average_rating: 4.6,
      total_reviews: 12,
    });
  });

  it("moves the revenue with the month: on 1 March 00:30 in Paris only March's sitting counts", async () => {
    const figures = await dashboardFigures(temp.db, {
      profile: await profileOf("sitter"),
      now: new Date("2026-02-28T23:30:00.000Z"),
    });
    expect(figures).toMatchObject({ month: "2026-03", revenue_this_month_cents: 7000 });
  });

  it("for a sitter with nothing yet: zeros, not nulls", async () => {
    const figures = await dashboardFigures(temp.db, { profile: await profileOf("sitter2"), now: NOW });
    expect(figures).toMatchObject({ sessions_done: 0, revenue_this_month_cents: 0, average_rating: 0 });
  });

  it("for an admin: no figures, the role only", async () => {
    expect(await dashboardFigures(temp.db, { profile: await profileOf("admin"), now: NOW })).toEqual({
      role: "admin",
    });
  });
});
