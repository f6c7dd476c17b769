// How a period is cut into what is read live and what is read from sums kept per UTC day and month
// (services/admin/rollup-spans.ts, used by the Geography's city_activity and the analytics), and the
// median read from a histogram (services/admin/city-activity.ts).
import type { InValue } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { cityActivityOver, histogramMedian, plansInForceSql } from "../../edge/services/admin/city-activity";
import {
  monthsAsYearToDate,
  splitDaysAndMonths,
  splitDaysAndMonthsEdgeDays,
} from "../../edge/services/admin/rollup-spans";
import { RESPONSE_BUCKET_COUNT } from "../../db/constants/analytics";
import { seededRandom } from "./helpers/seeded-random";
import { createTempDb, type TempDb } from "./helpers/temp-db";

const DAY = 86_400_000;

describe("splitDaysAndMonths", () => {
  it("reads a year as its months, the days of a month barely touched, and the partial days live", () => {
    expect(splitDaysAndMonths({ from: "2025-11-27T17:02:13.000Z", to: "2026-11-27T17:02:13.000Z" })).toEqual({
      months: [
        "2025-12",
        "2026-01",
        "2026-02",
        "2026-03",
        "2026-04",
        "2026-05",
        "2026-06",
        "2026-07",
        "2026-08",
        "2026-09",
        "2026-10",
        "2026-11",
      ],
      // November 2025: three days, fewer than the month's 27 outside them.
      addDays: [{ from: "2025-11-28", to: "2025-12-01" }],
      // November 2026: its month row, less today's row and the days after (none yet), read live instead.
      subtractDays: [{ from: "2026-11-27", to: "2026-12-01" }],
      live: [
        { from: "2025-11-27T17:02:13.000Z", to: "2025-11-28T00:00:00.000Z" },
        { from: "2026-11-27T00:00:00.000Z", to: "2026-11-27T17:02:13.000Z" },
      ],
    });
  });

  it("needs nothing live from midnight to midnight; the month it ends in is its row less the days from its end", () => {
    expect(splitDaysAndMonths({ from: "2026-10-28T00:00:00.000Z", to: "2026-11-03T00:00:00.000Z" })).toEqual({
      months: ["2026-11"],
      addDays: [{ from: "2026-10-28", to: "2026-11-01" }],
      // Rows exist only up to now: when the period ends now, that is today's row alone.
      subtractDays: [{ from: "2026-11-03", to: "2026-12-01" }],
      live: [],
    });
  });

  it("reads a period within a day live, whole", () => {
    const window = { from: "2026-11-27T01:00:00.000Z", to: "2026-11-27T09:00:00.000Z" };
    expect(splitDaysAndMonths(window)).toEqual({ months: [], addDays: [], subtractDays: [], live: [window] });
  });
});

describe("splitDaysAndMonthsEdgeDays", () => {
  it("reads the day a period ends in from its row less the rest of that day, and its first day on the shorter side", () => {
    // Starts at 17:02, late in its day: the seven hours left of it are read live. The same months.
    const year = { from: "2025-11-27T17:02:13.000Z", to: "2026-11-27T17:02:13.000Z" };
    const plain = splitDaysAndMonths(year);
    expect(splitDaysAndMonthsEdgeDays(year)).toEqual({
      ...plain,
      // November 2026's row holds today's: only the days after it are taken away (none yet).
      subtractDays: [{ from: "2026-11-28", to: "2026-12-01" }],
      live: [{ from: "2025-11-27T17:02:13.000Z", to: "2025-11-28T00:00:00.000Z" }],
      // From now to midnight: nothing yet when the period ends now.
      subtractLive: [{ from: "2026-11-27T17:02:13.000Z", to: "2026-11-28T00:00:00.000Z" }],
    });
  });

  it("reads a first day begun early from its row less its first hours", () => {
    expect(splitDaysAndMonthsEdgeDays({ from: "2026-10-28T03:00:00.000Z", to: "2026-11-03T00:00:00.000Z" })).toEqual({
      months: ["2026-11"],
      addDays: [{ from: "2026-10-28", to: "2026-11-01" }],
      subtractDays: [{ from: "2026-11-03", to: "2026-12-01" }],
      live: [],
      subtractLive: [{ from: "2026-10-28T00:00:00.000Z", to: "2026-10-28T03:00:00.000Z" }],
    });
  });

  it("reads a period with no whole day live, whole", () => {
    const window = { from: "2026-11-27T01:00:00.000Z", to: "2026-11-27T09:00:00.000Z" };
    expect(splitDaysAndMonthsEdgeDays(window)).toEqual({
      months: [],
      addDays: [],
      subtractDays: [],
      live: [window],
      subtractLive: [],
    });
  });
});

