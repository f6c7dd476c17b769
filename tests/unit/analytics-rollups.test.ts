// The analytics' rollups (migration 0029, db/schema/analytics-rollups.ts) against their definitions,
// on a real migrated libSQL file: the Paris month the triggers give an instant at every month boundary
// of a century; each search filter counted in its own column; and a random world, written out of order
// then changed (bookings and messages re-dated or deleted, a role changed, an account deleted, the
// search purge), after which every rollup equals its recomputation from the source rows and the
// service's answer equals the live definitions (tests/analytics-live.ts) for every period, for a
// "now" mid-hour, on an hour, at a Paris month's start and a UTC day's start.
import type { Client, InValue } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_EVENT_FILTERS, searchFilterColumn } from "../../db/constants/analytics";
import { parisDateOf, parisToUtcIso } from "../../db/time/paris-time";
import { DASHBOARD_PERIODS } from "../../db/validators/admin-dashboard";
import { adminAnalytics, analyticsWindow } from "../../edge/services/admin/analytics";
import { liveAnalytics } from "../analytics-live";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let client: Client;
const run = (sql: string, args: InValue[] = []) => client.execute({ sql, args });
const rows = async (sql: string, args: InValue[] = []) => (await run(sql, args)).rows;

beforeAll(async () => {
  temp = await createTempDb("analytics-rollups");
  client = temp.client;
});
afterAll(() => temp.cleanup());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const paris = (month: string) => parisToUtcIso(`${month}-01`, "00:00")!;

async function person(id: string, type: string, createdAt: string) {
  await run("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, 0, 0)", [
    id,
    id,
    `${id}@test.fr`,
  ]);
  await run(
    "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, created_at) VALUES (?, ?, ?, 'A', 'B', ?, ?)",
    [id, id, type, `${id}@test.fr`, createdAt],
  );
}

describe("the Paris month of an instant", () => {
  it("starts each month of paris_months when parisToUtcIso says", async () => {
    const found = await rows("SELECT month, starts_at FROM paris_months ORDER BY month");
    expect(found).toHaveLength((2199 - 1996 + 1) * 12);
    for (const row of found) expect(row.starts_at, String(row.month)).toBe(paris(String(row.month)));
  });

  it("is the month parisDateOf gives, on both sides of every month boundary from 2000 to 2100", async () => {
    await person("cal", "parent", "2000-01-01T00:00:00.000Z");
    const months: string[] = [];
    for (let year = 2000; year <= 2100; year++)
      for (let m = 1; m <= 12; m++) months.push(`${year}-${String(m).padStart(2, "0")}`);
    // Each month gets the last millisecond before its end and its own first one: its row's first
    // activity must be its start, and no instant may land in another month.
    const instants = months.flatMap((month, k) => [
      paris(month),
      iso(Date.parse(paris(months[k + 1] ?? "2101-01")) - 1),
    ]);
    await client.batch(
      instants.map((at) => ({ sql: "INSERT INTO member_activity (profile_id, at) VALUES ('cal', ?)", args: [at] })),
    );
    const found = await rows(
      "SELECT month, first_at FROM member_activity_months WHERE profile_id = 'cal' ORDER BY month",
    );
    expect(found.map((row) => [row.month, row.first_at])).toEqual(months.map((month) => [month, paris(month)]));
    // The example of the rule: 22:30 UTC on 31 March is already April in Paris, on 31 January still January.
    await run("INSERT INTO member_activity (profile_id, at) VALUES ('cal', ?), ('cal', ?)", [
      "2101-03-31T22:30:00.000Z",
      "2101-01-31T22:30:00.000Z",
    ]);
    expect(
      (
        await rows(
          "SELECT month FROM member_activity_months WHERE profile_id = 'cal' AND month >= '2101' ORDER BY month",
        )
      ).map((row) => row.month),
    ).toEqual(["2101-01", "2101-04"]);
    await run("DELETE FROM user WHERE id = 'cal'");
    expect(await rows("SELECT * FROM member_activity_months WHERE profile_id = 'cal'")).toHaveLength(0);
  });
});

