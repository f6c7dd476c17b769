// Money happens once (SECURITY.md, "Limits and once-only effects under concurrency"), through the
// real Worker on the Stripe path: the same request sent N times at the same instant (all the
// request promises built first, then awaited together) refunds one invoice once, changes a plan
// once, and two paid checkouts leave one paid plan in force, the other payment refunded. The Stripe
// double records what reached "Stripe", answers a request whose idempotency key is still in flight
// with Stripe's 409, and can be slowed down or made to fail.
import { afterEach, describe, expect, it } from "vitest";
import { DOUBLE_PRICES } from "../stripe-double";
import {
  checkout,
  control,
  deliver,
  EN,
  mirroredPlan,
  receivedSince,
  requestCount,
  stripeApi,
  stripeEvent,
  subscribedSitter,
} from "./billing-helpers";
import { countRows, eventually, execute, newMember, queryRows, type Call, type Member } from "./helpers";

const REFUND_IN_PROGRESS_FR = "Un remboursement de cette facture est déjà en cours.";
const ALREADY_REFUNDED_FR = "Cette facture a déjà été remboursée.";
const CHANGE_IN_PROGRESS_FR = "Un changement de formule est déjà en cours.";

/** Stripe answering slowly, so that requests overlap there as they would in production. */
const slowStripe = (path: string, ms: number) => control("delay", { path, ms });

afterEach(async () => {
  for (const path of ["/v1/refunds", "/v1/subscriptions/", "/v1/customers"]) {
    await slowStripe(path, 0);
    await control("fail", { path, times: 0 });
  }
});

const statusesOf = (answers: Call[]) => answers.map((answer) => answer.status).sort();

/** The paid plans in force of a profile (the partial unique index allows one). */
const plansInForce = (profileId: string) =>
  queryRows(
    "SELECT plan, stripe_subscription_id FROM subscriptions WHERE profile_id = ? AND plan <> 'discovery' AND status <> 'canceled'",
    [profileId],
  );

const invoiceOf = async (sitter: Member) => (await stripeApi(sitter, "GET", "get-invoices")).body.invoices[0];

