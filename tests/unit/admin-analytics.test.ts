// The admin analytics' figures on a real migrated libSQL file, with rows placed at known times: the
// searches of the period (top and zero-result words, filters' shares, per Paris day), the parents'
// time from sign-up to their first booking request, the retention of monthly sign-up cohorts (active:
// signed in, sent a message, requested or answered a booking) and the messages a pair exchanged
// before its first booking (edge/services/admin/analytics.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bookings } from "../../db/schema/bookings";
import { adminAnalytics } from "../../edge/services/admin/analytics";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let db: Db;
const NOW = Date.parse("2026-11-27T12:00:00.000Z");
const DAY = 86_400_000;
const at = (daysAgo: number, hours = 0) => new Date(NOW - daysAgo * DAY + hours * 3_600_000).toISOString();

async function person(id: string, type: "parent" | "babysitter", createdAt: string) {
  const ms = Date.parse(createdAt);
  await temp.client.execute({
    sql: "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
    args: [id, id, `${id}@test.fr`, ms, ms],
  });
  await temp.client.execute({
    sql: "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, created_at) VALUES (?, ?, ?, 'A', 'B', ?, ?)",
    args: [id, id, type, `${id}@test.fr`, createdAt],
  });
}

let seq = 0;
async function booking(parent: string, sitter: string, createdAt: string, respondedAt: string | null = null) {
  const start = at(-10 - seq++); // in the future, one a day, never overlapping
  await db.insert(bookings).values({
    parentId: parent,
    babysitterId: sitter,
    startTime: start,
    endTime: new Date(Date.parse(start) + 3_600_000).toISOString(),
    hourlyRateCents: 1500,
    totalAmountCents: 1500,
    status: respondedAt ? "confirmed" : "pending",
    createdAt,
    respondedAt,
  });
}

async function message(conversation: string, from: string, to: string, createdAt: string) {
  await temp.client.execute({
    sql: "INSERT INTO messages (conversation_id, sender_id, recipient_id, content, created_at) VALUES (?, ?, ?, 'Bonjour', ?)",
    args: [conversation, from, to, createdAt],
  });
}

async function conversation(id: string, one: string, other: string) {
  const [a, b] = [one, other].sort();
  await temp.client.execute({
    sql: "INSERT INTO conversations (id, participant_a, participant_b) VALUES (?, ?, ?)",
    args: [id, a, b],
  });
}

async function search(createdAt: string, query: string | null, results: number, filters = "") {
  await temp.client.execute({
    sql: `INSERT INTO search_events (created_at, origin_source, query_text, filters, sort, result_count, signed_in)
          VALUES (?, 'default', ?, ?, 'relevance', ?, 0)`,
    args: [createdAt, query, filters, results],
  });
}

beforeAll(async () => {
  temp = await createTempDb("admin-analytics");
  db = temp.db;
  // Searches: five this week (three found nobody, three with filters), one three weeks ago.
  await search(at(1), "anglais", 4, "languages");
  await search(at(1, 1), "anglais", 0, "languages,specialties");
  await search(at(2), "anglais", 2);
  await search(at(2, 1), "piano", 0, "radius");
  await search(at(3), null, 0);
  await search(at(20), "piano", 1);

  // pa signed up 10 days ago and first booked 2 days ago (192 h); pb booked 5 h after signing up;
  // pc signed up in August, first booked 50 days ago and again yesterday (not her first).
  await person("pa", "parent", at(10));
  await person("pb", "parent", at(3));
  await person("pc", "parent", at(100));
  await person("s1", "babysitter", at(40));
  await person("s2", "babysitter", at(2));
  await booking("pa", "s1", at(2));
  await booking("pb", "s2", at(3, 5));
  await booking("pc", "s1", at(50), at(50, 2));
  await booking("pc", "s2", at(1));

  // pa and s1 wrote 3 messages before their first booking and 1 after; pc wrote once to s2 before theirs.
  await conversation("c1", "pa", "s1");
  await message("c1", "s1", "pa", at(4));
  await message("c1", "pa", "s1", at(3));
  await message("c1", "s1", "pa", at(3, 1));
  await message("c1", "s1", "pa", at(1));
  await conversation("c2", "pc", "s2");
  await message("c2", "pc", "s2", at(1, -2));
  // s1 signed in on 20 October.
  await temp.client.execute({
    sql: "INSERT INTO audit_events (id, user_id, action, resource, created_at) VALUES ('a1', 's1', 'auth.sign_in', 'session:x', ?)",
    args: [at(38)],
  });
});
afterAll(() => temp.cleanup());