describe("the search rollups", () => {
  it("count every filter of SEARCH_EVENT_FILTERS in its own column", async () => {
    await run(
      `INSERT INTO search_events (created_at, origin_source, query_text, filters, sort, result_count, signed_in)
       VALUES ('1999-01-01T10:00:00.000Z', 'default', NULL, ?, 'relevance', 0, 0)`,
      [SEARCH_EVENT_FILTERS.join(",")],
    );
    const [row] = await rows("SELECT * FROM search_hours WHERE hour = '1999-01-01T10'");
    expect(row).toMatchObject({ searches: 1, zero_results: 1, filtered: 1 });
    for (const name of SEARCH_EVENT_FILTERS) expect(Number(row[searchFilterColumn(name)]), name).toBe(1);
    await run("DELETE FROM search_events WHERE created_at = '1999-01-01T10:00:00.000Z'");
    expect(await rows("SELECT * FROM search_hours WHERE hour = '1999-01-01T10'")).toHaveLength(0);
  });
});

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const NOW = Date.parse("2026-04-15T10:17:23.456Z");
/** The instants a world's rows fall on: random over 14 months, and on the edges that matter. */
function instantsNear(rand: () => number) {
  const edges = [
    ...["2025-10", "2025-11", "2026-01", "2026-03", "2026-04"].flatMap((month) => {
      const start = Date.parse(paris(month));
      return [start - 30 * 60_000, start - 1, start, start + 30 * 60_000];
    }),
    ...[7, 30, 90, 365].flatMap((days) => [NOW - days * DAY - 1, NOW - days * DAY + 1, NOW - days * DAY + 20 * 60_000]),
    Date.parse("2026-03-31T22:30:00.000Z"),
    Date.parse("2026-03-31T21:30:00.000Z"),
  ];
  return () => iso(rand() < 0.25 ? edges[Math.floor(rand() * edges.length)] : NOW - Math.floor(rand() * 420 * DAY));
}

const monthOf = (at: string) => parisDateOf(Date.parse(at)).slice(0, 7);
const sorted = <T>(list: T[]) => list.map((row) => JSON.stringify(row)).sort();
const valuesOf = (found: Record<string, unknown>[]) => sorted(found.map((row) => Object.values(row).map(String)));

/** Every rollup row, as kept, and as computed again from the source rows (Paris months by parisDateOf). */
async function rollupsAndSources() {
  const cohorts = new Map(
    (await rows("SELECT id, user_type, created_at FROM profiles")).map((row) => [
      String(row.id),
      ["parent", "babysitter"].includes(String(row.user_type)) ? monthOf(String(row.created_at)) : null,
    ]),
  );
  const months = new Map<string, { first: string; cohort: string | null }>();
  for (const row of await rows("SELECT profile_id, at FROM member_activity_sources")) {
    const key = `${row.profile_id} ${monthOf(String(row.at))}`;
    const seen = months.get(key);
    if (!seen || String(row.at) < seen.first)
      months.set(key, { first: String(row.at), cohort: cohorts.get(String(row.profile_id)) ?? null });
  }
  const tally = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return sorted([...counts].map(([key, n]) => [key, String(n)]));
  };
  const filterColumns = SEARCH_EVENT_FILTERS.map((name) => `sum(\`${searchFilterColumn(name)}\`)`);
  const keptMonths = await rows("SELECT profile_id, month, first_at, cohort FROM member_activity_months");
  // The events' counts per Paris date, as the runtime's Europe/Paris dates their hour.
  const perHour = await rows(`SELECT substr(created_at, 1, 13) AS hour, sum(searches), sum(zero_results), sum(filtered),
      ${filterColumns.join(", ")} FROM search_event_counts GROUP BY hour`);
  const perDate = new Map<string, number[]>();
  for (const { hour, ...sums } of perHour) {
    const date = parisDateOf(Date.parse(`${String(hour)}:00:00.000Z`));
    const values = Object.values(sums).map(Number);
    const total = perDate.get(date);
    perDate.set(date, total ? total.map((value, k) => value + values[k]) : values);
  }
  return {
    kept: {
      months: sorted(keptMonths.map((row) => [`${row.profile_id} ${row.month}`, row.first_at, row.cohort])),
      counts: valuesOf(await rows("SELECT cohort || ' ' || month, members FROM member_activity_counts")),
      cohorts: valuesOf(await rows("SELECT cohort, members FROM member_cohorts")),
      hours: valuesOf(await rows("SELECT * FROM search_hours")),
      days: valuesOf(await rows("SELECT * FROM search_days")),
      words: valuesOf(await rows("SELECT * FROM search_queries")),
      parents: valuesOf(await rows("SELECT * FROM parent_first_bookings")),
      pairs: valuesOf(await rows("SELECT * FROM pair_first_bookings")),
      pairDays: valuesOf(await rows("SELECT * FROM pair_first_booking_days")),
    },
    computed: {
      months: sorted([...months].map(([key, value]) => [key, value.first, value.cohort])),
      counts: tally(keptMonths.filter((row) => row.cohort !== null).map((row) => `${row.cohort} ${row.month}`)),
      cohorts: tally([...cohorts.values()].filter((cohort): cohort is string => cohort !== null)),
      hours: valuesOf(
        await rows(`SELECT substr(created_at, 1, 13) AS hour, sum(searches), sum(zero_results), sum(filtered),
          ${filterColumns.join(", ")} FROM search_event_counts GROUP BY hour`),
      ),
      days: sorted([...perDate].map(([date, values]) => [date, ...values].map(String))),
      words: valuesOf(
        // Per day, per month, and year to date: an event counts in its year's months from its own on.
        await rows(`SELECT span.name, CASE span.name WHEN 'ytd' THEN substr(e.created_at, 1, 5) || span.month
            ELSE substr(e.created_at, 1, span.length) END, e.query_text, count(*), sum(e.result_count = 0)
          FROM search_events e JOIN (SELECT 'day' AS name, 10 AS length, NULL AS month UNION ALL SELECT 'month', 7, NULL
            UNION ALL SELECT 'ytd', 7, column1 FROM (VALUES ('01'), ('02'), ('03'), ('04'), ('05'), ('06'), ('07'), ('08'),
              ('09'), ('10'), ('11'), ('12'))) span ON span.month IS NULL OR span.month >= substr(e.created_at, 6, 2)
          WHERE e.query_text IS NOT NULL GROUP BY 1, 2, 3`),
      ),
      parents: valuesOf(
        await rows(`SELECT b.parent_id, min(b.created_at), p.created_at FROM bookings b
          JOIN profiles p ON p.id = b.parent_id GROUP BY b.parent_id`),
      ),
      pairs: valuesOf(
        await rows(`SELECT f.parent_id, f.babysitter_id, f.first, (SELECT count(*) FROM conversations c
            JOIN messages m ON m.conversation_id = c.id WHERE c.participant_a = min(f.parent_id, f.babysitter_id)
              AND c.participant_b = max(f.parent_id, f.babysitter_id) AND m.created_at < f.first)
          FROM (SELECT parent_id, babysitter_id, min(created_at) AS first FROM bookings GROUP BY 1, 2) f`),
      ),
      pairDays: valuesOf(
        await rows(`SELECT substr(first, 1, 10), v, count(*) FROM (SELECT f.first, (SELECT count(*) FROM conversations c
            JOIN messages m ON m.conversation_id = c.id WHERE c.participant_a = min(f.parent_id, f.babysitter_id)
              AND c.participant_b = max(f.parent_id, f.babysitter_id) AND m.created_at < f.first) AS v
          FROM (SELECT parent_id, babysitter_id, min(created_at) AS first FROM bookings GROUP BY 1, 2) f) GROUP BY 1, 2`),
      ),
    },
  };
}