describe("monthsAsYearToDate", () => {
  it("reads a run of months as at most three year-to-date rows", () => {
    const year = ["2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05"];
    // December 2025 (its year-to-date less November's), then January to May 2026.
    expect(monthsAsYearToDate(year)).toEqual({ add: ["2025-12", "2026-05"], subtract: ["2025-11"] });
    expect(monthsAsYearToDate(["2026-01", "2026-02", "2026-03"])).toEqual({ add: ["2026-03"], subtract: [] });
    expect(monthsAsYearToDate(["2026-06", "2026-07"])).toEqual({ add: ["2026-07"], subtract: ["2026-05"] });
    // Across whole years: each December it runs through.
    const months2025 = Array.from({ length: 12 }, (_, k) => `2025-${String(k + 1).padStart(2, "0")}`);
    expect(monthsAsYearToDate(["2024-11", "2024-12", ...months2025, "2026-01"])).toEqual({
      add: ["2024-12", "2025-12", "2026-01"],
      subtract: ["2024-10"],
    });
    expect(monthsAsYearToDate(["2026-01", "2026-03"])).toBeNull();
    expect(monthsAsYearToDate([])).toBeNull();
  });
});

describe("histogramMedian", () => {
  it("is the mean of the middle answer's bucket, or of the two middle ones' for an even count", () => {
    expect(histogramMedian([0, 0], [0, 0])).toBeNull();
    // Three answers of 600 s in one bucket, one of 7,200 s in another: the middle two are 600 s.
    expect(histogramMedian([3, 1], [1800, 7200])).toBe(600);
    // Two answers in different buckets: their mean.
    expect(histogramMedian([1, 0, 1], [1800, 0, 7200])).toBe(4500);
    // Five answers, the middle one in the second bucket (mean 1,000 s).
    expect(histogramMedian([2, 2, 1], [200, 2000, 9000])).toBe(1000);
  });
});

