// The admin dashboard's route: admins only, a period from the list, and figures from the database
// (the figures themselves are checked on known rows in tests/unit/admin-dashboard.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, type Member, memberOf, newMember } from "./helpers";

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
});
