// The admin dashboard's figures on a real migrated libSQL file, with rows placed at known times: each
// KPI counts what its definition says (edge/services/admin/dashboard.ts) in the period and in the
// period before, the series fold per Paris day with every day present, and the sitters' response
// time and acceptance come from the answered requests of the period, and the funnel follows the
// period's sign-ups step by step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bookings } from "../../db/schema/bookings";
import { invoices, subscriptions } from "../../db/schema/billing";
import { adminDashboard } from "../../edge/services/admin/dashboard";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let db: Db;
const NOW = Date.parse("2026-11-27T12:00:00.000Z");
const DAY = 86_400_000;
const at = (daysAgo: number, hours = 0) => new Date(NOW - daysAgo * DAY + hours * 3_600_000).toISOString();

async function person(id: string, type: "parent" | "babysitter", createdDaysAgo: number) {
  const ms = NOW - createdDaysAgo * DAY;
  await temp.client.execute({
    sql: "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
    args: [id, id, `${id}@test.fr`, ms, ms],
  });
  await temp.client.execute({
    sql: "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, created_at) VALUES (?, ?, ?, 'A', 'B', ?, ?)",
    args: [id, id, type, `${id}@test.fr`, at(createdDaysAgo)],
  });
}

let seq = 0;
async function booking(
  parent: string,
  sitter: string,
  createdDaysAgo: number,
  status: string,
  respondedAfterHours?: number,
) {
  const start = at(-10 - seq++); // in the future, one a day, never overlapping
  await db.insert(bookings).values({
    parentId: parent,
    babysitterId: sitter,
    startTime: start,
    endTime: new Date(Date.parse(start) + 3_600_000).toISOString(),
    hourlyRateCents: 1500,
    totalAmountCents: 1500,
    status: status as "pending",
    createdAt: at(createdDaysAgo),
    respondedAt: respondedAfterHours === undefined ? null : at(createdDaysAgo, respondedAfterHours),
    ...(status === "cancelled" ? { cancelledBy: "babysitter" as const, cancelReason: "declined" as const } : {}),
  });
}

async function paidPlan(sitter: string, createdDaysAgo: number, amount: number, canceledDaysAgo?: number) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      profileId: sitter,
      plan: "standard",
      status: canceledDaysAgo === undefined ? "active" : "canceled",
      currentPeriodStart: at(createdDaysAgo),
      currentPeriodEnd: at(createdDaysAgo - 30),
      amountCents: amount,
      createdAt: at(createdDaysAgo),
      canceledAt: canceledDaysAgo === undefined ? null : at(canceledDaysAgo),
      stripeSubscriptionId: `sub_${sitter}_${createdDaysAgo}`,
    })
    .returning({ id: subscriptions.id });
  await db.insert(invoices).values({
    profileId: sitter,
    subscriptionId: row.id,
    number: `T-${sitter}-${createdDaysAgo}`,
    amountPaidCents: amount,
    status: "paid",
    paidAt: at(createdDaysAgo),
    createdAt: at(createdDaysAgo),
  });
}

beforeAll(async () => {
  temp = await createTempDb("admin-dashboard");
  db = temp.db;
  await person("p1", "parent", 3);
  await person("p2", "parent", 10);
  await person("s1", "babysitter", 2);
  await person("s2", "babysitter", 40);
  // This week: p1 books twice (one accepted after 2 h, one declined after 4 h); last week p2 once, accepted after 1 h.
  await booking("p1", "s1", 1, "confirmed", 2);
  await booking("p1", "s2", 2, "cancelled", 4);
  await booking("p2", "s2", 9, "completed", 1);
  // s2 paid since 40 days; s1 converted 2 days ago; an old plan of s2 ended 3 days ago.
  await paidPlan("s2", 40, 1900);
  await paidPlan("s1", 2, 3900);
  await paidPlan("s2", 60, 1900, 3);
});
afterAll(() => temp.cleanup());

