// The admin dashboard's route: admins only, a period from the list, and figures from the database
// (the figures themselves are checked on known rows in tests/unit/admin-dashboard.test.ts), and the
// conversion funnel following a parent and a sitter who sign up now, step by step.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  call,
  execute,
  freshAddress,
  fromAddress,
  insertBooking,
  type Member,
  memberOf,
  newMember,
  queryRows,
} from "./helpers";

let admin: Member;

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
});

describe("GET /api/admin/dashboard", () => {
  it("refuses anonymous callers (401), parents and babysitters (403)", async () => {
    expect((await call("GET", "/api/admin/dashboard")).status).toBe(401);
    for (const member of [await newMember("parent"), await newMember("babysitter")])
      expect((await call("GET", "/api/admin/dashboard", { cookie: member.cookie })).status).toBe(403);
  });

  it("answers every period with its series and the seeded world's figures; the admin's sign-in is recent activity", async () => {
    for (const [period, bucket, minBuckets] of [
      ["7d", "day", 7],
      ["30d", "day", 30],
      ["90d", "week", 13],
      ["1y", "week", 52],
    ] as const) {
      const answer = await call("GET", `/api/admin/dashboard?period=${period}`, { cookie: admin.cookie });
      expect(answer.status, period).toBe(200);
      expect(answer.body.bucket).toBe(bucket);
      expect(answer.body.revenue.length).toBeGreaterThanOrEqual(minBuckets);
      expect(answer.body.growth.length).toBe(answer.body.revenue.length);
    }
    const month = (await call("GET", "/api/admin/dashboard?period=30d", { cookie: admin.cookie })).body;
    expect(month.kpis.paid_plans.value).toBeGreaterThan(0);
    expect(month.kpis.mrr_cents.value).toBeGreaterThan(0);
    expect(month.kpis.bookings.value).toBeGreaterThan(0);
    expect(month.recent_activity.map((entry: { action: string }) => entry.action)).toContain("auth.sign_in");
  });

  it("refuses an unknown period with a 400", async () => {
    for (const query of ["?period=2w", "?other=1"])
      expect((await call("GET", `/api/admin/dashboard${query}`, { cookie: admin.cookie })).status).toBe(400);
  });

  it("follows a new parent and a new sitter through the conversion funnel", async () => {
    type Step = { step: string; count: number; pct: number | null };
    const funnel = async () =>
      (await call("GET", "/api/admin/dashboard?period=7d", { cookie: admin.cookie })).body.funnel as Record<
        "parents" | "sitters",
        Step[]
      >;
    const counts = (steps: Step[]) => steps.map((step) => step.count);
    const before = await funnel();
    const parent = await newMember("parent");
    const sitter = await newMember("babysitter");
    const signedUp = await funnel();
    expect(counts(signedUp.parents)).toEqual(counts(before.parents).map((n, i) => n + (i === 0 ? 1 : 0)));
    expect(counts(signedUp.sitters)).toEqual(counts(before.sitters).map((n, i) => n + (i === 0 ? 1 : 0)));

    // The parent searches signed in (marked after the answer), the sitter fills in what listing asks,
    // accepts the parent's request, the sitting is completed and she takes a paid plan.
    const searched = await call("GET", "/api/search?q=garde", {
      cookie: parent.cookie,
      headers: fromAddress(freshAddress()),
    });
    expect(searched.status).toBe(200);
    for (let tries = 0; tries < 80; tries++) {
      const [row] = await queryRows("SELECT first_search_at FROM profiles WHERE id = ?", [parent.profileId]);
      if (row.first_search_at) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await execute("UPDATE profiles SET bio = 'Étudiante en éducation, patiente.' WHERE id = ?", [sitter.profileId]);
    await execute(
      `UPDATE babysitter_profiles SET rate_chosen_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'),
         available_hours = '{"sat":[["18:00","23:00"]]}' WHERE profile_id = ?`,
      [sitter.profileId],
    );
    const booking = await insertBooking(parent.profileId, sitter.profileId, "completed", -72);
    await execute("UPDATE bookings SET responded_at = created_at WHERE id = ?", [booking]);
    await execute(
      `INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end, amount_cents)
       VALUES (?, ?, 'standard', 'active', strftime('%Y-%m-%dT%H:%M:%fZ','now'), '2099-01-01T00:00:00.000Z', 1900)`,
      [crypto.randomUUID(), sitter.profileId],
    );
    const after = await funnel();
    expect(counts(after.parents)).toEqual(counts(before.parents).map((n) => n + 1));
    expect(counts(after.sitters)).toEqual(counts(before.sitters).map((n) => n + 1));
    expect(after.parents.map((step) => step.step)).toEqual([
      "signed_up",
      "first_search",
      "first_request",
      "confirmed",
      "completed",
    ]);
    expect(after.sitters[0].pct).toBe(100);
    const cohort = after.parents[0].count;
    expect(after.parents[4].pct).toBe(Math.round((after.parents[4].count / cohort) * 1000) / 10);
  });
});
