// Money happens once (issue 18), on a real migrated libSQL file: the database itself refuses a second
// paid plan in force for one babysitter and a second refund of one invoice (migration 0017), and
// the plans services with the demo provider (what `npm start` runs) keep to it when the same call
// comes several times at once. The Stripe path is tested through the Worker (tests/api/billing-concurrency.test.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InValue } from "@libsql/client";
import { runStatements } from "../../db/client";
import { PLANS } from "../../db/constants/plans";
import { babysitterProfiles, profiles, subscriptions } from "../../db/schema";
import { DemoGateway } from "../../edge/services/billing/gateway/demo-gateway";
import { confirmCheckout, startCheckout } from "../../edge/services/billing/checkout";
import { changePlan, refundInvoice } from "../../edge/services/billing/plan-changes";
import { currentSubscription, trialValues } from "../../edge/services/billing/subscriptions";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let gateway: DemoGateway;
const exec = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });
const count = async (sql: string, args: InValue[] = []) => Number((await exec(sql, args)).rows[0][0]);

beforeAll(async () => {
  temp = await createTempDb("billing-once");
  gateway = new DemoGateway(temp.db);
});
afterAll(() => temp.cleanup());

let rowSeq = 0;
const subscriptionRow = (profileId: string, plan: string, status: string) =>
  exec(
    `INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end, stripe_subscription_id)
     VALUES (?, ?, ?, ?, '2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', ?)`,
    [`sub-${++rowSeq}`, profileId, plan, status, plan === "discovery" ? null : `demo_sub_${rowSeq}`],
  );

describe("the database's once-only rules", () => {
  it("holds one paid plan in force per profile (active, past_due, paused or trialing); ended ones and the trial are apart", async () => {
    await insertProfile(temp.client, "sitter-index", "babysitter");
    await insertProfile(temp.client, "sitter-other", "babysitter");
    await subscriptionRow("sitter-index", "standard", "active");
    for (const status of ["active", "past_due", "paused", "trialing"])
      await expect(subscriptionRow("sitter-index", "premium", status)).rejects.toThrow(
        /UNIQUE constraint failed: subscriptions\.profile_id/,
      );
    await subscriptionRow("sitter-index", "premium", "canceled");
    await subscriptionRow("sitter-index", "standard", "canceled");
    await subscriptionRow("sitter-index", "discovery", "trialing");
    await subscriptionRow("sitter-other", "premium", "active");
    expect(
      await count("SELECT count(*) FROM subscriptions WHERE profile_id = 'sitter-index' AND plan <> 'discovery'"),
    ).toBe(3);
    // Ending the plan in force frees the place for a new one.
    await exec("UPDATE subscriptions SET status = 'canceled' WHERE profile_id = 'sitter-index' AND status = 'active'");
    await subscriptionRow("sitter-index", "premium", "active");
  });

  it("holds one refund per invoice", async () => {
    await insertProfile(temp.client, "sitter-refund", "babysitter");
    await subscriptionRow("sitter-refund", "standard", "active");
    const subscriptionId = `sub-${rowSeq}`;
    await exec(
      "INSERT INTO invoices (id, profile_id, subscription_id, number, amount_paid_cents, amount_due_cents, status) VALUES ('inv-once', 'sitter-refund', ?, 'VEI-TEST-1', 1900, 1900, 'paid')",
      [subscriptionId],
    );
    const refund = (id: string, invoiceId: string | null) =>
      exec(
        "INSERT INTO refunds (id, subscription_id, invoice_id, amount_cents, reason, status) VALUES (?, ?, ?, 1900, 'customer_request', 'succeeded')",
        [id, subscriptionId, invoiceId],
      );
    await refund("re-1", "inv-once");
    await expect(refund("re-2", "inv-once")).rejects.toThrow(/UNIQUE constraint failed: refunds\.invoice_id/);
    // Refunds whose invoice is gone (set null) are history, not duplicates.
    await refund("re-3", null);
    await refund("re-4", null);
  });
});

