// What the plans' API tests share (billing.test.ts, billing-concurrency.test.ts): the Stripe double's
// control (tests/stripe-double.ts), the babysitter's calls under /api/stripe, a paid-up babysitter,
// and signed webhook deliveries.
import Stripe from "stripe";
import { expect } from "vitest";
import { stripeDoubleVars, type ReceivedRequest } from "../stripe-double";
import { call, newMember, queryRows, type Member, ownStack } from "./helpers";

export const EN = { "accept-language": "en-GB,en;q=0.9" };
const double = () => ownStack().stripeDouble;
const WEBHOOK_SECRET = stripeDoubleVars("").STRIPE_WEBHOOK_SECRET;
/** The Connect endpoint's own secret: Stripe signs the events of connected accounts with it. */
export const CONNECT_WEBHOOK_SECRET = stripeDoubleVars("").STRIPE_CONNECT_WEBHOOK_SECRET;
const signer = new Stripe("sk_test_signer_only");

export async function control(path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${double()}/__control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}
export const receivedSince = async (mark: number): Promise<ReceivedRequest[]> =>
  (await control("requests")).slice(mark);
export const requestCount = async () => (await control("requests")).length as number;

export const stripeApi = (
  who: Member,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
) => call(method, `/api/stripe/${path}`, { json, cookie: who.cookie, headers });

export const checkout = (who: Member, plan = "standard", amount = 1900, headers: Record<string, string> = {}) =>
  stripeApi(
    who,
    "POST",
    "create-payment-intent",
    { plan, amount, currency: "eur", customer_email: who.email },
    headers,
  );

export const subscriptionOf = async (who: Member) =>
  (await stripeApi(who, "GET", "get-subscription")).body.subscription;

/** A babysitter who bought `plan` and whose card paid: her subscription, as the API shows it. */
export async function subscribedSitter(plan = "standard") {
  const sitter = await newMember("babysitter");
  const started = await checkout(sitter, plan, plan === "premium" ? 3900 : 1900);
  expect(started.status).toBe(200);
  await control(`pay/${started.body.payment_intent_id}`, {});
  const activated = await stripeApi(sitter, "POST", "activate-subscription", {
    payment_intent_id: started.body.payment_intent_id,
  });
  expect(activated.body.status).toBe("succeeded");
  return {
    sitter,
    paymentIntent: started.body.payment_intent_id as string,
    subscription: await subscriptionOf(sitter),
  };
}

/** A signed webhook delivery of a Stripe event. */
export async function deliver(
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === undefined
      ? await signer.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp,
        })
      : options.signature;
  return call("POST", "/api/stripe/webhook", {
    raw: payload,
    headers: header === null ? {} : { "stripe-signature": header },
  });
}

let eventSeq = 0;
export const stripeEvent = (type: string, object: unknown, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_test_${Date.now()}_${++eventSeq}`,
  object: "event",
  api_version: "2026-10-28.endive",
  created,
  type,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

export const subscriptionRow = async (profileId: string) =>
  (
    await queryRows(
      "SELECT plan, status, cancel_at_period_end, provider, stripe_subscription_id FROM subscriptions WHERE profile_id = ? AND plan <> 'discovery'",
      [profileId],
    )
  )[0];
export const mirroredPlan = async (profileId: string) =>
  (await queryRows("SELECT subscription_plan FROM babysitter_profiles WHERE profile_id = ?", [profileId]))[0]
    .subscription_plan;
