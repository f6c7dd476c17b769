// The plans services on a real libSQL file with the demo provider (what a fresh `npm start` runs):
// checkout, a declined then a good card, activation, proration, cancel and reactivate, the 14-day
// refund, the trial's quota, and the billing sweep (trial end, renewal notice once, demo renewals).
// The Stripe path runs in workerd against the Stripe double (tests/api/billing.test.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStatements } from "../../db/client";
import { PLANS } from "../../db/constants/plans";
import { babysitterProfiles, profiles, subscriptions } from "../../db/schema";
import { DemoGateway } from "../../edge/services/billing/gateway/demo-gateway";
import type { Env } from "../../edge/env";
import { addMonths, prorationCents } from "../../edge/services/billing/periods";
import { runBillingSweep } from "../../edge/services/billing/billing-sweep";
import { confirmCheckout, startCheckout } from "../../edge/services/billing/checkout";
import {
  cancelAtPeriodEnd,
  changePlan,
  previewPlanChange,
  reactivate,
  refundInvoice,
} from "../../edge/services/billing/plan-changes";
import {
  currentSubscription,
  mayAccept,
  toSubscriptionDto,
  trialValues,
} from "../../edge/services/billing/subscriptions";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let gateway: DemoGateway;
const DAY = 86_400_000;
/** The cron's configuration: the links in notices come from the public origin (no provider keys: simulated). */
/** What the sweep's notices need: the public origin for links, the auth secret to sign unsubscribe links. */
const SWEEP_ENV = {
  APP_ENV: "development",
  PUBLIC_ORIGIN: "http://localhost:8787",
  BETTER_AUTH_SECRET: "unit-test-secret-unit-test-secret-0123",
} as Env;

async function newSitter(id: string) {
  await insertProfile(temp.client, id, "babysitter");
  await runStatements(temp.db, [
    temp.db.insert(babysitterProfiles).values({ profileId: id, hourlyRateCents: 1500 }),
    temp.db.insert(subscriptions).values(trialValues(id, Date.now())),
  ]);
  const [profile] = await temp.db.select().from(profiles).where(eq(profiles.id, id));
  return profile;
}

/** The demo card pays for `plan` (its price, as the checkout page sends it). */
async function buyWithTestCard(
  sitter: { id: string } & Parameters<typeof startCheckout>[2],
  plan: "standard" | "premium",
) {
  const body = { plan, amount: PLANS[plan].priceCents, currency: "eur" };
  const started = await startCheckout(temp.db, gateway, sitter, body, Date.now());
  await gateway.pay(started.payment_intent_id, "4242424242424242");
  await confirmCheckout(temp.db, gateway, sitter.id, started.payment_intent_id, "fr");
}

const rows = async (sql: string, args: (string | number)[] = []) => (await temp.client.execute({ sql, args })).rows;
const count = async (sql: string, args: (string | number)[] = []) => Number((await rows(sql, args))[0][0]);

beforeAll(async () => {
  temp = await createTempDb("billing");
  gateway = new DemoGateway(temp.db);
});
afterAll(() => temp.cleanup());

describe("periods and proration", () => {
  it("adds months on the same day, clamped to the month's end", () => {
    expect(addMonths("2026-01-31T10:00:00.000Z", 1)).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths("2028-01-31T10:00:00.000Z", 1)).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths("2026-11-22T08:30:00.000Z", 1)).toBe("2026-12-22T08:30:00.000Z");
    expect(addMonths("2026-03-15T00:00:00.000Z", -1)).toBe("2026-02-15T00:00:00.000Z");
  });

  it("charges the rest of the period at the price difference (a credit when going down)", () => {
    const period = { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" };
    const half = Date.parse("2026-11-16T00:00:00.000Z");
    expect(prorationCents(1900, 3900, period, half)).toBe(1000);
    expect(prorationCents(3900, 1900, period, half)).toBe(-1000);
    expect(prorationCents(1900, 3900, period, Date.parse(period.end) + DAY)).toBe(0);
  });
});