describe("the 14-day refund, requested 20 times at the same instant", () => {
  it("refunds each payment of the period once: one 200, the others 409, one refund per invoice, asked once of Stripe", async () => {
    const { sitter, paymentIntent, subscription } = await subscribedSitter();
    const upgraded = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
    });
    expect(upgraded.status).toBe(200);
    const invoices = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices as {
      id: string;
      amount_paid: number;
    }[];
    expect(invoices).toHaveLength(2);
    const first = invoices.find((invoice) => invoice.amount_paid === 1900)!;
    await slowStripe("/v1/refunds", 300);
    const mark = await requestCount();

    const requests = Array.from({ length: 20 }, () =>
      stripeApi(sitter, "POST", "request-refund", { invoice_id: first.id }),
    );
    const answers = await Promise.all(requests);

    expect(statusesOf(answers)).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect([REFUND_IN_PROGRESS_FR, ALREADY_REFUNDED_FR]).toContain(refused.body.error.message);
    for (const invoice of invoices)
      expect(await countRows("SELECT count(*) FROM refunds WHERE invoice_id = ?", [invoice.id])).toBe(1);
    const sent = await receivedSince(mark);
    const refundsAsked = sent.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refundsAsked.map((r) => r.idempotencyKey).sort()).toEqual(
      invoices.map((invoice) => `refund-${invoice.id}`).sort(),
    );
    expect(refundsAsked.find((r) => r.params.amount === "1900")!.params.payment_intent).toBe(paymentIntent);
    expect(
      sent.filter(
        (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscription.stripe_subscription_id}`,
      ),
    ).toHaveLength(1);
    const rows = await queryRows(
      "SELECT refunded_cents = amount_paid_cents AS whole, refund_claimed_at FROM invoices WHERE subscription_id = ?",
      [subscription.id],
    );
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { whole: 1, refund_claimed_at: null },
      { whole: 1, refund_claimed_at: null },
    ]);
    expect(await mirroredPlan(sitter.profileId)).toBe("discovery");
    const notices = () =>
      queryRows(
        "SELECT title FROM notifications WHERE profile_id = ? AND title LIKE 'Remboursement de votre abonnement%'",
        [sitter.profileId],
      );
    expect(await eventually(notices)).toHaveLength(1);
  });

  it("answers a refund already under way with a 409 in the user's language, and takes over a crashed one's claim", async () => {
    const { sitter } = await subscribedSitter();
    const invoice = await invoiceOf(sitter);
    await execute("UPDATE invoices SET refund_claimed_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?", [
      invoice.id,
    ]);
    const mark = await requestCount();
    const underWay = await stripeApi(sitter, "POST", "request-refund", { invoice_id: invoice.id });
    expect([underWay.status, underWay.body.error.code, underWay.body.error.message]).toEqual([
      409,
      "REFUND_IN_PROGRESS",
      REFUND_IN_PROGRESS_FR,
    ]);
    const inEnglish = await stripeApi(sitter, "POST", "request-refund", { invoice_id: invoice.id }, EN);
    expect(inEnglish.body.error.message).toBe("A refund of this invoice is already under way.");
    expect(await receivedSince(mark)).toEqual([]);

    // A claim 3 minutes old belongs to a request that crashed: the refund may go on.
    await execute(
      "UPDATE invoices SET refund_claimed_at = strftime('%Y-%m-%dT%H:%M:%fZ','now','-3 minutes') WHERE id = ?",
      [invoice.id],
    );
    expect((await stripeApi(sitter, "POST", "request-refund", { invoice_id: invoice.id })).status).toBe(200);
  });

  it("turns Stripe's failure into a 502 with a message and releases the claim, so a retry refunds", async () => {
    const { sitter } = await subscribedSitter();
    const invoice = await invoiceOf(sitter);
    await control("fail", { path: "/v1/refunds", times: 1 });
    const failed = await stripeApi(sitter, "POST", "request-refund", { invoice_id: invoice.id });
    expect([failed.status, failed.body.error.code, failed.body.error.message]).toEqual([
      502,
      "REFUND_FAILED",
      "Le remboursement a été refusé par le service de paiement.",
    ]);
    const [row] = await queryRows("SELECT refunded_cents, refund_claimed_at FROM invoices WHERE id = ?", [invoice.id]);
    expect(row).toMatchObject({ refunded_cents: 0, refund_claimed_at: null });
    expect(await countRows("SELECT count(*) FROM refunds WHERE invoice_id = ?", [invoice.id])).toBe(0);

    const retried = await stripeApi(sitter, "POST", "request-refund", { invoice_id: invoice.id });
    expect(retried.status).toBe(200);
    expect(retried.body.invoice).toMatchObject({ refunded: 1900 });
  });
});

/** A new babysitter who started two checkouts at once (Standard and Premium) and whose card paid both. */
async function twoPaidCheckouts() {
  const sitter = await newMember("babysitter");
  const started = await Promise.all([checkout(sitter, "standard", 1900), checkout(sitter, "premium", 3900)]);
  expect(statusesOf(started)).toEqual([200, 200]);
  const [standard, premium] = started.map((answer) => answer.body.payment_intent_id as string);
  const paid = { standard: await control(`pay/${standard}`, {}), premium: await control(`pay/${premium}`, {}) };
  return { sitter, standard, premium, paid };
}

const checkoutRow = async (paymentIntent: string) =>
  (
    await queryRows(
      "SELECT status, refunded_at, refund_claimed_at, provider_subscription_id FROM checkouts WHERE payment_intent_id = ?",
      [paymentIntent],
    )
  )[0];

const secondPlanNotices = (sitter: Member) => () =>
  queryRows("SELECT title, message FROM notifications WHERE profile_id = ? AND title = 'Second paiement remboursé'", [
    sitter.profileId,
  ]);

describe("one paid plan per babysitter", () => {
  it("confirms two paid checkouts at the same instant into one plan; the other payment is refunded, its subscription cancelled, and she is told", async () => {
    const { sitter, standard, premium } = await twoPaidCheckouts();
    const mark = await requestCount();

    const confirmations = [standard, premium].map((pi) =>
      stripeApi(sitter, "POST", "activate-subscription", { payment_intent_id: pi }),
    );
    const answers = await Promise.all(confirmations);

    expect(statusesOf(answers)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.status).sort()).toEqual(["refunded", "succeeded"]);
    const won = answers.find((answer) => answer.body.status === "succeeded")!.body;
    const lost = answers.find((answer) => answer.body.status === "refunded")!.body;
    expect(lost.failure_message).toBe(
      `Vous aviez déjà un abonnement payant en cours : le plan ${lost.plan_name} n'a pas été activé et ce second paiement vous est intégralement remboursé. Pour changer de formule, passez par vos paramètres.`,
    );

    const inForce = await plansInForce(sitter.profileId);
    expect(inForce.map((row) => row.plan)).toEqual([won.plan]);
    expect(await mirroredPlan(sitter.profileId)).toBe(won.plan);

    const lostCheckout = await checkoutRow(lost.transaction_id);
    expect(lostCheckout).toMatchObject({ status: "succeeded", refund_claimed_at: null });
    expect(lostCheckout.refunded_at).not.toBeNull();
    const sent = await receivedSince(mark);
    const refundsAsked = sent.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refundsAsked).toHaveLength(1);
    expect(refundsAsked[0].params).toMatchObject({
      payment_intent: lost.transaction_id,
      amount: String(lost.amount),
      reason: "duplicate",
    });
    expect(refundsAsked[0].idempotencyKey).toMatch(/^refund-checkout-/);
    expect(
      sent.filter(
        (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${lostCheckout.provider_subscription_id}`,
      ),
    ).toHaveLength(1);
    const [refund] = await queryRows(
      "SELECT r.amount_cents, r.reason, i.refunded_cents, s.status FROM refunds r JOIN invoices i ON i.id = r.invoice_id JOIN subscriptions s ON s.id = r.subscription_id WHERE s.stripe_subscription_id = ?",
      [String(lostCheckout.provider_subscription_id)],
    );
    expect(refund).toMatchObject({
      amount_cents: lost.amount,
      reason: "billing_error",
      refunded_cents: lost.amount,
      status: "canceled",
    });

    // Asked again (the success page's reload), in English: the same answer, nothing asked of Stripe.
    const again = await requestCount();
    const reload = await stripeApi(sitter, "GET", `verify-payment/${lost.transaction_id}`, undefined, EN);
    expect(reload.body).toMatchObject({ status: "refunded" });
    expect(reload.body.failure_message).toMatch(/^You already had a paid plan in force/);
    expect(await receivedSince(again)).toEqual([]);

    const notices = await eventually(secondPlanNotices(sitter));
    expect(notices).toHaveLength(1);
    expect(String(notices[0].message)).toMatch(new RegExp(`plan ${lost.plan_name}.*${lost.amount / 100},00\\s€`));
  });

  it("refunds a second plan that Stripe's webhooks announce (subscription active, then invoice.paid), once", async () => {
    const { sitter, standard, premium, paid } = await twoPaidCheckouts();
    const first = await stripeApi(sitter, "POST", "activate-subscription", { payment_intent_id: standard });
    expect(first.body.status).toBe("succeeded");
    const mark = await requestCount();

    const active = stripeEvent("customer.subscription.updated", { ...paid.premium.subscription, latest_invoice: null });
    expect((await deliver(active)).body.outcome).toBe("processed");
    expect((await deliver(stripeEvent("invoice.paid", paid.premium.invoice))).body.outcome).toBe("processed");

    expect((await plansInForce(sitter.profileId)).map((row) => row.plan)).toEqual(["standard"]);
    const refundsAsked = (await receivedSince(mark)).filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refundsAsked.map((r) => r.params.payment_intent)).toEqual([premium]);
    expect((await checkoutRow(premium)).refunded_at).not.toBeNull();
    expect(await eventually(secondPlanNotices(sitter))).toHaveLength(1);
    const answer = await stripeApi(sitter, "POST", "activate-subscription", { payment_intent_id: premium });
    expect(answer.body.status).toBe("refunded");
  });

  it("answers Stripe's 409 for a request still in flight with a 409 and a message, never a 500", async () => {
    // Two first checkouts of a new babysitter create her Stripe customer with one idempotency key:
    // with Stripe slow to answer, the second gets Stripe's 'idempotency_key_in_use' conflict.
    const sitter = await newMember("babysitter");
    await slowStripe("/v1/customers", 3000);
    const started = await Promise.all([checkout(sitter, "standard", 1900), checkout(sitter, "premium", 3900)]);
    expect(statusesOf(started)).toEqual([200, 409]);
    const busy = started.find((answer) => answer.status === 409)!;
    expect([busy.body.error.code, busy.body.error.message]).toEqual([
      "PROVIDER_BUSY",
      "Le service de paiement traite déjà cette demande : réessayez dans un instant.",
    ]);
    expect(
      (await checkout(sitter, busy === started[0] ? "standard" : "premium", busy === started[0] ? 1900 : 3900)).status,
    ).toBe(200);
  });
});

describe("a plan change, sent 5 times at the same instant (a double click)", () => {
  it("changes the plan once: one 200, the others 409, one new invoice, one price swap asked of Stripe", async () => {
    const { sitter, subscription } = await subscribedSitter();
    await slowStripe("/v1/subscriptions/", 200);
    const mark = await requestCount();

    const changes = Array.from({ length: 5 }, () =>
      stripeApi(sitter, "POST", "modify-subscription", { subscription_id: subscription.id, new_price_id: "premium" }),
    );
    const answers = await Promise.all(changes);

    expect(statusesOf(answers)).toEqual([200, 409, 409, 409, 409]);
    const refused = answers.filter((answer) => answer.status === 409).map((answer) => answer.body.error.message);
    expect(refused).toContain(CHANGE_IN_PROGRESS_FR);
    for (const message of refused) expect([CHANGE_IN_PROGRESS_FR, "Vous avez déjà cette formule."]).toContain(message);
    const swaps = (await receivedSince(mark)).filter(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscription.stripe_subscription_id}`,
    );
    expect(swaps).toHaveLength(1);
    expect(swaps[0].params["items[0][price]"]).toBe(DOUBLE_PRICES.premium);
    expect(await countRows("SELECT count(*) FROM invoices WHERE profile_id = ?", [sitter.profileId])).toBe(2);
    const [row] = await queryRows("SELECT plan, plan_change_started_at FROM subscriptions WHERE id = ?", [
      subscription.id,
    ]);
    expect(row).toMatchObject({ plan: "premium", plan_change_started_at: null });
  });

  it("answers a change under way (cancel too) with a 409 in the user's language, and takes over a crashed one's claim", async () => {
    const { sitter, subscription } = await subscribedSitter();
    await execute(
      "UPDATE subscriptions SET plan_change_started_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?",
      [subscription.id],
    );
    const mark = await requestCount();
    const underWay = await stripeApi(sitter, "POST", "cancel-subscription", { subscription_id: subscription.id });
    expect([underWay.status, underWay.body.error.code, underWay.body.error.message]).toEqual([
      409,
      "PLAN_CHANGE_IN_PROGRESS",
      CHANGE_IN_PROGRESS_FR,
    ]);
    const inEnglish = await stripeApi(
      sitter,
      "POST",
      "modify-subscription",
      { subscription_id: subscription.id, new_price_id: "premium" },
      EN,
    );
    expect(inEnglish.body.error.message).toBe("A plan change is already under way.");
    expect(await receivedSince(mark)).toEqual([]);

    await execute(
      "UPDATE subscriptions SET plan_change_started_at = strftime('%Y-%m-%dT%H:%M:%fZ','now','-3 minutes') WHERE id = ?",
      [subscription.id],
    );
    const cancelled = await stripeApi(sitter, "POST", "cancel-subscription", { subscription_id: subscription.id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ cancel_at_period_end: true });
  });

  it("turns Stripe's failure into a 502 with a message and frees the subscription for the next change", async () => {
    const { sitter, subscription } = await subscribedSitter();
    await control("fail", { path: "/v1/subscriptions/", times: 1 });
    const failed = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
    });
    expect([failed.status, failed.body.error.code, failed.body.error.message]).toEqual([
      502,
      "PROVIDER_ERROR",
      "Le service de paiement n'a pas pu traiter la demande. Réessayez dans un instant.",
    ]);
    const retried = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
    });
    expect(retried.status).toBe(200);
    expect(retried.body.subscription).toMatchObject({ plan: "premium" });
  });
});
