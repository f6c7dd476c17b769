// The invoice email (the `invoice` template, the paymentSucceeded notice) for every paid
// invoice, whichever way it was paid: the checkout, Stripe's webhooks, a plan change, a demo
// renewal. Each invoice is claimed by one UPDATE (its notified_at), so it is sent once; the paths
// that record a payment call this for their babysitter, and the cron catches anything left.
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { planNameKey } from "@db/constants/plans";
import { invoices, subscriptions } from "@db/schema/billing";
import { notifyProfile } from "../notifications/notify";
import type { Env } from "../../env";

export async function sendInvoiceNotices(env: Env, db: Db, profileId?: string, nowMs = Date.now()): Promise<number> {
  const conditions: SQL[] = [eq(invoices.status, "paid"), isNull(invoices.notifiedAt), gt(invoices.amountPaidCents, 0)];
  if (profileId) conditions.push(eq(invoices.profileId, profileId));
  const claimed = await db
    .update(invoices)
    .set({ notifiedAt: new Date(nowMs).toISOString() })
    .where(and(...conditions))
    .returning();
  for (const invoice of claimed) {
    const [subscription] = invoice.subscriptionId
      ? await db
          .select({ plan: subscriptions.plan })
          .from(subscriptions)
          .where(eq(subscriptions.id, invoice.subscriptionId))
      : [];
    const plan = { text: planNameKey(subscription?.plan ?? "standard") };
    const amount = { euros: invoice.amountPaidCents };
    await notifyProfile(env, db, {
      event: "paymentSucceeded",
      occurrence: invoice.id,
      recipientId: invoice.profileId,
      params: { invoiceNumber: invoice.number, amount, plan },
      details: [
        { label: "invoiceNumber", value: invoice.number },
        { label: "invoiceDate", value: { day: invoice.paidAt ?? invoice.createdAt } },
        { label: "plan", value: plan },
        ...(invoice.periodStart && invoice.periodEnd
          ? [{ label: "period", value: { from: invoice.periodStart, to: invoice.periodEnd } }]
          : []),
        { label: "amount", value: amount },
      ],
      link: "/settings?tab=subscription",
      // An invoice is essential mail: it arrives even with emails off (rules.ts).
      priority: "high",
    });
  }
  return claimed.length;
}