describe("a babysitter's plan with the demo provider", () => {
  it("refuses a declined card, then takes another on the same payment and switches the plan on", async () => {
    const sitter = await newSitter("sitter-demo-1");
    const started = await startCheckout(
      temp.db,
      gateway,
      sitter,
      { plan: "standard", amount: 1900, currency: "eur" },
      Date.now(),
    );
    expect(started).toMatchObject({ provider: "demo", publishable_key: null, amount: 1900, plan: "standard" });

    await gateway.pay(started.payment_intent_id, "4000000000000002");
    const declined = await confirmCheckout(temp.db, gateway, sitter.id, started.payment_intent_id, "fr");
    expect(declined).toMatchObject({ status: "failed", failure_message: "Votre carte a été refusée." });
    expect((await currentSubscription(temp.db, sitter.id, Date.now()))!.plan).toBe("discovery");

    const retried = await startCheckout(
      temp.db,
      gateway,
      sitter,
      { plan: "standard", amount: 1900, currency: "eur" },
      Date.now(),
    );
    expect(retried.payment_intent_id).toBe(started.payment_intent_id);
    await gateway.pay(started.payment_intent_id, "4242424242424242");
    const paid = await confirmCheckout(temp.db, gateway, sitter.id, started.payment_intent_id, "en");
    expect(paid).toMatchObject({ status: "succeeded", plan_name: "Standard", amount: 1900, provider: "demo" });
    expect(paid.invoice_number).toMatch(/^VEI-\d{4}-\d{6}$/);
    await confirmCheckout(temp.db, gateway, sitter.id, started.payment_intent_id, "fr");

    const current = await currentSubscription(temp.db, sitter.id, Date.now());
    expect(current).toMatchObject({ plan: "standard", status: "active", provider: "demo", amountCents: 1900 });
    expect(await count("SELECT count(*) FROM invoices WHERE profile_id = ?", [sitter.id])).toBe(1);
    expect(
      await count(
        "SELECT count(*) FROM subscriptions WHERE profile_id = ? AND plan = 'discovery' AND status = 'canceled'",
        [sitter.id],
      ),
    ).toBe(1);
    expect(
      (await rows("SELECT subscription_plan FROM babysitter_profiles WHERE profile_id = ?", [sitter.id]))[0]
        .subscription_plan,
    ).toBe("standard");
  });

  it("quotes and prorates an upgrade, cancels at period end, reactivates, and refunds the period within 14 days", async () => {
    const sitter = await newSitter("sitter-demo-2");
    await buyWithTestCard(sitter, "standard");
    const standard = (await currentSubscription(temp.db, sitter.id, Date.now()))!;

    const quote = await previewPlanChange(
      temp.db,
      gateway,
      sitter.id,
      { subscriptionId: standard.id, plan: "premium" },
      Date.now(),
    );
    expect(quote).toMatchObject({ plan: "premium", currency: "eur", next_amount: 3900 });
    expect(quote.next_billing_date).toBe(standard.currentPeriodEnd);
    expect(await count("SELECT count(*) FROM invoices WHERE profile_id = ?", [sitter.id])).toBe(1);
    const premium = await changePlan(temp.db, gateway, sitter.id, {
      subscriptionId: standard.id,
      plan: "premium",
      quotedAt: quote.applies_from,
    });
    expect(premium).toMatchObject({ plan: "premium", amountCents: 3900, currentPeriodEnd: standard.currentPeriodEnd });
    const invoices = await rows(
      "SELECT amount_paid_cents, number, sequence FROM invoices WHERE profile_id = ? ORDER BY sequence",
      [sitter.id],
    );
    expect(invoices).toHaveLength(2);
    expect(Number(invoices[1].amount_paid_cents)).toBe(quote.amount_today); // charged what was shown
    expect(quote.amount_today).toBeGreaterThan(1900);
    expect(quote.amount_today).toBeLessThanOrEqual(2000);
    expect(Number(invoices[1].sequence)).toBe(Number(invoices[0].sequence) + 1);
    await expect(
      changePlan(temp.db, gateway, sitter.id, { subscriptionId: standard.id, plan: "premium" }),
    ).rejects.toMatchObject({ status: 409 });

    const cancelled = await cancelAtPeriodEnd(temp.db, gateway, sitter.id, standard.id);
    expect(cancelled).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await expect(cancelAtPeriodEnd(temp.db, gateway, sitter.id, standard.id)).rejects.toMatchObject({ status: 409 });
    expect(await reactivate(temp.db, gateway, sitter.id, standard.id)).toMatchObject({ cancelAtPeriodEnd: false });

    const [first] = await rows("SELECT id FROM invoices WHERE profile_id = ? ORDER BY sequence LIMIT 1", [sitter.id]);
    const refunded = await refundInvoice(
      temp.db,
      gateway,
      sitter.id,
      { invoiceId: String(first.id), reason: "customer_request" },
      Date.now(),
    );
    // Both payments of the period are refunded; the trial she left comes back with what remained.
    expect(refunded.invoice).toMatchObject({ refundedCents: 1900 });
    expect(refunded.refunded.map((row) => row.refundedCents).sort()).toEqual(
      [1900, Number(invoices[1].amount_paid_cents)].sort(),
    );
    expect(refunded.subscription).toMatchObject({ plan: "discovery", status: "trialing", bookingsIncluded: 5 });
    expect(refunded.notice).toMatchObject({ event: "planRefunded", priority: "high" });
    expect(await currentSubscription(temp.db, sitter.id, Date.now())).toMatchObject({ plan: "discovery" });
    await expect(
      refundInvoice(
        temp.db,
        gateway,
        sitter.id,
        { invoiceId: String(first.id), reason: "customer_request" },
        Date.now(),
      ),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("keeps another babysitter's subscription out of reach", async () => {
    const owner = await newSitter("sitter-demo-3");
    const stranger = await newSitter("sitter-demo-4");
    const trial = (await currentSubscription(temp.db, owner.id, Date.now()))!;
    await expect(cancelAtPeriodEnd(temp.db, gateway, stranger.id, trial.id)).rejects.toMatchObject({ status: 404 });
    await expect(cancelAtPeriodEnd(temp.db, gateway, owner.id, trial.id)).rejects.toMatchObject({ status: 409 });
  });
});

describe("the Discovery trial's quota", () => {
  it("counts accepted bookings in the trial's month, up to 5", async () => {
    const sitter = await newSitter("sitter-quota");
    await insertProfile(temp.client, "parent-quota", "parent");
    const trial = (await currentSubscription(temp.db, sitter.id, Date.now()))!;
    expect(await mayAccept(temp.db, sitter.id, Date.now())).toBe(true);
    for (let i = 0; i < 5; i++) {
      const start = new Date(Date.now() + (48 + i * 5) * 3_600_000);
      await temp.client.execute({
        sql: `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status, responded_at)
              VALUES (?, 'parent-quota', ?, ?, ?, 1500, 4500, ?, ?)`,
        args: [
          `b-${i}`,
          sitter.id,
          start.toISOString(),
          new Date(start.getTime() + 3 * 3_600_000).toISOString(),
          i === 4 ? "cancelled" : "confirmed",
          new Date().toISOString(),
        ],
      });
    }
    expect((await toSubscriptionDto(temp.db, trial)).bookings_used).toBe(4);
    expect(await mayAccept(temp.db, sitter.id, Date.now())).toBe(true);
    await temp.client.execute("UPDATE bookings SET status = 'completed' WHERE id = 'b-4'");
    expect(await mayAccept(temp.db, sitter.id, Date.now())).toBe(false);
    expect(await mayAccept(temp.db, sitter.id, Date.now() + 40 * DAY)).toBe(false);
  });
});

describe("the billing sweep", () => {
  it("ends trials past their month, once", async () => {
    const sitter = await newSitter("sitter-sweep-trial");
    const later = Date.now() + 32 * DAY;
    const report = await runBillingSweep(SWEEP_ENV, temp.db, later);
    expect(report.trialsEnded).toBeGreaterThanOrEqual(1);
    expect(
      await count("SELECT count(*) FROM subscriptions WHERE profile_id = ? AND status = 'canceled'", [sitter.id]),
    ).toBe(1);
    expect((await runBillingSweep(SWEEP_ENV, temp.db, later)).trialsEnded).toBe(0);
  });

  it("records the renewal notice 3 days ahead, with the amount, once per period", async () => {
    const sitter = await newSitter("sitter-sweep-notice");
    await buyWithTestCard(sitter, "premium");
    const paid = (await currentSubscription(temp.db, sitter.id, Date.now()))!;
    const fourDaysBefore = Date.parse(paid.currentPeriodEnd) - 4 * DAY;
    const twoDaysBefore = Date.parse(paid.currentPeriodEnd) - 2 * DAY;
    await runBillingSweep(SWEEP_ENV, temp.db, fourDaysBefore);
    expect(await count("SELECT count(*) FROM notifications WHERE profile_id = ?", [sitter.id])).toBe(0);
    await runBillingSweep(SWEEP_ENV, temp.db, twoDaysBefore);
    await runBillingSweep(SWEEP_ENV, temp.db, twoDaysBefore + 3_600_000);
    const [notice] = await rows("SELECT title, message FROM notifications WHERE profile_id = ?", [sitter.id]);
    expect(await count("SELECT count(*) FROM notifications WHERE profile_id = ?", [sitter.id])).toBe(1);
    expect(String(notice.message)).toContain("39,00");
    expect(String(notice.title)).toContain("Premium");
    // Delivered by the sitter's preferences (defaults: email, no SMS; no push subscription yet), once.
    const sent = await rows(
      "SELECT channel, status, idempotency_key, json_extract(payload, '$.headers') AS headers FROM outbox WHERE json_extract(payload, '$.template') = 'subscriptionRenewal' AND recipient = ?",
      [sitter.email],
    );
    expect(sent.map((r) => [r.channel, r.status])).toEqual([["email", "simulated"]]);
    expect(String(sent[0].idempotency_key)).toMatch(/^subscriptionRenewal:/);
    expect(String(sent[0].headers)).toMatch(
      /^\{"List-Unsubscribe":"<http:\/\/localhost:8787\/api\/unsubscribe\?token=/,
    );
  });

  it("renews demo subscriptions at period end with a paid invoice, and ends cancelled ones", async () => {
    const sitter = await newSitter("sitter-sweep-renew");
    await buyWithTestCard(sitter, "standard");
    const paid = (await currentSubscription(temp.db, sitter.id, Date.now()))!;
    const afterEnd = Date.parse(paid.currentPeriodEnd) + DAY;
    await runBillingSweep(SWEEP_ENV, temp.db, afterEnd);
    await runBillingSweep(SWEEP_ENV, temp.db, afterEnd);
    const renewed = (await currentSubscription(temp.db, sitter.id, afterEnd))!;
    expect(renewed).toMatchObject({ status: "active", currentPeriodStart: paid.currentPeriodEnd });
    expect(renewed.currentPeriodEnd).toBe(addMonths(paid.currentPeriodEnd, 1));
    expect(
      await count("SELECT count(*) FROM invoices WHERE profile_id = ? AND status = 'paid' AND amount_paid_cents = ?", [
        sitter.id,
        PLANS.standard.priceCents,
      ]),
    ).toBe(2);

    await cancelAtPeriodEnd(temp.db, gateway, sitter.id, paid.id);
    await runBillingSweep(SWEEP_ENV, temp.db, Date.parse(renewed.currentPeriodEnd) + DAY);
    expect(await currentSubscription(temp.db, sitter.id, Date.now())).toBeNull();
    expect(
      (await rows("SELECT subscription_plan FROM babysitter_profiles WHERE profile_id = ?", [sitter.id]))[0]
        .subscription_plan,
    ).toBe("discovery");
    expect(await count("SELECT count(*) FROM invoices WHERE profile_id = ?", [sitter.id])).toBe(2);
  });
});