describe("the dashboard over 7 days", () => {
  it("counts each KPI in the period and in the week before", async () => {
    const { kpis } = await adminDashboard(db, "7d", NOW);
    expect(kpis.active_parents).toEqual({ value: 1, previous: 1, change_pct: 0 });
    expect(kpis.active_sitters).toEqual({ value: 2, previous: 1, change_pct: 100 });
    expect(kpis.bookings).toEqual({ value: 2, previous: 1, change_pct: 100 });
    expect(kpis.booking_value_cents).toEqual({ value: 1500, previous: 1500, change_pct: 0 });
    // In force now: s2's standard and s1's premium-priced plan; a week ago: s2's two plans.
    expect(kpis.paid_plans).toEqual({ value: 2, previous: 2, change_pct: 0 });
    expect(kpis.mrr_cents).toEqual({ value: 5800, previous: 3800, change_pct: 52.6 });
    expect(kpis.trial_conversions.value).toBe(1);
    // One of the two plans in force a week ago ended this week.
    expect(kpis.churn_pct.value).toBe(50);
  });

  it("folds the series per Paris day, every day present", async () => {
    const dashboard = await adminDashboard(db, "7d", NOW);
    expect(dashboard.bucket).toBe("day");
    expect(dashboard.revenue.length).toBeGreaterThanOrEqual(7);
    expect(dashboard.revenue.reduce((sum, day) => sum + day.plans_cents, 0)).toBe(3900);
    expect(dashboard.revenue.find((day) => day.date === "2026-11-25")?.plans_cents).toBe(3900);
    expect(dashboard.growth.find((day) => day.date === "2026-11-24")).toMatchObject({ parents: 1, sitters: 0 });
    expect(dashboard.growth.find((day) => day.date === "2026-11-25")).toMatchObject({ parents: 0, sitters: 1 });
  });

  it("measures the sitters' answers of the period: median minutes and acceptance", async () => {
    const { performance } = await adminDashboard(db, "7d", NOW);
    // No API timings in this database: no p95, beside the default target.
    expect(performance).toEqual({
      response_minutes_median: 180,
      acceptance_pct: 50,
      answered: 2,
      api_p95_ms: null,
      api_samples: 0,
      api_target_ms: 2000,
    });
  });

  it("follows the week's sign-ups through the conversion funnel", async () => {
    // p1 searched signed in; s1 filled in what listing asks (her rate, a presentation, a slot).
    await temp.client.execute({ sql: "UPDATE profiles SET first_search_at = ? WHERE id = 'p1'", args: [at(2)] });
    await temp.client.execute("UPDATE profiles SET bio = 'Étudiante, patiente.' WHERE id = 's1'");
    await temp.client.execute({
      sql: `INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents, rate_chosen_at, available_hours)
            VALUES ('s1', 1500, ?, '{"mon":[["18:00","22:00"]]}')`,
      args: [at(1)],
    });
    const { funnel } = await adminDashboard(db, "7d", NOW);
    // p1 (3 days ago) requested twice: one accepted, one declined, none completed yet.
    expect(funnel.parents).toEqual([
      { step: "signed_up", count: 1, pct: 100 },
      { step: "first_search", count: 1, pct: 100 },
      { step: "first_request", count: 1, pct: 100 },
      { step: "confirmed", count: 1, pct: 100 },
      { step: "completed", count: 0, pct: 0 },
    ]);
    expect(funnel.sitters).toEqual([
      { step: "signed_up", count: 1, pct: 100 },
      { step: "profile_complete", count: 1, pct: 100 },
      { step: "first_accepted", count: 1, pct: 100 },
      { step: "paid_plan", count: 1, pct: 100 },
    ]);
    // Over 30 days p2 joins the cohort (completed) and s2 is still outside it (40 days ago).
    const month = await adminDashboard(db, "30d", NOW);
    expect(month.funnel.parents.map((step) => step.count)).toEqual([2, 1, 2, 2, 1]);
    expect(month.funnel.parents[1].pct).toBe(50);
    expect(month.funnel.sitters.map((step) => step.count)).toEqual([1, 1, 1, 1]);
  });

  it("groups by week from Monday over a year", async () => {
    const dashboard = await adminDashboard(db, "1y", NOW);
    expect(dashboard.bucket).toBe("week");
    for (const week of dashboard.revenue) expect(new Date(`${week.date}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(dashboard.revenue.reduce((sum, week) => sum + week.plans_cents, 0)).toBe(1900 + 3900 + 1900);
  });
});
