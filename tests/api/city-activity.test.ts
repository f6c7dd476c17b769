// The activity per commune the database keeps for the admin Geography (table city_activity, migration
// 0028): after every kind of write its rows are exactly what the source views give when summed anew
// (bookings requested, answered, withdrawn, completed then cancelled; invoices paid then refunded; reviews
// written, changed, deleted; searches; paid plans taken, cancelled, moved in time; a person moving to
// another commune, changing role, deleted), per day, month and year to date (migration 0041),
// including a booking accepted by 20 identical requests at once. And the two rules written in SQL
// (the response buckets, the thin-search threshold) are the constants the code uses.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  RESPONSE_BUCKET_COUNT,
  RESPONSE_BUCKET_UPPER_MINUTES,
  UNMET_DEMAND_MIN_RESULTS,
} from "../../db/constants/analytics";
import {
  CITY_ACTIVITY_MEASURES,
  RESPONSE_COUNT_COLUMNS,
  RESPONSE_SECONDS_COLUMNS,
} from "../../db/schema/city-activity";
import { burst, call, execute, insertBooking, type Member, newMember, queryRows } from "./helpers";

const SUMMED = CITY_ACTIVITY_MEASURES;

/** The test's communes, by id: none other uses them. */
let communes: string[] = [];
let parent: Member;
let sitter: Member;

const cityOf = async (name: string, department: string) =>
  String((await queryRows("SELECT id FROM cities WHERE name = ? AND department = ?", [name, department]))[0].id);

/** The kept rows of the test's communes, all-zero ones left out (a contribution added then taken away). */
async function kept() {
  const rows = await queryRows(
    `SELECT span, start, city_id, ${[...SUMMED, ...RESPONSE_COUNT_COLUMNS, ...RESPONSE_SECONDS_COLUMNS].join(", ")}
     FROM city_activity WHERE city_id IN (SELECT value FROM json_each(?))
     ORDER BY span, start, city_id`,
    [JSON.stringify(communes)],
  );
  return rows
    .map((row) => ({ ...row }))
    .filter((row) => Object.entries(row).some(([key, value]) => !["span", "start", "city_id"].includes(key) && value));
}

const MONTHS = Array.from({ length: 12 }, (_, k) => `('${String(k + 1).padStart(2, "0")}')`).join(", ");

/**
 * The same rows summed anew from the sources: per day, per month, and year to date (a contribution
 * counts in its year's rows from its month to December), all-zero rows left out as in kept().
 */