/** The service's answer and the live definitions, for every period and several "now". */
async function expectAnswersLive() {
  const nows = [
    NOW,
    Math.floor(NOW / HOUR) * HOUR,
    Date.parse(paris("2026-04")),
    Date.parse("2026-04-01T00:00:00.000Z"),
  ];
  for (const now of nows)
    for (const period of DASHBOARD_PERIODS)
      expect(await adminAnalytics(temp.db, period, now), `${period} at ${iso(now)}`).toEqual({
        period,
        ...(await liveAnalytics(temp.db, analyticsWindow(period, now))),
      });
}

describe("a random world, written out of order", () => {
  const rand = random(20261127);
  const at = instantsNear(rand);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const parents = Array.from({ length: 12 }, (_, k) => `rp${k}`);
  const sitters = Array.from({ length: 8 }, (_, k) => `rs${k}`);
  const words = ["anglais", "piano", "nuit", "bebe", "week end", "urgence"];

  beforeAll(async () => {
    // One account signs in before its profile exists; an admin is active too.
    await run(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('rp0', 'rp0', 'rp0@test.fr', 1, 0, 0)",
    );
    await run(
      "INSERT INTO audit_events (id, user_id, action, resource, created_at) VALUES ('early', 'rp0', 'auth.sign_in', 'session:x', ?)",
      [at()],
    );
    await run(
      "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, created_at) VALUES ('rp0', 'rp0', 'parent', 'A', 'B', 'rp0@test.fr', ?)",
      [at()],
    );
    for (const id of parents.slice(1)) await person(id, "parent", at());
    // One signs in at 23:00 UTC on 31 March (April in Paris) and signs up on 10 April: for a period
    // ending on 1 April, a sign-up and an activity the counts hold that the period must leave out.
    await run(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('rlate', 'rlate', 'rlate@test.fr', 1, 0, 0)",
    );
    await run(
      "INSERT INTO audit_events (id, user_id, action, resource, created_at) VALUES ('late', 'rlate', 'auth.sign_in', 'session:x', ?)",
      ["2026-03-31T23:00:00.000Z"],
    );
    await run(
      "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, created_at) VALUES ('rlate', 'rlate', 'parent', 'A', 'B', 'rlate@test.fr', ?)",
      ["2026-04-10T12:00:00.000Z"],
    );
    for (const id of sitters) await person(id, "babysitter", at());
    await person("radmin", "admin", at());
    const statements: { sql: string; args: InValue[] }[] = [];
    for (let k = 0; k < 60; k++) {
      const [a, b] = [pick(parents), pick(sitters)];
      statements.push({
        sql: "INSERT OR IGNORE INTO conversations (id, participant_a, participant_b) VALUES (?, ?, ?)",
        args: [`c-${a}-${b}`, a < b ? a : b, a < b ? b : a],
      });
    }
    await client.batch(statements.splice(0));
    const conversations = await rows("SELECT id, participant_a, participant_b FROM conversations");
    for (let k = 0; k < 300; k++) {
      const [parent, sitter] = [pick(parents), pick(sitters)];
      const answered = rand() < 0.6 ? at() : null;
      statements.push({
        sql: `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status, created_at, responded_at)
              VALUES (?, ?, ?, ?, ?, 1500, 1500, 'completed', ?, ?)`,
        args: [`rb${k}`, parent, sitter, iso(NOW + k * DAY), iso(NOW + k * DAY + HOUR), at(), answered],
      });
      const conversation = pick(conversations);
      const [from, to] =
        rand() < 0.5
          ? [conversation.participant_a, conversation.participant_b]
          : [conversation.participant_b, conversation.participant_a];
      statements.push({
        sql: "INSERT INTO messages (conversation_id, sender_id, recipient_id, content, created_at) VALUES (?, ?, ?, 'Bonjour', ?)",
        args: [conversation.id, from, to, at()],
      });
      statements.push({
        sql: "INSERT INTO audit_events (id, user_id, action, resource, created_at) VALUES (?, ?, ?, 'session:x', ?)",
        args: [
          `ra${k}`,
          pick([...parents, ...sitters, "radmin"]),
          rand() < 0.8 ? "auth.sign_in" : "auth.sign_out",
          at(),
        ],
      });
      for (let s = 0; s < 3; s++)
        statements.push({
          sql: `INSERT INTO search_events (created_at, origin_source, query_text, filters, sort, result_count, signed_in)
                VALUES (?, 'default', ?, ?, 'relevance', ?, 0)`,
          args: [
            at(),
            rand() < 0.3 ? null : pick(words),
            pick(["", "languages", "minRate,verifiedOnly", "radius,ageGroups"]),
            pick([0, 0, 1, 4]),
          ],
        });
    }
    await client.batch(statements);
    // Some requests answered later, as the route does.
    await run(
      "UPDATE bookings SET responded_at = created_at, status = 'confirmed' WHERE responded_at IS NULL AND rowid % 3 = 0",
    );
  });

  it("keeps every rollup equal to its sources, and the answers equal to the live definitions", async () => {
    const { kept, computed } = await rollupsAndSources();
    expect(kept).toEqual(computed);
    await expectAnswersLive();
  });

  it("stays exact when rows change or go", async () => {
    await run("DELETE FROM bookings WHERE rowid % 7 = 0");
    await run("DELETE FROM messages WHERE rowid % 5 = 0");
    await run("UPDATE messages SET created_at = ? WHERE rowid % 11 = 0", [iso(NOW - 200 * DAY)]);
    await run("UPDATE bookings SET created_at = ? WHERE rowid % 13 = 0", [iso(NOW - 3 * DAY)]);
    await run("UPDATE bookings SET responded_at = ? WHERE rowid % 17 = 0 AND responded_at IS NOT NULL", [
      iso(NOW - HOUR),
    ]);
    await run("UPDATE profiles SET user_type = 'admin' WHERE id = 'rp3'");
    await run("UPDATE profiles SET created_at = ? WHERE id IN ('rs2', 'rp4')", [paris("2026-03")]);
    await run("UPDATE search_events SET result_count = 0, filters = 'languages' WHERE id % 9 = 0");
    await run("DELETE FROM search_events WHERE created_at < ?", [iso(NOW - 400 * DAY)]);
    await run("DELETE FROM user WHERE id = 'rs5'");
    const { kept, computed } = await rollupsAndSources();
    expect(kept).toEqual(computed);
    await expectAnswersLive();
  });
});
