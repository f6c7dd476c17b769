// Stripe's events about paying babysitters, handled beside the plans' ones (billing/webhook.ts, which
// verifies the signature and records each event id once): a sitting's payment paid or refused (its
// PaymentIntent carries metadata.kind = "sitting"), and a payout account's state (account.updated,
// never over a newer state: payout-accounts.ts). Each effect is itself once-only, so a replay or an
// event arriving out of order changes nothing.
import type Stripe from "stripe";
import type { Db } from "@db/client";
import type { Env } from "../../env";
import { accountStatusOf, intentStateOf } from "./payments-gateway";
import { recordPayoutAccountState } from "./payout-accounts";
import { recordIntentState } from "./sitting-payments";

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
    case "account.updated": {
      const account = event.data.object;
      const updated = await recordPayoutAccountState(db, account.id, accountStatusOf(account), event.created);
      return updated.rowsAffected > 0;
    }
    default:
      return false;
  }
}