async function fromSources() {
  const buckets = Array.from({ length: RESPONSE_BUCKET_COUNT }, (_, k) => k);
  return (
    await queryRows(
      `SELECT span, CASE span WHEN 'day' THEN substr(at, 1, 10) WHEN 'month' THEN substr(at, 1, 7)
          ELSE substr(at, 1, 5) || month END AS start, city_id, ${SUMMED.map((c) => `sum(${c}) AS ${c}`).join(", ")},
        ${buckets.map((k) => `sum(coalesce(bucket = ${k}, 0)) AS ${RESPONSE_COUNT_COLUMNS[k]}`).join(", ")},
        ${buckets.map((k) => `sum(CASE WHEN bucket = ${k} THEN seconds ELSE 0 END) AS ${RESPONSE_SECONDS_COLUMNS[k]}`).join(", ")}
      FROM city_activity_sources JOIN (SELECT 'day' AS span, NULL AS month UNION ALL SELECT 'month', NULL
          UNION ALL SELECT 'ytd', column1 FROM (VALUES ${MONTHS})) ON month IS NULL OR month >= substr(at, 6, 2)
      WHERE city_id IN (SELECT value FROM json_each(?))
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [JSON.stringify(communes)],
    )
  )
    .map((row) => ({ ...row }))
    .filter((row) => Object.entries(row).some(([key, value]) => !["span", "start", "city_id"].includes(key) && value));
}

async function expectKeptEqualsSources({ empty = false } = {}) {
  const expected = await fromSources();
  expect(expected.length > 0).toBe(!empty);
  expect(await kept()).toEqual(expected);
}

const setStatus = (id: string, action: string, who: Member) =>
  call("PATCH", `/api/bookings/${id}/status`, { json: { action }, cookie: who.cookie });

beforeAll(async () => {
  communes = [await cityOf("Lannion", "22"), await cityOf("Morlaix", "29")];
  parent = await newMember("parent", { city: "Lannion" });
  sitter = await newMember("babysitter", { city: "Lannion" });
  await execute("UPDATE profiles SET postal_code = '22300' WHERE id IN (?, ?)", [parent.profileId, sitter.profileId]);
}, 90_000);

describe("city_activity", () => {
  it("equals the sources summed anew after bookings, invoices, reviews and searches change", async () => {
    // Requests: one accepted by 20 identical requests at once, one declined, one withdrawn by the parent.
    const accepted = await insertBooking(parent.profileId, sitter.profileId, "pending", 60);
    const { answers } = await burst(20, () => setStatus(accepted, "accept", sitter));
    expect(answers.every((answer) => answer.status === 200)).toBe(true); // accepting twice is not an error
    const [state] = await queryRows("SELECT status FROM bookings WHERE id = ?", [accepted]);
    expect(state.status).toBe("confirmed");
    const declined = await insertBooking(parent.profileId, sitter.profileId, "pending", 90);
    expect((await setStatus(declined, "decline", sitter)).status).toBe(200);
    const withdrawn = await insertBooking(parent.profileId, sitter.profileId, "pending", 120);
    expect((await setStatus(withdrawn, "cancel", parent)).status).toBe(200);
    const [counted] = await queryRows(
      `SELECT sum(went_ahead) AS went_ahead, sum(declined) AS declined, ${RESPONSE_COUNT_COLUMNS.map((c) => `sum(${c})`).join(" + ")} AS answers
       FROM city_activity WHERE span = 'day' AND city_id = ?`,
      [communes[0]],
    );
    expect({ ...counted }).toEqual({ went_ahead: 1, declined: 1, answers: 2 });

    // An invoice paid, then partly refunded; a review written, changed, then deleted; searches.
    const invoice = randomUUID();
    await execute(
      `INSERT INTO invoices (id, profile_id, number, amount_paid_cents, status, paid_at) VALUES (?, ?, ?, 1900, 'paid', ?)`,
      [invoice, sitter.profileId, `CA-${invoice}`, new Date(Date.now() - 40 * 86_400_000).toISOString()],
    );
    await execute("UPDATE invoices SET refunded_cents = 500 WHERE id = ?", [invoice]);
    const review = randomUUID();
    await execute(
      "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES (?, ?, ?, ?, 4, ?)",
      [review, accepted, parent.profileId, sitter.profileId, "Très bien, ponctuelle et attentionnée."],
    );
    await execute("UPDATE reviews SET rating = 5 WHERE id = ?", [review]);
    for (const results of [UNMET_DEMAND_MIN_RESULTS - 1, UNMET_DEMAND_MIN_RESULTS])
      await execute(
        "INSERT INTO search_events (city_id, origin_source, filters, sort, result_count, signed_in) VALUES (?, 'location', '', 'relevance', ?, 0)",
        [communes[1], results],
      );
    await expectKeptEqualsSources();
    const [thin] = await queryRows(
      "SELECT sum(thin_searches) AS n FROM city_activity WHERE span = 'month' AND city_id = ?",
      [communes[1]],
    );
    expect(Number(thin.n)).toBe(1); // fewer than UNMET_DEMAND_MIN_RESULTS results only
    // A paid plan taken last year, cancelled (at its period's end, then at once), then moved in time.
    const plan = randomUUID();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await execute(
      `INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end, created_at, updated_at)
       VALUES (?, ?, 'premium', 'active', ?, ?, ?, ?)`,
      [plan, sitter.profileId, daysAgo(20), daysAgo(-10), daysAgo(400), daysAgo(20)],
    );
    await expectKeptEqualsSources();
    await execute("UPDATE subscriptions SET status = 'canceled', cancel_at_period_end = 1 WHERE id = ?", [plan]);
    await expectKeptEqualsSources();
    await execute("UPDATE subscriptions SET cancel_at_period_end = 0, canceled_at = ? WHERE id = ?", [
      daysAgo(3),
      plan,
    ]);
    await execute("UPDATE subscriptions SET created_at = ? WHERE id = ?", [daysAgo(100), plan]);
    const [ended] = await queryRows(
      "SELECT sum(plans_started) AS started, sum(plans_ended) AS ended FROM city_activity WHERE span = 'month' AND city_id = ?",
      [communes[0]],
    );
    expect({ ...ended }).toEqual({ started: 1, ended: 1 });
    await expectKeptEqualsSources();
    await execute("DELETE FROM reviews WHERE id = ?", [review]);
    // The sitting done, the cron completes it; then its parent has it cancelled (an admin's correction).
    await execute("UPDATE bookings SET status = 'completed' WHERE id = ?", [accepted]);
    await expectKeptEqualsSources();
    await execute(
      "UPDATE bookings SET status = 'cancelled', cancelled_by = 'parent', cancel_reason = 'cancelled' WHERE id = ?",
      [accepted],
    );
    await expectKeptEqualsSources();
  }, 90_000);

  it("moves a person's activity with her to another commune, follows a change of role, and forgets a deleted profile", async () => {
    const reviewOf = async (booking: string) =>
      execute(
        "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES (?, ?, ?, ?, 3, ?)",
        [randomUUID(), booking, parent.profileId, sitter.profileId, "Correct, à l'heure, enfants contents."],
      );
    const booking = await insertBooking(parent.profileId, sitter.profileId, "completed", -24);
    await reviewOf(booking);
    const ratingIn = async (city: string) =>
      Number(
        (
          await queryRows(
            "SELECT coalesce(sum(rating_sum), 0) AS n FROM city_activity WHERE span = 'day' AND city_id = ?",
            [city],
          )
        )[0].n,
      );
    const inLannion = await ratingIn(communes[0]);
    await execute("UPDATE profiles SET postal_code = '29600', city = 'Morlaix' WHERE id = ?", [sitter.profileId]);
    expect(inLannion).toBe(3); // the one review of hers left
    expect(await ratingIn(communes[0])).toBe(0); // it went with her
    expect(await ratingIn(communes[1])).toBe(inLannion);
    await expectKeptEqualsSources();
    // A sitter turned parent is no longer rated as a sitter; back as a sitter, she is again.
    await execute("UPDATE profiles SET user_type = 'parent' WHERE id = ?", [sitter.profileId]);
    expect(await ratingIn(communes[1])).toBe(0);
    await execute("UPDATE profiles SET user_type = 'babysitter' WHERE id = ?", [sitter.profileId]);
    await expectKeptEqualsSources();
    // A deleted account's rows go with it, and what it placed is taken away.
    const [user] = await queryRows("SELECT user_id FROM profiles WHERE id = ?", [parent.profileId]);
    await execute("DELETE FROM user WHERE id = ?", [String(user.user_id)]);
    await expectKeptEqualsSources(); // the sitter's invoice and the searches remain
  }, 90_000);

  it("buckets answers by the bounds of RESPONSE_BUCKET_UPPER_MINUTES", async () => {
    const [view] = await queryRows("SELECT sql FROM sqlite_master WHERE name = 'city_activity_answers'", []);
    const bounds = [...String(view.sql).matchAll(/< (\d+) THEN (\d+)/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    expect(bounds).toEqual(RESPONSE_BUCKET_UPPER_MINUTES.map((minutes, k) => [minutes * 60, k]));
    expect(String(view.sql)).toContain(`ELSE ${RESPONSE_BUCKET_COUNT - 1} END`);
  });
});
