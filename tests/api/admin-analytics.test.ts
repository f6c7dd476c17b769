// The admin analytics' route on the real Worker: admins only, reads without writing, a period from
// the list (anything else a 400 in French), and figures that follow what is inserted: searches with
// unique words (top and zero-result), a new parent's first booking request and the messages before
// it, the month's cohort. A real search's first page is recorded after the answer (and page 2 is
// not); a signed-in parent's first search is marked once, whatever the number of parallel searches.
// The figures read from the rollups (migration 0029) equal the live definitions (tests/analytics-live.ts)
// over the answer's own period, with searches at the edge of a period (its partial hours and days
// are read live) and a member active in the first minutes of a Paris month (still the previous month
// in UTC); 20 identical search events, sign-ins and messages at the same instant leave the rollups exact.
// (The figures on a fixed world, to the unit, are in tests/unit/admin-analytics.test.ts; the rollups
// against their sources in tests/unit/analytics-rollups.test.ts.)
import { randomInt, randomUUID } from "node:crypto";
import { drizzle } from "drizzle-orm/libsql";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { parisDateOf, parisToUtcIso } from "../../db/time/paris-time";
import { liveAnalytics } from "../analytics-live";
import {
  call,
  countRows,
  execute,
  freshAddress,
  fromAddress,
  insertBooking,
  insertMessage,
  type Member,
  memberOf,
  newMember,
  openDb,
  queryRows,
  testDeviceCookie,
  validRegistration,
} from "./helpers";

let admin: Member;

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
});

