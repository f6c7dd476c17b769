// The plans' clock, run by the Worker's cron (worker.ts `scheduled`, wrangler.toml [triggers]):
// - a trial past its month ends (accepting already refused it: this is for settings and badges);
// - the renewal notice goes out 3 days before each renewal of a paid plan, once per period;
// - the demo provider renews its subscriptions at period end (Stripe renews its own and tells us by
//   webhook), or ends them when cancellation was pending.
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { runStatements, type Db } from "@db/client";
import { INVOICE_NUMBER_PREFIX } from "@db/constants/company";
import { planNameKey, PLANS, RENEWAL_NOTICE_DAYS } from "@db/constants/plans";
import { subscriptions } from "@db/schema";
import type { PaidPlan } from "@db/schema/enums";
import { addMonths } from "./periods";
import { planNotice } from "../notifications/notices";
import { notifyProfile } from "../notifications/notify";
import type { Env } from "../../env";
import { mirrorPlan, upsertInvoice } from "./subscriptions";

const DAY_MS = 86_400_000;

export type SweepReport = { trialsEnded: number; renewalNotices: number; demoRenewed: number; demoEnded: number };

async function endExpiredTrials(db: Db, nowIso: string): Promise<number> {
  const ended = await db
    .update(subscriptions)
    .set({ status: "canceled", canceledAt: nowIso, updatedAt: nowIso })
    .where(
      and(
        eq(subscriptions.plan, "discovery"),
        eq(subscriptions.status, "trialing"),
        lte(subscriptions.currentPeriodEnd, nowIso),
      ),
    )
    .returning({ profileId: subscriptions.profileId });
  await runStatements(
    db,
    ended.map((row) => mirrorPlan(db, row.profileId)),
  );
  return ended.length;
}

/** Claims each due notice with one UPDATE (so two sweeps never record it twice), then records it. */
async function recordRenewalNotices(env: Env, db: Db, nowMs: number): Promise<number> {
  const nowIso = new Date(nowMs).toISOString();
  const horizon = new Date(nowMs + RENEWAL_NOTICE_DAYS * DAY_MS).toISOString();
  const claimed = await db
    .update(subscriptions)
    .set({ renewalNoticePeriodEnd: sql`${subscriptions.currentPeriodEnd}` })
    .where(
      and(
        ne(subscriptions.plan, "discovery"),
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.currentPeriodEnd, nowIso),
        lte(subscriptions.currentPeriodEnd, horizon),
        or(
          isNull(subscriptions.renewalNoticePeriodEnd),
          ne(subscriptions.renewalNoticePeriodEnd, subscriptions.currentPeriodEnd),
        ),
      ),
    )
    .returning({
      id: subscriptions.id,
      profileId: subscriptions.profileId,
      plan: subscriptions.plan,
      amountCents: subscriptions.amountCents,
      periodEnd: subscriptions.currentPeriodEnd,
    });
  if (claimed.length === 0) return 0;
  for (const row of claimed) {
    await notifyProfile(
      env,
      db,
      planNotice("subscriptionRenewal", {
        recipientId: row.profileId,
        planKey: planNameKey(row.plan),
        amountCents: row.amountCents,
        date: row.periodEnd,
        occurrence: `${row.id}:${row.periodEnd}`,
      }),
    );
  }
  return claimed.length;
}

/** The demo provider's renewals: a new period and its paid invoice, or the end of a cancelled plan. */
async function renewDemoSubscriptions(db: Db, nowIso: string): Promise<{ renewed: number; ended: number }> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "demo"),
        ne(subscriptions.plan, "discovery"),
        inArray(subscriptions.status, ["active", "past_due"]),
        lte(subscriptions.currentPeriodEnd, nowIso),
      ),
    );
  let renewed = 0;
  let ended = 0;
  for (const row of due) {
    const guard = and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd));
    if (row.cancelAtPeriodEnd) {
      await db.batch([
        db.update(subscriptions).set({ status: "canceled", updatedAt: nowIso }).where(guard),
        mirrorPlan(db, row.profileId),
      ]);
      ended++;
      continue;
    }
    // Periods missed while nothing ran are caught up one month at a time, each with its invoice.
    let start = row.currentPeriodEnd;
    const statements = [];
    while (start <= nowIso) {
      const end = addMonths(start, 1);
      statements.push(
        upsertInvoice(
          db,
          row.profileId,
          {
            // One id per subscription and period: a sweep run twice writes the invoice once.
            id: `demo_in_${row.id}_${start}`,
            subscriptionId: row.stripeSubscriptionId,
            customerId: row.stripeCustomerId,
            number: null,
            amountPaidCents: PLANS[row.plan as PaidPlan].priceCents,
            amountDueCents: PLANS[row.plan as PaidPlan].priceCents,
            currency: row.currency,
            status: "paid",
            hostedUrl: null,
            pdfUrl: null,
            periodStart: start,
            periodEnd: end,
            paymentIntentId: `demo_pi_${crypto.randomUUID().replaceAll("-", "")}`,
            paidAt: start,
            created: start,
          },
          INVOICE_NUMBER_PREFIX,
        ),
      );
      start = end;
    }
    await runStatements(db, [
      db
        .update(subscriptions)
        .set({
          status: "active",
          currentPeriodStart: addMonths(start, -1),
          currentPeriodEnd: start,
          amountCents: PLANS[row.plan as PaidPlan].priceCents,
          updatedAt: nowIso,
        })
        .where(guard),
      ...statements,
      mirrorPlan(db, row.profileId),
    ]);
    renewed++;
  }
  return { renewed, ended };
}

export async function runBillingSweep(env: Env, db: Db, nowMs = Date.now()): Promise<SweepReport> {
  const nowIso = new Date(nowMs).toISOString();
  const trialsEnded = await endExpiredTrials(db, nowIso);
  const demo = await renewDemoSubscriptions(db, nowIso);
  const renewalNotices = await recordRenewalNotices(env, db, nowMs);
  return { trialsEnded, renewalNotices, demoRenewed: demo.renewed, demoEnded: demo.ended };
}