describe("cityActivityOver on a database", () => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb("city-activity");
  });
  afterAll(() => temp.cleanup());

  const buckets = Array.from({ length: RESPONSE_BUCKET_COUNT }, (_, k) => k);

  /**
   * The same figures read live from the sources over the whole period: the definition. The median
   * answer time is histogramMedian's over the period's answers, bucketed as the sums bucket them.
   */
  async function live(window: { from: string; to: string }) {
    const { rows } = await temp.client.execute({
      sql: `SELECT city_id, sum(revenue_cents) AS revenue_cents, sum(went_ahead) AS went_ahead,
          sum(went_ahead_cents) AS went_ahead_cents, sum(declined) AS declined, sum(expired) AS expired,
          sum(reviews) AS reviews, sum(rating_sum) AS rating_sum, sum(thin_searches) AS thin_searches,
          sum(plans_started) AS plans_started, sum(plans_ended) AS plans_ended,
          ${buckets.map((k) => `sum(coalesce(bucket = ${k}, 0)) AS a${k}, sum(CASE WHEN bucket = ${k} THEN seconds ELSE 0 END) AS s${k}`).join(", ")}
        FROM city_activity_sources WHERE at >= ? AND at < ? GROUP BY city_id ORDER BY city_id`,
      args: [window.from, window.to],
    });
    return rows.map((row) => {
      const counts = buckets.map((k) => Number(row[`a${k}`]));
      const median = histogramMedian(
        counts,
        buckets.map((k) => Number(row[`s${k}`])),
      );
      const sums = Object.fromEntries(Object.entries(row).filter(([key]) => !/^[as]\d+$/.test(key)));
      return {
        ...sums,
        answers: counts.reduce((total, count) => total + count, 0),
        response_minutes: median === null ? null : Math.round(median / 60),
      };
    });
  }

  it("gives what a live read of the whole period gives, for periods ending now or in the past", async () => {
    const run = (sql: string, args: InValue[]) => temp.client.execute({ sql, args });
    const [lyon, nantes] = await Promise.all(
      ["Lyon", "Nantes"].map(async (name) => {
        const { rows } = await run("SELECT id FROM cities WHERE name = ? ORDER BY population DESC LIMIT 1", [name]);
        return String(rows[0].id);
      }),
    );
    const now = Date.now();
    const rng = seededRandom(7);
    const people: string[] = [];
    for (const [k, city] of ["Lyon", "Nantes", "Lyon", "Nantes"].entries()) {
      const id = `ca-${k}`;
      await run(
        "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, 0, 0)",
        [id, id, `${id}@test.fr`],
      );
      await run(
        "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city) VALUES (?, ?, ?, 'A', 'B', ?, ?)",
        [id, id, k < 2 ? "parent" : "babysitter", `${id}@test.fr`, city],
      );
      people.push(id);
    }
    // Activity spread over 400 days up to now, written out of order.
    for (let i = 0; i < 300; i++) {
      const at = now - Math.floor(rng() * 400 * DAY);
      const created = new Date(at).toISOString();
      const answered = new Date(at + Math.floor(rng() * 3 * 3_600_000)).toISOString();
      const status = ["pending", "confirmed", "completed", "cancelled"][i % 4];
      await run(
        `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents,
           status, created_at, responded_at, cancelled_by, cancel_reason)
         VALUES (?, ?, ?, ?, ?, 1500, ?, ?, ?, ?, ?, ?)`,
        [
          `ca-b${i}`,
          people[i % 2],
          people[2 + (i % 2)],
          new Date(now + 400 * DAY + i * 3 * 3_600_000).toISOString(), // one sitting after another
          new Date(now + 400 * DAY + i * 3 * 3_600_000 + 7_200_000).toISOString(),
          3000 + i,
          status,
          created,
          status === "pending" ? null : answered,
          status === "cancelled" ? "babysitter" : null,
          status === "cancelled" ? "declined" : null,
        ],
      );
      if (i % 3 === 0)
        await run(
          "INSERT INTO invoices (id, profile_id, number, amount_paid_cents, status, paid_at) VALUES (?, ?, ?, 1900, 'paid', ?)",
          [`ca-i${i}`, people[2 + (i % 2)], `CA-${i}`, created],
        );
      if (i % 5 === 0)
        await run(
          "INSERT INTO search_events (created_at, city_id, origin_source, filters, sort, result_count, signed_in) VALUES (?, ?, 'location', '', 'relevance', ?, 0)",
          [created, i % 2 ? lyon : nantes, i % 4],
        );
    }
    // Paid plans of the two sitters: ended ones (run out, or cancelled on a day or without a date),
    // one ending in the future, a trial and the free Discovery plan (neither a paid plan); then one
    // cancelled and one moved to another start, through updates.
    const plan = async (k: number, values: Record<string, InValue>) => {
      const row = {
        id: `ca-s${k}`,
        profile_id: people[2 + (k % 2)],
        plan: "premium",
        status: "canceled",
        current_period_start: "2020-01-01T00:00:00.000Z",
        current_period_end: "2020-02-01T00:00:00.000Z",
        cancel_at_period_end: 0,
        canceled_at: null,
        ...values,
      };
      await run(
        `INSERT INTO subscriptions (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
          .map(() => "?")
          .join(", ")})`,
        Object.values(row),
      );
    };
    for (let k = 0; k < 24; k++) {
      const start = now - Math.floor(rng() * 400 * DAY);
      const end = new Date(start + Math.floor(rng() * 90 * DAY)).toISOString();
      const created = new Date(start).toISOString();
      const ways: Record<string, InValue>[] = [
        { cancel_at_period_end: 1, current_period_start: created, current_period_end: end },
        { canceled_at: end },
        { updated_at: end },
      ];
      await plan(k, { created_at: created, ...ways[k % 3] });
    }
    const iso = (ms: number) => new Date(ms).toISOString();
    await plan(100, { status: "active", created_at: iso(now - 20 * DAY) });
    await plan(101, {
      cancel_at_period_end: 1,
      created_at: iso(now - 50 * DAY),
      current_period_start: iso(now - 20 * DAY),
      current_period_end: iso(now + 10 * DAY),
    });
    await plan(102, { plan: "discovery", status: "active", created_at: iso(now - 30 * DAY) });
    await plan(103, { status: "trialing", created_at: iso(now - 5 * DAY) });
    await run("UPDATE subscriptions SET status = 'canceled', canceled_at = ? WHERE id = 'ca-s100'", [iso(now - DAY)]);
    await run("UPDATE subscriptions SET status = 'active', canceled_at = NULL, updated_at = ? WHERE id = 'ca-s4'", [
      iso(now - 2 * DAY),
    ]);
    await run("UPDATE subscriptions SET created_at = ? WHERE id = 'ca-s7'", [iso(now - 370 * DAY)]);
    // The definition: paid plans (neither Discovery nor a trial) created before the instant and not
    // cancelled with an end before it, counted per city of their sitter.
    const inForce = async (at: string) =>
      (
        await run(
          `SELECT p.city_id, count(*) AS plans FROM subscriptions s JOIN profiles p ON p.id = s.profile_id
           WHERE s.plan <> 'discovery' AND s.status <> 'trialing' AND s.created_at < ?1 AND NOT (s.status = 'canceled'
             AND (CASE WHEN s.cancel_at_period_end THEN s.current_period_end ELSE coalesce(s.canceled_at, s.updated_at) END) < ?1)
           GROUP BY p.city_id ORDER BY p.city_id`,
          [at],
        )
      ).rows.map((row) => ({ city_id: String(row.city_id), plans: Number(row.plans) }));
    for (const ago of [0, 0.4, 3.3, 20, 45.7, 200, 399, 500]) {
      const at = iso(now - ago * DAY);
      const kept = (await temp.db.all<{ city_id: string; plans: number }>(sql`${plansInForceSql(at)} ORDER BY city_id`))
        .map((row) => ({ city_id: String(row.city_id), plans: Number(row.plans) }))
        .filter((row) => row.plans !== 0);
      expect(kept, `plans in force ${ago} days ago`).toEqual(await inForce(at));
    }
    for (const days of [1, 30, 90, 180, 365])
      for (const endsAgo of [0, 3.3, 45.7]) {
        const to = new Date(now - endsAgo * DAY).toISOString();
        const window = { from: new Date(Date.parse(to) - days * DAY).toISOString(), to };
        const kept = (await cityActivityOver(temp.db, window)).sort((a, b) => a.city_id.localeCompare(b.city_id));
        // A city with nothing left in the period (its rows all taken away again) is left out.
        const expected = (await live(window))
          .filter((row) =>
            Object.entries(row).some(([key, value]) => key !== "city_id" && value !== 0 && value !== null),
          )
          .map(({ answers: _answers, ...figures }) => figures);
        if (days === 365) expect(kept.map((city) => city.city_id).sort()).toEqual([lyon, nantes].sort());
        expect(kept, `${days} days ending ${endsAgo} days ago`).toEqual(expected);
      }
  });
});