async function newSitter(id: string) {
  await insertProfile(temp.client, id, "babysitter");
  await runStatements(temp.db, [
    temp.db.insert(babysitterProfiles).values({ profileId: id, hourlyRateCents: 1500 }),
    temp.db.insert(subscriptions).values(trialValues(id, Date.now())),
  ]);
  const [profile] = await temp.db.select().from(profiles).where(eq(profiles.id, id));
  return profile;
}

const body = (plan: "standard" | "premium") => ({ plan, amount: PLANS[plan].priceCents, currency: "eur" });

describe("the demo provider, the same call several times at once", () => {
  it("switches one of two paid checkouts on and refunds the other", async () => {
    const sitter = await newSitter("sitter-two-plans");
    const started = await Promise.all(
      (["standard", "premium"] as const).map((plan) => startCheckout(temp.db, gateway, sitter, body(plan), Date.now())),
    );
    for (const { payment_intent_id } of started) await gateway.pay(payment_intent_id, "4242424242424242");
    const notices: string[] = [];

    const confirmations = started.map(({ payment_intent_id }) =>
      confirmCheckout(temp.db, gateway, sitter.id, payment_intent_id, "en", (notice) => notices.push(notice.event)),
    );
    const answers = await Promise.all(confirmations);

    expect(answers.map((answer) => answer.status).sort()).toEqual(["refunded", "succeeded"]);
    const won = answers.find((answer) => answer.status === "succeeded")!;
    const lost = answers.find((answer) => answer.status === "refunded")!;
    expect(lost.failure_message).toMatch(/^You already had a paid plan in force/);
    expect((await currentSubscription(temp.db, sitter.id, Date.now()))!.plan).toBe(won.plan);
    expect(
      await count(
        "SELECT count(*) FROM subscriptions WHERE profile_id = ? AND plan <> 'discovery' AND status <> 'canceled'",
        [sitter.id],
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) FROM checkouts WHERE payment_intent_id = ? AND refunded_at IS NOT NULL AND refund_claimed_at IS NULL",
        [lost.transaction_id],
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) FROM refunds r JOIN invoices i ON i.id = r.invoice_id WHERE i.profile_id = ? AND i.refunded_cents = ? AND r.amount_cents = ?",
        [sitter.id, lost.amount, lost.amount],
      ),
    ).toBe(1);
    expect(notices).toEqual(["secondPlanRefunded"]);

    // Confirmed again: the same answer, nothing refunded twice.
    expect(await confirmCheckout(temp.db, gateway, sitter.id, lost.transaction_id, "fr")).toMatchObject({
      status: "refunded",
    });
    expect(
      await count(
        "SELECT count(*) FROM refunds r JOIN subscriptions s ON s.id = r.subscription_id WHERE s.profile_id = ?",
        [sitter.id],
      ),
    ).toBe(1);
  });

  it("changes a plan once and refunds an invoice once", async () => {
    const sitter = await newSitter("sitter-double-click");
    const started = await startCheckout(temp.db, gateway, sitter, body("standard"), Date.now());
    await gateway.pay(started.payment_intent_id, "4242424242424242");
    await confirmCheckout(temp.db, gateway, sitter.id, started.payment_intent_id, "fr");
    const standard = (await currentSubscription(temp.db, sitter.id, Date.now()))!;

    const changes = Array.from({ length: 5 }, () =>
      changePlan(temp.db, gateway, sitter.id, { subscriptionId: standard.id, plan: "premium" }),
    );
    const changed = await Promise.allSettled(changes);
    expect(changed.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of changed.filter((r) => r.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await count("SELECT count(*) FROM invoices WHERE profile_id = ?", [sitter.id])).toBe(2);

    const [first] = (await exec("SELECT id FROM invoices WHERE profile_id = ? ORDER BY sequence LIMIT 1", [sitter.id]))
      .rows;
    const refundsAsked = Array.from({ length: 5 }, () =>
      refundInvoice(
        temp.db,
        gateway,
        sitter.id,
        { invoiceId: String(first.id), reason: "customer_request" },
        Date.now(),
      ),
    );
    const refunded = await Promise.allSettled(refundsAsked);
    expect(refunded.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of refunded.filter((r) => r.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await count("SELECT count(*) FROM refunds WHERE invoice_id = ?", [String(first.id)])).toBe(1);
  });
});