const analytics = async (period = "7d") => {
  const answer = await call("GET", `/api/admin/analytics?period=${period}`, { cookie: admin.cookie });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** A word nobody else searches: letters only, as the search events keep them (folded). */
const uniqueWord = (prefix: string) =>
  prefix + Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join("");

/** `count` search events of a word, written directly, `zero` of them finding nobody. */
async function insertSearches(word: string, count: number, zero: number, filters = "") {
  await execute(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO search_events (origin_source, query_text, filters, sort, result_count, signed_in)
     SELECT 'default', ?, ?, 'relevance', CASE WHEN i <= ? THEN 0 ELSE 3 END, 0 FROM n`,
    [count, word, filters, zero],
  );
}

const bucketCount = (distribution: { bucket: string; count: number }[], bucket: string) =>
  distribution.find((row) => row.bucket === bucket)!.count;

/** Polls `read` until `done` holds (events are written after the answer), for up to 8 s. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 8000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The live definitions over the answer's own period, on this stack's database file. */
async function liveOf(answer: { from: string; to: string }) {
  return liveAnalytics(drizzle(openDb(), { schema }) as unknown as Db, { from: answer.from, to: answer.to });
}

/** The answer of a period, checked equal to the live definitions over the same instants. */
async function analyticsAsLive(period: string) {
  const { period: answered, ...body } = await analytics(period);
  expect(answered).toBe(period);
  expect(body, period).toEqual(await liveOf(body));
  return body;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const searchAs = (query: string, cookie?: string) =>
  call("GET", `/api/search?${query}`, { headers: fromAddress(freshAddress()), cookie });

describe("GET /api/admin/analytics", () => {
  it("refuses anonymous callers (401), parents and babysitters (403)", async () => {
    expect((await call("GET", "/api/admin/analytics")).status).toBe(401);
    for (const member of [await newMember("parent"), await newMember("babysitter")])
      expect((await call("GET", "/api/admin/analytics", { cookie: member.cookie })).status).toBe(403);
  });

  it("refuses an unknown period or parameter with a 400 in French, never a 500", async () => {
    for (const query of ["?period=2w", "?period=", "?period=7D", "?period=%00"]) {
      const answer = await call("GET", `/api/admin/analytics${query}`, { cookie: admin.cookie });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.message, query).toBe("Format invalide");
    }
    for (const field of ["other", "period[]"]) {
      const unknown = await call("GET", `/api/admin/analytics?${field}=7d`, { cookie: admin.cookie });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toBe(`Champ inconnu : ${field}`);
    }
  });

  it("answers every period and changes nothing", async () => {
    const tables = ["search_events", "profiles", "bookings", "messages", "subscriptions", "audit_events"];
    const before = await Promise.all(tables.map((table) => countRows(`SELECT count(*) FROM ${table}`, [])));
    for (const period of ["7d", "30d", "90d", "1y"]) {
      const body = await analytics(period);
      expect(body.period).toBe(period);
      expect(body.search.per_day.length).toBeGreaterThanOrEqual({ "7d": 7, "30d": 30, "90d": 90, "1y": 365 }[period]!);
      expect(body.search.filters).toHaveLength(12);
      expect(body.retention.length).toBeGreaterThanOrEqual(6);
    }
    expect(await Promise.all(tables.map((table) => countRows(`SELECT count(*) FROM ${table}`, [])))).toEqual(before);
  });

  it("counts inserted searches: top words, zero-result words, filters and days", async () => {
    const [top, none] = [uniqueWord("top"), uniqueWord("none")];
    const before = (await analytics()).search;
    await insertSearches(top, 60, 10, "languages");
    await insertSearches(none, 50, 50, "minRate,languages");
    const after = (await analytics()).search;
    expect(after.total - before.total).toBe(110);
    expect(after.zero_results - before.zero_results).toBe(60);
    expect(after.filtered - before.filtered).toBe(110);
    expect(after.top_queries).toContainEqual({ query: top, searches: 60, zero_results: 10 });
    expect(after.top_queries).toContainEqual({ query: none, searches: 50, zero_results: 50 });
    expect(after.zero_result_queries).toContainEqual({ query: none, searches: 50 });
    expect(after.zero_result_queries).toContainEqual({ query: top, searches: 10 });
    const filter = (search: typeof before, name: string) =>
      search.filters.find((row: { filter: string }) => row.filter === name).searches;
    expect(filter(after, "languages") - filter(before, "languages")).toBe(110);
    expect(filter(after, "minRate") - filter(before, "minRate")).toBe(50);
    const perDay = (search: typeof before) =>
      search.per_day.reduce((sum: number, day: { searches: number }) => sum + day.searches, 0);
    expect(perDay(after)).toBe(after.total);
  });

  it("follows a new parent's first booking, the messages before it and the month's cohort", async () => {
    const before = await analytics();
    const parent = await newMember("parent");
    const sitter = await newMember("babysitter");
    await insertMessage(parent.profileId, sitter.profileId, "Bonjour, êtes-vous libre samedi ?");
    await insertMessage(sitter.profileId, parent.profileId, "Oui, avec plaisir.");
    await new Promise((resolve) => setTimeout(resolve, 20)); // the booking comes after the messages
    await insertBooking(parent.profileId, sitter.profileId, "pending");
    await insertBooking(parent.profileId, sitter.profileId, "pending", 96); // not a first one
    const after = await analytics();

    expect(after.first_booking.parents - before.first_booking.parents).toBe(1);
    expect(
      bucketCount(after.first_booking.distribution, "under_1d") -
        bucketCount(before.first_booking.distribution, "under_1d"),
    ).toBe(1);
    expect(after.first_booking.median_hours).not.toBeNull();

    const [was, is] = [before.messages_before_booking, after.messages_before_booking];
    expect(is.pairs - was.pairs).toBe(1);
    expect(is.with_messages - was.with_messages).toBe(1);
    expect(bucketCount(is.distribution, "2_3") - bucketCount(was.distribution, "2_3")).toBe(1);

    // Both signed up this month and signed in (active: the audit's auth.sign_in).
    const thisMonth = (body: typeof before) => body.retention[body.retention.length - 1];
    expect(thisMonth(after).users - thisMonth(before).users).toBe(2);
    expect(thisMonth(after).active[0] - thisMonth(before).active[0]).toBe(2);
  });

  it("counts a real search's first page after the answer; page 2 records nothing", async () => {
    const [first, turned] = [uniqueWord("vrai"), uniqueWord("page")];
    const before = (await analytics()).search.total;
    expect((await searchAs(`q=${turned}&page=2`)).status).toBe(200);
    expect((await searchAs(`q=${first}`)).status).toBe(200);
    const rows = await until(
      () => queryRows("SELECT signed_in, city_id FROM search_events WHERE query_text = ?", [first]),
      (found) => found.length > 0,
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].signed_in)).toBe(0);
    expect((await analytics()).search.total - before).toBe(1);
    // The later page-1 event is there: the page-2 one, asked before it, would be too by now.
    expect(await countRows("SELECT count(*) FROM search_events WHERE query_text = ?", [turned])).toBe(0);
  });

  it("marks a signed-in parent's first search once, whatever the parallel searches", async () => {
    const parent = await newMember("parent");
    const word = uniqueWord("premier");
    const answers = await Promise.all(Array.from({ length: 20 }, () => searchAs(`q=${word}`, parent.cookie)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const events = await until(
      () => countRows("SELECT count(*) FROM search_events WHERE query_text = ? AND signed_in = 1", [word]),
      (count) => count === 20,
    );
    expect(events).toBe(20);
    const markOf = async () =>
      String(
        (await queryRows("SELECT first_search_at FROM profiles WHERE id = ?", [parent.profileId]))[0].first_search_at,
      );
    const first = await markOf();
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [earliest] = await queryRows("SELECT min(created_at) AS at FROM search_events WHERE query_text = ?", [word]);
    expect(Math.abs(Date.parse(first) - Date.parse(String(earliest.at)))).toBeLessThan(2000);
    // A later search leaves the mark where it was.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await searchAs(`q=${word}`, parent.cookie)).status).toBe(200);
    await until(
      () => countRows("SELECT count(*) FROM search_events WHERE query_text = ?", [word]),
      (count) => count === 21,
    );
    const [latest] = await queryRows("SELECT max(created_at) AS at FROM search_events WHERE query_text = ?", [word]);
    expect(String(latest.at) > first).toBe(true);
    expect(await markOf()).toBe(first);
  });

  it("reads from its rollups exactly what the live definitions give, edges of the period included", async () => {
    const before = await analytics("7d");
    // A word searched just inside and just outside the 7 days (partial hours and days, read live).
    const word = uniqueWord("bord");
    const start = Date.now() - 7 * DAY;
    const at = (ms: number) => new Date(ms).toISOString();
    await execute(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 70)
       INSERT INTO search_events (created_at, origin_source, query_text, filters, sort, result_count, signed_in)
       SELECT CASE WHEN i <= 30 THEN ? ELSE ? END, 'default', ?, 'radius', 'relevance', i % 2, 0 FROM n`,
      [at(start + 2 * MINUTE), at(start - 2 * MINUTE), word],
    );
    // A member who signed up in the last minutes of the previous Paris month and wrote in the first
    // minute of this one: 22:01 or 23:01 UTC on the previous month's last day, yet this month in Paris.
    const thisMonth = parisDateOf(Date.now()).slice(0, 7);
    const monthStart = Date.parse(parisToUtcIso(`${thisMonth}-01`, "00:00")!);
    const id = `boundary-${randomUUID()}`;
    await execute(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, 0, 0)",
      [id, id, `${id}@exemple.fr`],
    );
    await execute(
      "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, created_at) VALUES (?, ?, 'parent', 'A', 'B', ?, ?)",
      [id, id, `${id}@exemple.fr`, at(monthStart - 30 * MINUTE)],
    );
    const sitter = await newMember("babysitter");
    await insertMessage(id, sitter.profileId, "Bonjour");
    await execute("UPDATE messages SET created_at = ? WHERE sender_id = ?", [at(monthStart + MINUTE), id]);
    expect(new Date(monthStart + MINUTE).getUTCMonth()).not.toBe(Number(thisMonth.slice(5)) - 1);

    for (const period of ["7d", "30d", "90d", "1y"]) await analyticsAsLive(period);
    const after = await analyticsAsLive("7d");
    expect(after.search.total - before.search.total).toBe(30);
    expect(after.search.filters[0]).toMatchObject({ filter: "radius" });
    expect(after.search.filters[0].searches - before.search.filters[0].searches).toBe(30);
    const [cohort, was] = [after.retention.at(-2)!, before.retention.at(-2)!];
    expect(cohort.users - was.users).toBe(1);
    if (Date.now() > monthStart + MINUTE) {
      expect(cohort.active[1] - was.active[1]).toBe(1); // active this month
      expect(cohort.active[0] - was.active[0]).toBe(0); // not in the month she signed up in
    }
  });

  it("keeps the rollups exact when the same search, sign-in and message arrive 20 times at once", async () => {
    const before = await analytics("7d");
    const parent = await newMember("parent");
    const sitter = await newMember("babysitter");
    const word = uniqueWord("vingt");
    // The same search event written 20 times at the same instant (as many requests' records would be).
    const instant = new Date().toISOString();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        execute(
          `INSERT INTO search_events (created_at, origin_source, query_text, filters, sort, result_count, signed_in)
           VALUES (?, 'default', ?, 'languages', 'relevance', 0, 1)`,
          [instant, word],
        ),
      ),
    );
    // 20 sign-ins at once: the account's throttle lets a few through and refuses the rest (429).
    const signIns = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", "/api/auth/sign-in/email", {
          json: { email: parent.email, password: validRegistration().password },
          headers: fromAddress(freshAddress()),
          cookie: testDeviceCookie,
        }),
      ),
    );
    expect(signIns.every((answer) => [200, 429].includes(answer.status))).toBe(true);
    expect(signIns.some((answer) => answer.status === 200)).toBe(true);
    const opened = await call("POST", "/api/conversations", {
      cookie: parent.cookie,
      json: { partner_id: sitter.profileId },
    });
    const clientId = randomUUID();
    const sends = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", `/api/conversations/${opened.body.id}/messages`, {
          cookie: parent.cookie,
          json: { content: "Bonjour, êtes-vous libre ?", client_id: clientId },
        }),
      ),
    );
    expect(sends.every((answer) => answer.status < 300)).toBe(true);
    await until(
      () => countRows("SELECT count(*) FROM search_events WHERE query_text = ?", [word]),
      (count) => count === 20,
    );

    expect(
      await countRows("SELECT sum(searches) FROM search_queries WHERE span = 'day' AND query_text = ?", [word]),
    ).toBe(20);
    expect(await countRows("SELECT count(*) FROM messages WHERE sender_id = ?", [parent.profileId])).toBe(1);
    const months = await queryRows("SELECT month, first_at FROM member_activity_months WHERE profile_id = ?", [
      parent.profileId,
    ]);
    const [firstSignIn] = await queryRows(
      `SELECT min(a.created_at) AS at FROM audit_events a JOIN profiles p ON p.user_id = a.user_id
       WHERE p.id = ? AND a.action = 'auth.sign_in'`,
      [parent.profileId],
    );
    expect(months).toHaveLength(1);
    expect(String(months[0].first_at)).toBe(String(firstSignIn.at));
    const after = await analyticsAsLive("7d");
    expect(after.search.total - before.search.total).toBe(20);
    // Both signed up and signed in this month: two more members, each active once.
    expect(after.retention.at(-1)!.users - before.retention.at(-1)!.users).toBe(2);
    expect(after.retention.at(-1)!.active[0] - before.retention.at(-1)!.active[0]).toBe(2);
  });
});
