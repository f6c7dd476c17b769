// Stripe's events about paying babysitters, handled beside the plans' ones (billing/webhook.ts, which
// verifies the signature and records each event id once): a sitting's payment paid or refused (its
// PaymentIntent carries metadata.kind = "sitting"), refunded in full or disputed by the family's bank
// (the charge names its PaymentIntent), a payout account's state (account.updated, never over a newer
// state: payout-accounts.ts), and the payouts of a sitter's account to her bank (payout.paid /
// payout.failed, on the Connect endpoint: bank-payouts.ts). Each effect is itself once-only or
// ordered, so a replay or an event arriving out of order changes nothing.
import type Stripe from "stripe";
import type { Db } from "@db/client";
import type { Env } from "../../env";
import { recordBankPayout } from "./bank-payouts";
import { accountStatusOf, intentStateOf } from "./payments-gateway";
import { recordPayoutAccountState } from "./payout-accounts";
import { isSittingIntent, recordDispute, recordIntentState, recordRefund } from "./sitting-payments";

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** True when the event was about paying babysitters (and has been handled). */
export async function handlePaymentsEvent(env: Env, db: Db, event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      if (intent.metadata?.kind !== "sitting") return false;
      await recordIntentState(env, db, intent.id, intentStateOf(intent));
      return true;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      if (!intentId || !(await isSittingIntent(db, intentId))) return false;
      // Only a whole refund ends the payment; a partial one (from Stripe's dashboard) leaves it paid.
      if (charge.refunded) await recordRefund(env, db, intentId);
      return true;
    }
    case "charge.dispute.created": {
      const intentId = idOf(event.data.object.payment_intent);
      if (!intentId || !(await isSittingIntent(db, intentId))) return false;
      await recordDispute(env, db, intentId);
      return true;
    }
    case "account.updated": {
      const account = event.data.object;
      const updated = await recordPayoutAccountState(db, account.id, accountStatusOf(account), event.created);
      return updated.rowsAffected > 0;
    }
    case "payout.paid":
    case "payout.failed": {
      const payout = event.data.object;
      if (!event.account) return false;
      return recordBankPayout(env, db, {
        accountId: event.account,
        payoutId: payout.id,
        amountCents: payout.amount,
        currency: payout.currency,
        status: event.type === "payout.paid" ? "paid" : "failed",
        arrivalDate: payout.arrival_date,
        failureMessage: payout.failure_message ?? null,
        eventCreated: event.created,
      });
    }
    default:
      return false;
  }
}
