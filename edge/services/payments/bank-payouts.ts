// The payouts from a babysitter's payout account to her bank (docs/payments.md). Stripe pays out an
// Express account on its own schedule and tells us on the Connect endpoint: payout.paid and
// payout.failed, with event.account naming her account. One row per payout (payout_id is unique);
// an event older than the one stored changes nothing (provider_event_at), so events arriving out of
// order leave the newest state. A failure tells her once: when the row first becomes failed.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import type { BankPayoutStatus } from "@db/schema/enums";
import { bankPayouts, payoutAccounts } from "@db/schema/payments";
import { parisDateOf } from "@db/time/paris-time";
import type { Env } from "../../env";
import { recordAudit, SYSTEM_ACTOR, NO_ORIGIN } from "../audit/audit";
import { notifyProfile } from "../notifications/notify";

export type BankPayoutEvent = {
  accountId: string;
  payoutId: string;
  amountCents: number;
  currency: string;
  status: BankPayoutStatus;
  /** The day the bank receives it, as Stripe's arrival_date (Unix seconds). */
  arrivalDate: number;
  failureMessage: string | null;
  /** The event's own time (Stripe's event.created, seconds). */
  eventCreated: number;
};

/** Records a payout's state; false when the account is not a sitter's here or the event is stale. */
export async function recordBankPayout(env: Env, db: Db, payout: BankPayoutEvent): Promise<boolean> {
  const [account] = await db
    .select({ profileId: payoutAccounts.profileId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.accountId, payout.accountId));
  if (!account) return false;
  const [before] = await db
    .select({ status: bankPayouts.status })
    .from(bankPayouts)
    .where(eq(bankPayouts.payoutId, payout.payoutId));
  const state = {
    amountCents: payout.amountCents,
    currency: payout.currency,
    status: payout.status,
    // The Paris day of Stripe's arrival time: the date her bank statement shows.
    arrivalDate: parisDateOf(payout.arrivalDate * 1000),
    failureMessage: payout.failureMessage,
    providerEventAt: payout.eventCreated,
  };
  const written = await db
    .insert(bankPayouts)
    .values({ payoutId: payout.payoutId, profileId: account.profileId, ...state })
    .onConflictDoUpdate({
      target: bankPayouts.payoutId,
      set: { ...state, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
      // The payout's account never changes; only a newer event moves its state.
      setWhere: and(
        eq(bankPayouts.profileId, account.profileId),
        sql`${bankPayouts.providerEventAt} <= ${payout.eventCreated}`,
      ),
    })
    .returning({ id: bankPayouts.id });
  if (written.length === 0) return false;
  if (payout.status === "failed" && before?.status !== "failed")
    await tellPayoutFailed(env, db, account.profileId, payout);
  return true;
}

async function tellPayoutFailed(env: Env, db: Db, profileId: string, payout: BankPayoutEvent) {
  await recordAudit(db, SYSTEM_ACTOR, NO_ORIGIN, {
    action: "payout.failed",
    resource: `profile:${profileId}`,
    metadata: { payout_id: payout.payoutId, amount_cents: payout.amountCents },
  });
  await notifyProfile(env, db, {
    event: "bankPayoutFailed",
    occurrence: payout.payoutId,
    link: "/payouts",
    recipientId: profileId,
    params: { amount: { euros: payout.amountCents } },
  });
}