describe("the analytics over 7 days", () => {
  it("counts the searches, their words, filters and days", async () => {
    const { search } = await adminAnalytics(db, "7d", NOW);
    expect(search).toMatchObject({ total: 5, zero_results: 3, filtered: 3 });
    expect(search.top_queries).toEqual([
      { query: "anglais", searches: 3, zero_results: 1 },
      { query: "piano", searches: 1, zero_results: 1 },
    ]);
    expect(search.zero_result_queries).toEqual([
      { query: "anglais", searches: 1 },
      { query: "piano", searches: 1 },
    ]);
    const shares = Object.fromEntries(search.filters.map((row) => [row.filter, [row.searches, row.share_pct]]));
    expect(shares).toMatchObject({ languages: [2, 40], specialties: [1, 20], radius: [1, 20], minRate: [0, 0] });
    expect(search.filters).toHaveLength(12);
    expect(search.per_day.length).toBeGreaterThanOrEqual(7);
    expect(search.per_day.find((day) => day.date === "2026-11-26")).toEqual({
      date: "2026-11-26",
      searches: 2,
      zero_results: 1,
    });
    expect(search.per_day.reduce((sum, day) => sum + day.searches, 0)).toBe(5);
  });

  it("measures the time from sign-up to the parents' first booking request", async () => {
    const { first_booking } = await adminAnalytics(db, "7d", NOW);
    expect(first_booking.parents).toBe(2);
    expect(first_booking.median_hours).toBe(98.5);
    expect(first_booking.distribution).toEqual([
      { bucket: "under_1d", count: 1 },
      { bucket: "1d_3d", count: 0 },
      { bucket: "3d_7d", count: 0 },
      { bucket: "7d_30d", count: 1 },
      { bucket: "30d_90d", count: 0 },
      { bucket: "over_90d", count: 0 },
    ]);
  });

  it("counts the messages before each pair's first booking", async () => {
    const { messages_before_booking: messages } = await adminAnalytics(db, "7d", NOW);
    expect(messages).toMatchObject({ pairs: 3, with_messages: 2, median: 2, mean: 2 });
    expect(messages.distribution.filter((row) => row.count > 0)).toEqual([
      { bucket: "1", count: 1 },
      { bucket: "2_3", count: 1 },
    ]);
  });

  it("follows each monthly cohort: who was active in each month since", async () => {
    const { retention } = await adminAnalytics(db, "7d", NOW);
    expect(retention.map((row) => row.month)).toEqual([
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(retention[0]).toEqual({ month: "2026-06", users: 0, active: [0, 0, 0, 0, 0, 0] });
    expect(retention[2]).toEqual({ month: "2026-08", users: 1, active: [0, 0, 1, 1] });
    expect(retention[4]).toEqual({ month: "2026-10", users: 1, active: [1, 1] });
    // pa (booked, wrote) and pb (booked) were active; s2 never answered nor wrote.
    expect(retention[5]).toEqual({ month: "2026-11", users: 3, active: [2] });
  });
});

describe("the analytics over a year", () => {
  it("has every day and thirteen monthly cohorts", async () => {
    const year = await adminAnalytics(db, "1y", NOW);
    expect(year.search.per_day.length).toBeGreaterThanOrEqual(365);
    expect(year.search.total).toBe(6);
    expect(year.retention).toHaveLength(13);
    expect(year.retention[0].month).toBe("2025-11");
    // pc's first booking (50 days ago) is in the year: three parents' first requests.
    expect(year.first_booking.parents).toBe(3);
  });
});
