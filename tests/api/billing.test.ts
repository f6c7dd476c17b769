// Babysitter plans through the real Worker in workerd, on the Stripe path: the official `stripe` SDK
// (fetch client, SubtleCrypto) pointed at the local Stripe double (tests/stripe-double.ts), which
// records what it receives. Checkout, activation, plan changes, cancel and reactivate, the 14-day
// refund, invoices, webhooks (signature, replay, order), the Discovery trial's quota, and other
// users' ids changing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { REQUEST_LIMITS } from "../../db/constants/limits";
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
  subscriptionOf,
  subscriptionRow,
} from "./billing-helpers";
import {
  call,
  countRows,
  execute,
  insertBooking,
  newMember,
  queryRows,
  setPreferences,
  waitForEmail,
  type Member,
  ownStack,
} from "./helpers";

let parent: Member;

beforeAll(async () => {
  parent = await newMember("parent");
});

describe("the Discovery trial", () => {
  it("starts with every new babysitter: one month, 5 bookings, none used", async () => {
    const sitter = await newMember("babysitter");
    const subscription = await subscriptionOf(sitter);
    expect(subscription).toMatchObject({
      plan: "discovery",
      status: "trialing",
      bookings_included: 5,
      bookings_used: 0,
      amount: 0,
      cancel_at_period_end: false,
    });
    const days =
      (Date.parse(subscription.current_period_end) - Date.parse(subscription.current_period_start)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it("refuses the 6th acceptance with a clear message and a link's code, then accepts it once the plan is paid", async () => {
    const sitter = await newMember("babysitter");
    const ids = [];
    for (let i = 0; i < 6; i++)
      ids.push(await insertBooking(parent.profileId, sitter.profileId, "pending", 48 + i * 5));
    for (const id of ids.slice(0, 5)) {
      const accepted = await call("PATCH", `/api/bookings/${id}/status`, {
        json: { action: "accept" },
        cookie: sitter.cookie,
      });
      expect(accepted.status).toBe(200);
    }
    expect((await subscriptionOf(sitter)).bookings_used).toBe(5);
    const refused = await call("PATCH", `/api/bookings/${ids[5]}/status`, {
      json: { action: "accept" },
      cookie: sitter.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("PLAN_REQUIRED");
    expect(refused.body.error.message).toMatch(/^Votre essai Découverte est terminé/);
    const inEnglish = await call("PATCH", `/api/bookings/${ids[5]}/status`, {
      json: { action: "accept" },
      cookie: sitter.cookie,
      headers: EN,
    });
    expect(inEnglish.body.error.message).toMatch(/^Your Discovery trial is over/);
    expect(await countRows("SELECT count(*) FROM bookings WHERE id = ? AND status = 'pending'", [ids[5]])).toBe(1);

    const started = await checkout(sitter);
    await control(`pay/${started.body.payment_intent_id}`, {});
    expect((await stripeApi(sitter, "GET", `verify-payment/${started.body.payment_intent_id}`)).body.status).toBe(
      "succeeded",
    );
    const nowAccepted = await call("PATCH", `/api/bookings/${ids[5]}/status`, {
      json: { action: "accept" },
      cookie: sitter.cookie,
    });
    expect(nowAccepted.status).toBe(200);
    expect(nowAccepted.body.booking.status).toBe("confirmed");
  });

  it("gives the trial's last place to one of two acceptances racing for it", async () => {
    const sitter = await newMember("babysitter");
    const ids = [];
    for (let i = 0; i < 6; i++)
      ids.push(await insertBooking(parent.profileId, sitter.profileId, "pending", 48 + i * 5));
    for (const id of ids.slice(0, 4)) {
      expect(
        (await call("PATCH", `/api/bookings/${id}/status`, { json: { action: "accept" }, cookie: sitter.cookie }))
          .status,
      ).toBe(200);
    }
    const race = await Promise.all(
      ids
        .slice(4)
        .map((id) =>
          call("PATCH", `/api/bookings/${id}/status`, { json: { action: "accept" }, cookie: sitter.cookie }),
        ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(
      await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ? AND status = 'confirmed'", [
        sitter.profileId,
      ]),
    ).toBe(5);
  });

  it("ends after its month: no acceptance, and settings shows no subscription", async () => {
    const sitter = await newMember("babysitter");
    await execute(
      "UPDATE subscriptions SET current_period_start = strftime('%Y-%m-%dT%H:%M:%fZ','now','-40 days'), current_period_end = strftime('%Y-%m-%dT%H:%M:%fZ','now','-9 days') WHERE profile_id = ?",
      [sitter.profileId],
    );
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending", 60);
    const refused = await call("PATCH", `/api/bookings/${id}/status`, {
      json: { action: "accept" },
      cookie: sitter.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("PLAN_REQUIRED");
    expect(await subscriptionOf(sitter)).toBeNull();
  });
});

describe("checkout on Stripe", () => {
  it("refuses parents, strangers, unknown and free plans, and amounts that are not the plan's", async () => {
    const sitter = await newMember("babysitter");
    const fromParent = await checkout(parent);
    expect(fromParent.status).toBe(403);
    expect(fromParent.body.error.code).toBe("BABYSITTERS_ONLY");
    expect(
      (
        await call("POST", "/api/stripe/create-payment-intent", {
          json: { plan: "standard", amount: 1900, currency: "eur" },
        })
      ).status,
    ).toBe(401);
    const unknown = await checkout(sitter, "gold");
    expect([unknown.status, unknown.body.error.message]).toEqual([404, "Plan non trouvé"]);
    const free = await checkout(sitter, "discovery", 0);
    expect([free.status, free.body.error.message]).toEqual([400, "Plan d'abonnement invalide"]);
    expect((await checkout(sitter, "standard", 100)).status).toBe(400);
    expect((await checkout(sitter, "standard", 1900, {})).status).toBe(200);
    expect(await countRows("SELECT count(*) FROM checkouts WHERE profile_id = ?", [sitter.profileId])).toBe(1);
  });

  it("creates the customer and an incomplete subscription at the plan's price, and reuses them on a reload", async () => {
    const sitter = await newMember("babysitter");
    const mark = await requestCount();
    const first = await checkout(sitter);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      provider: "stripe",
      publishable_key: "pk_test_veilleuse_double",
      plan: "standard",
      amount: 1900,
      currency: "eur",
    });
    expect(first.body.client_secret.startsWith(`${first.body.payment_intent_id}_secret_`)).toBe(true);
    const sent = await receivedSince(mark);
    const customer = sent.find((r) => r.path === "/v1/customers")!;
    expect(customer.params).toMatchObject({ email: sitter.email, "metadata[profile_id]": sitter.profileId });
    expect(customer.idempotencyKey).toBe(`customer-${sitter.profileId}`);
    const created = sent.find((r) => r.path === "/v1/subscriptions")!;
    expect(created.params).toMatchObject({
      "items[0][price]": DOUBLE_PRICES.standard,
      payment_behavior: "default_incomplete",
      "payment_settings[save_default_payment_method]": "on_subscription",
      "expand[0]": "latest_invoice.confirmation_secret",
    });
    expect(created.idempotencyKey).toMatch(/^checkout-/);

    const again = await checkout(sitter);
    expect(again.body.payment_intent_id).toBe(first.body.payment_intent_id);
    expect((await receivedSince(mark)).filter((r) => r.path === "/v1/subscriptions")).toHaveLength(1);
  });

  it("switches the plan on only once the card paid, idempotently, and shows what the success page needs", async () => {
    const sitter = await newMember("babysitter");
    const started = await checkout(sitter);
    const pi = started.body.payment_intent_id;
    const before = await stripeApi(sitter, "POST", "activate-subscription", { payment_intent_id: pi });
    expect(before.body.status).toBe("processing");
    expect((await subscriptionOf(sitter)).plan).toBe("discovery");

    await control(`pay/${pi}`, {});
    const activated = await stripeApi(sitter, "POST", "activate-subscription", {
      payment_intent_id: pi,
      subscription_details: {},
    });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({
      status: "succeeded",
      plan: "standard",
      plan_name: "Standard",
      amount: 1900,
      currency: "eur",
      transaction_id: pi,
      provider: "stripe",
      failure_message: null,
    });
    expect(activated.body.invoice_number).toMatch(/^DBL-/);
    expect(Date.parse(activated.body.next_billing_date)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    await stripeApi(sitter, "GET", `verify-payment/${pi}`);
    await stripeApi(sitter, "POST", "activate-subscription", { payment_intent_id: pi });

    expect(await subscriptionOf(sitter)).toMatchObject({
      plan: "standard",
      status: "active",
      amount: 1900,
      provider: "stripe",
    });
    expect(
      await countRows("SELECT count(*) FROM subscriptions WHERE profile_id = ? AND plan = 'standard'", [
        sitter.profileId,
      ]),
    ).toBe(1);
    expect(await countRows("SELECT count(*) FROM invoices WHERE profile_id = ?", [sitter.profileId])).toBe(1);
    expect(
      await countRows(
        "SELECT count(*) FROM subscriptions WHERE profile_id = ? AND plan = 'discovery' AND status = 'canceled'",
        [sitter.profileId],
      ),
    ).toBe(1);
    expect(await mirroredPlan(sitter.profileId)).toBe("standard");
    // Search priority reads the plan from the search document the profile's triggers keep.
    expect((await queryRows("SELECT plan FROM sitter_search WHERE profile_id = ?", [sitter.profileId]))[0].plan).toBe(
      "standard",
    );
    const [invoice] = await queryRows(
      "SELECT status, amount_paid_cents, payment_intent_id, paid_at FROM invoices WHERE profile_id = ?",
      [sitter.profileId],
    );
    expect(invoice).toMatchObject({ status: "paid", amount_paid_cents: 1900, payment_intent_id: pi });
    expect(invoice.paid_at).not.toBeNull();

    expect((await checkout(sitter, "premium", 3900)).status).toBe(409);
  });

  it("reports a declined card as failed, with the bank's message, and switches nothing on", async () => {
    const sitter = await newMember("babysitter");
    const started = await checkout(sitter);
    await control(`decline/${started.body.payment_intent_id}`, {});
    const verified = await stripeApi(sitter, "GET", `verify-payment/${started.body.payment_intent_id}`);
    expect(verified.body).toMatchObject({ status: "failed", failure_message: "Your card was declined." });
    expect((await subscriptionOf(sitter)).plan).toBe("discovery");
  });

  it("keeps each payment to its owner: another babysitter's id is not found and changes nothing", async () => {
    const owner = await newMember("babysitter");
    const stranger = await newMember("babysitter");
    const started = await checkout(owner);
    await control(`pay/${started.body.payment_intent_id}`, {});
    for (const attempt of [
      stripeApi(stranger, "GET", `verify-payment/${started.body.payment_intent_id}`),
      stripeApi(stranger, "POST", "activate-subscription", { payment_intent_id: started.body.payment_intent_id }),
    ]) {
      const answer = await attempt;
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("PAYMENT_NOT_FOUND");
    }
    expect((await subscriptionOf(owner)).plan).toBe("discovery");
    expect((await subscriptionOf(stranger)).plan).toBe("discovery");
  });

  it("has no demo payment when Stripe is configured", async () => {
    const sitter = await newMember("babysitter");
    const started = await checkout(sitter);
    const demo = await stripeApi(sitter, "POST", "demo/confirm-payment", {
      payment_intent_id: started.body.payment_intent_id,
      card_number: "4242 4242 4242 4242",
      card_expiry: "12/34",
      card_cvc: "123",
    });
    expect(demo.status).toBe(404);
    expect((await subscriptionOf(sitter)).plan).toBe("discovery");
  });

  it("limits checkouts per account with a 429", async () => {
    const sitter = await newMember("babysitter");
    await execute("INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?, ?, ?)", [
      `limit:checkoutStartPerUser:${sitter.profileId.toLowerCase()}`,
      REQUEST_LIMITS.checkoutStartPerUser.maxAttempts - 1,
      Date.now(),
    ]);
    expect((await checkout(sitter)).status).toBe(200);
    const refused = await checkout(sitter, "premium", 3900);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect(await countRows("SELECT count(*) FROM checkouts WHERE profile_id = ?", [sitter.profileId])).toBe(1);
  });

  it("lets the checkout page load Stripe.js: the Worker's pages allow it and say so", async () => {
    const page = await call("GET", "/payment/standard");
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(page.body).toContain('data-payments="stripe"');
  });
});

describe("changing, cancelling, reactivating", () => {
  it("upgrades to Premium with proration, invoicing the difference", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const mark = await requestCount();
    const changed = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.subscription).toMatchObject({ plan: "premium", amount: 3900, status: "active" });
    const update = (await receivedSince(mark)).find(
      (r) => r.method === "POST" && r.path.startsWith("/v1/subscriptions/"),
    )!;
    expect(update.params).toMatchObject({
      "items[0][price]": DOUBLE_PRICES.premium,
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    expect(update.params["items[0][id]"]).toMatch(/^si_/);
    expect(await mirroredPlan(sitter.profileId)).toBe("premium");
    const [audited] = await queryRows(
      "SELECT metadata FROM audit_events WHERE action = 'subscription.plan_change' AND resource = ?",
      [`subscription:${subscription.id}`],
    );
    expect(JSON.parse(String(audited[0]))).toEqual({ from: "standard", to: "premium" });
    const invoices = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    expect(invoices).toHaveLength(2);
    expect(invoices[0].amount_paid).toBeGreaterThan(1900);
    expect(invoices[0].amount_paid).toBeLessThanOrEqual(2000);

    const same = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
    });
    expect(same.status).toBe(409);
    const invalid = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "discovery",
    });
    expect([invalid.status, invalid.body.error.message]).toEqual([400, "Plan d'abonnement invalide"]);
  });

  it("quotes a change before it is made (Stripe's invoice preview), then charges exactly the quote", async () => {
    const { sitter, subscription } = await subscribedSitter();
    // 10 days of a 30-day period are gone: two thirds of the 20 EUR difference are due now.
    const start = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const end = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const stripeId = subscription.stripe_subscription_id;
    await control(`set-subscription/${stripeId}`, {
      items: {
        object: "list",
        data: [
          {
            ...(await control(`subscription/${stripeId}`)).items.data[0],
            current_period_start: Math.floor(Date.parse(start) / 1000),
            current_period_end: Math.floor(Date.parse(end) / 1000),
          },
        ],
      },
    });
    await execute("UPDATE subscriptions SET current_period_start = ?, current_period_end = ? WHERE id = ?", [
      start,
      end,
      subscription.id,
    ]);
    const mark = await requestCount();
    const query = `preview-plan-change?subscription_id=${subscription.id}&plan=premium`;
    const quote = await stripeApi(sitter, "GET", query);
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ plan: "premium", currency: "eur", next_amount: 3900 });
    expect(quote.body.next_billing_date.slice(0, 16)).toBe(end.slice(0, 16));
    expect(Math.abs(quote.body.amount_today - 1333)).toBeLessThanOrEqual(2);
    const asked = (await receivedSince(mark)).find((r) => r.path === "/v1/invoices/create_preview")!;
    expect(asked.params).toMatchObject({
      subscription: stripeId,
      "subscription_details[items][0][price]": DOUBLE_PRICES.premium,
      "subscription_details[proration_behavior]": "always_invoice",
      "subscription_details[proration_date]": String(Math.floor(Date.parse(quote.body.applies_from) / 1000)),
    });
    expect((await stripeApi(sitter, "GET", "get-invoices")).body.invoices).toHaveLength(1); // a quote charges nothing

    const changed = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
      quoted_at: quote.body.applies_from,
    });
    expect(changed.status).toBe(200);
    const [charged] = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    expect(charged.amount_paid).toBe(quote.body.amount_today);
    const update = (await receivedSince(mark)).find(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${stripeId}`,
    )!;
    expect(update.params.proration_date).toBe(asked.params["subscription_details[proration_date]"]);

    const downgrade = await stripeApi(
      sitter,
      "GET",
      `preview-plan-change?subscription_id=${subscription.id}&plan=standard`,
    );
    expect(downgrade.body).toMatchObject({ plan: "standard", amount_today: 0, next_amount: 1900 });
  });

  it("refuses a quote for the plan she is on, a free plan, a stranger's subscription or a parent, in her language", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const stranger = await newMember("babysitter");
    const quote = (who: Member, plan: string, headers = {}) =>
      stripeApi(who, "GET", `preview-plan-change?subscription_id=${subscription.id}&plan=${plan}`, undefined, headers);
    expect((await quote(sitter, "standard", EN)).body.error.message).toBe("You are already on this plan.");
    expect((await quote(sitter, "standard")).status).toBe(409);
    expect([(await quote(sitter, "discovery")).status, (await quote(sitter, "gold")).status]).toEqual([400, 404]);
    expect((await quote(stranger, "premium")).status).toBe(404);
    expect((await quote(parent, "premium")).status).toBe(403);
    const trial = await subscriptionOf(stranger);
    const onTrial = await stripeApi(stranger, "GET", `preview-plan-change?subscription_id=${trial.id}&plan=premium`);
    expect(onTrial.status).toBe(409);
  });

  it("limits quotes per babysitter: 20 at once with one left, one asks the provider, 19 are told to wait", async () => {
    const { sitter, subscription } = await subscribedSitter();
    await execute("INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?, ?, ?)", [
      `limit:planPreviewPerUser:${sitter.profileId.toLowerCase()}`,
      REQUEST_LIMITS.planPreviewPerUser.maxAttempts - 1,
      Date.now(),
    ]);
    const mark = await requestCount();
    const query = `preview-plan-change?subscription_id=${subscription.id}&plan=premium`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => stripeApi(sitter, "GET", query)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    const quotes = (await receivedSince(mark)).filter((r) => r.path === "/v1/invoices/create_preview");
    expect(quotes).toHaveLength(1);
  });

  it("cancels at the period's end, once, and reactivates", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const mark = await requestCount();
    const cancelled = await stripeApi(sitter, "POST", "cancel-subscription", { subscription_id: subscription.id });
    expect(cancelled.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect((await receivedSince(mark)).at(-1)!.params).toMatchObject({ cancel_at_period_end: "true" });
    expect(await mirroredPlan(sitter.profileId)).toBe("standard");
    expect((await stripeApi(sitter, "POST", "cancel-subscription", { subscription_id: subscription.id })).status).toBe(
      409,
    );

    const reactivated = await stripeApi(sitter, "POST", "reactivate-subscription", {
      subscription_id: subscription.id,
    });
    expect(reactivated.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect((await receivedSince(mark)).at(-1)!.params).toMatchObject({ cancel_at_period_end: "false" });
    expect(
      (await stripeApi(sitter, "POST", "reactivate-subscription", { subscription_id: subscription.id })).status,
    ).toBe(409);
    // Each change she made is in the audit log once, under her account, with where she acted from;
    // the refused repeats are not.
    const entries = await queryRows(
      "SELECT action, user_id IS NOT NULL, user_agent IS NOT NULL FROM audit_events WHERE resource = ? ORDER BY created_at, action",
      [`subscription:${subscription.id}`],
    );
    expect(entries.map((row) => [row[0], Number(row[1]), Number(row[2])])).toEqual([
      ["subscription.cancel", 1, 1],
      ["subscription.reactivate", 1, 1],
    ]);
  });

  it("never touches another babysitter's subscription", async () => {
    const { sitter: owner, subscription } = await subscribedSitter();
    const stranger = await newMember("babysitter");
    const mark = await requestCount();
    for (const [path, body] of [
      ["modify-subscription", { subscription_id: subscription.id, new_price_id: "premium" }],
      ["cancel-subscription", { subscription_id: subscription.id }],
      ["reactivate-subscription", { subscription_id: subscription.id }],
    ] as const) {
      const answer = await stripeApi(stranger, "POST", path, body);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("SUBSCRIPTION_NOT_FOUND");
    }
    const fromParent = await stripeApi(parent, "POST", "cancel-subscription", { subscription_id: subscription.id });
    expect(fromParent.status).toBe(403);
    expect(await receivedSince(mark)).toEqual([]);
    expect(await subscriptionRow(owner.profileId)).toMatchObject({
      plan: "standard",
      status: "active",
      cancel_at_period_end: 0,
    });
  });
});

describe("invoices and the 14-day refund", () => {
  it("lists and serves the caller's invoices only (Stripe's PDF, saved as facture-{id}.pdf)", async () => {
    const { sitter } = await subscribedSitter();
    const stranger = await newMember("babysitter");
    const [invoice] = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    expect(invoice).toMatchObject({
      status: "paid",
      amount_paid: 1900,
      currency: "eur",
      refunded: 0,
      refundable: true,
    });
    expect(invoice.hosted_invoice_url).toMatch(/^https:\/\/invoice\.stripe\.com\//);
    const pdf = await fetch(`${ownStack().baseUrl}/api/stripe/download-invoice/${invoice.id}`, {
      headers: { cookie: sitter.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="facture-${invoice.id}.pdf"`);
    expect((await pdf.text()).startsWith("%PDF")).toBe(true);
    expect((await stripeApi(stranger, "GET", `download-invoice/${invoice.id}`)).status).toBe(404);
    expect((await stripeApi(stranger, "GET", "get-invoices")).body.invoices).toEqual([]);
  });

  it("refunds every payment of the period younger than 14 days, ends the plan and gives back the rest of the trial, telling her", async () => {
    const { sitter, paymentIntent, subscription } = await subscribedSitter();
    // She had used 10 days and 2 bookings of her trial when she paid (what remained: 20 days, 3 bookings).
    const trialEnd = new Date(Date.now() + 20 * 86_400_000).toISOString();
    await execute(
      `UPDATE subscriptions SET current_period_start = strftime('%Y-%m-%dT%H:%M:%fZ','now','-10 days'),
        current_period_end = ?, canceled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
        WHERE profile_id = ? AND plan = 'discovery'`,
      [trialEnd, sitter.profileId],
    );
    for (const daysAgo of [3, 5]) {
      const booking = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 24 * daysAgo);
      await execute(
        `UPDATE bookings SET responded_at = strftime('%Y-%m-%dT%H:%M:%fZ','now','-${daysAgo} days') WHERE id = ?`,
        [booking],
      );
    }
    const upgraded = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
    });
    expect(upgraded.status).toBe(200);
    const before = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    expect(before.map((invoice: { status: string }) => invoice.status)).toEqual(["paid", "paid"]);
    const [upgrade, first] = before;
    const stranger = await newMember("babysitter");
    expect((await stripeApi(stranger, "POST", "request-refund", { invoice_id: first.id })).status).toBe(404);

    const mark = await requestCount();
    const refunded = await stripeApi(sitter, "POST", "request-refund", { invoice_id: first.id });
    expect(refunded.status).toBe(200);
    expect(refunded.body.invoice).toMatchObject({ id: first.id, refunded: 1900, refundable: false });
    expect(refunded.body.refunded_invoices.map((invoice: { id: string }) => invoice.id).sort()).toEqual(
      [first.id, upgrade.id].sort(),
    );
    const sent = await receivedSince(mark);
    const refunds = sent.filter((r) => r.path === "/v1/refunds");
    expect(refunds.map((r) => r.params.amount).sort()).toEqual([String(upgrade.amount_paid), "1900"].sort());
    expect(refunds.find((r) => r.params.amount === "1900")!.params).toMatchObject({
      payment_intent: paymentIntent,
      reason: "requested_by_customer",
    });
    expect(refunds.map((r) => r.idempotencyKey).sort()).toEqual([`refund-${first.id}`, `refund-${upgrade.id}`].sort());
    expect(sent.some((r) => r.method === "DELETE" && r.path.startsWith("/v1/subscriptions/"))).toBe(true);

    // Each invoice reads refunded; she is back on Discovery with what remained: 20 days and 3 bookings.
    const after = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    expect(after.map((invoice: { refunded: number; amount_paid: number }) => invoice.refunded)).toEqual(
      after.map((invoice: { amount_paid: number }) => invoice.amount_paid),
    );
    const trial = await subscriptionOf(sitter);
    expect(trial).toMatchObject({ plan: "discovery", status: "trialing", bookings_included: 3, bookings_used: 0 });
    expect(refunded.body.subscription).toMatchObject({ id: trial.id, plan: "discovery" });
    const daysLeft = (Date.parse(trial.current_period_end) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(19.9);
    expect(daysLeft).toBeLessThanOrEqual(20);
    expect(await mirroredPlan(sitter.profileId)).toBe("discovery");
    expect(
      await countRows("SELECT count(*) FROM refunds WHERE subscription_id = ? AND status = 'succeeded'", [
        subscription.id,
      ]),
    ).toBe(2);

    const email = await waitForEmail(sitter.email, "Remboursement de votre abonnement Premium");
    expect(email?.body).toContain("Vous retrouvez le plan Découverte");
    const again = await stripeApi(sitter, "POST", "request-refund", { invoice_id: upgrade.id });
    expect([again.status, again.body.error.message]).toEqual([409, "Cette facture a déjà été remboursée."]);
    expect(await countRows("SELECT count(*) FROM refunds WHERE subscription_id = ?", [subscription.id])).toBe(2);
  });

  it("leaves an earlier period's invoices alone and gives no trial back when none of it remained", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const [first] = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    // The trial had ended before she paid; her first invoice belongs to a period that is over.
    await execute(
      "UPDATE subscriptions SET current_period_end = canceled_at WHERE profile_id = ? AND plan = 'discovery'",
      [sitter.profileId],
    );
    await execute(
      `UPDATE subscriptions SET current_period_start = strftime('%Y-%m-%dT%H:%M:%fZ','now','-1 days') WHERE id = ?`,
      [subscription.id],
    );
    await execute(
      `UPDATE invoices SET period_end = strftime('%Y-%m-%dT%H:%M:%fZ','now','-2 days'),
        paid_at = strftime('%Y-%m-%dT%H:%M:%fZ','now','-3 days') WHERE id = ?`,
      [first.id],
    );
    const upgraded = await stripeApi(sitter, "POST", "modify-subscription", {
      subscription_id: subscription.id,
      new_price_id: "premium",
    });
    expect(upgraded.status).toBe(200);
    const upgrade = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices.find(
      (invoice: { id: string }) => invoice.id !== first.id,
    );
    const refunded = await stripeApi(sitter, "POST", "request-refund", { invoice_id: upgrade.id });
    expect(refunded.status).toBe(200);
    expect(refunded.body.refunded_invoices.map((invoice: { id: string }) => invoice.id)).toEqual([upgrade.id]);
    expect(refunded.body.subscription).toBeNull();
    expect(await subscriptionOf(sitter)).toBeNull();
    expect(await countRows("SELECT refunded_cents FROM invoices WHERE id = ?", [first.id])).toBe(0);
    const email = await waitForEmail(sitter.email, "Remboursement de votre abonnement Premium");
    expect(email?.body).toContain("Votre essai Découverte était terminé");
  });

  it("refuses a refund after 14 days, changing nothing", async () => {
    const { sitter } = await subscribedSitter();
    const [invoice] = (await stripeApi(sitter, "GET", "get-invoices")).body.invoices;
    await execute("UPDATE invoices SET paid_at = strftime('%Y-%m-%dT%H:%M:%fZ','now','-15 days') WHERE id = ?", [
      invoice.id,
    ]);
    const mark = await requestCount();
    const late = await stripeApi(sitter, "POST", "request-refund", { invoice_id: invoice.id });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/14 jours/);
    expect(await receivedSince(mark)).toEqual([]);
    expect((await subscriptionOf(sitter)).status).toBe("active");
  });
});

describe("the Worker's cron", () => {
  it("runs the plans' clock: a renewal 2 days ahead gets its notice, once", async () => {
    const { sitter, subscription } = await subscribedSitter("premium");
    await execute(
      "UPDATE subscriptions SET current_period_end = strftime('%Y-%m-%dT%H:%M:%fZ','now','+2 days') WHERE id = ?",
      [subscription.id],
    );
    for (let run = 0; run < 2; run++) {
      const scheduled = await call("GET", "/__scheduled?cron=*/15+*+*+*+*");
      expect(scheduled.status).toBe(200);
    }
    const notices = () =>
      countRows("SELECT count(*) FROM notifications WHERE profile_id = ? AND title LIKE 'Renouvellement%'", [
        sitter.profileId,
      ]);
    for (let i = 0; i < 50 && (await notices()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await notices()).toBe(1);
    const [notice] = await queryRows(
      "SELECT message FROM notifications WHERE profile_id = ? AND title LIKE 'Renouvellement%'",
      [sitter.profileId],
    );
    expect(String(notice.message)).toMatch(/39,00\s€/);
  });
});

describe("the Stripe webhook", () => {
  it("refuses unsigned, forged and expired deliveries", async () => {
    const event = stripeEvent("customer.subscription.updated", {});
    const unsigned = await deliver(event, { signature: null });
    expect(unsigned.status).toBe(400);
    expect((await deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);
    expect(await countRows("SELECT count(*) FROM stripe_events WHERE id = ?", [event.id])).toBe(0);
  });

  it("applies a newer subscription state once, ignores a replay, and never lets an older one overwrite it", async () => {
    const { sitter, subscription } = await subscribedSitter();
    const remote = await control(`subscription/${subscription.stripe_subscription_id}`);
    const t = Math.floor(Date.now() / 1000) + 60;
    const pastDue = stripeEvent(
      "customer.subscription.updated",
      { ...remote, status: "past_due", latest_invoice: null },
      t + 20,
    );
    const staleActive = stripeEvent(
      "customer.subscription.updated",
      { ...remote, status: "active", cancel_at_period_end: true, latest_invoice: null },
      t,
    );

    const applied = await deliver(pastDue);
    expect(applied.body).toEqual({ received: true, outcome: "processed" });
    expect(await subscriptionRow(sitter.profileId)).toMatchObject({ status: "past_due" });
    const replay = await deliver(pastDue);
    expect(replay.body.outcome).toBe("duplicate");
    const stale = await deliver(staleActive);
    expect(stale.status).toBe(200);
    expect(await subscriptionRow(sitter.profileId)).toMatchObject({ status: "past_due", cancel_at_period_end: 0 });
    expect(await countRows("SELECT count(*) FROM stripe_events WHERE id IN (?, ?)", [pastDue.id, staleActive.id])).toBe(
      2,
    );

    const deleted = stripeEvent(
      "customer.subscription.deleted",
      { ...remote, status: "canceled", canceled_at: t + 40, latest_invoice: null },
      t + 40,
    );
    await deliver(deleted);
    expect(await subscriptionRow(sitter.profileId)).toMatchObject({ status: "canceled" });
    expect(await mirroredPlan(sitter.profileId)).toBe("discovery");
  });

  it("sets past_due on a failed renewal and sends the high-priority notice, once, by the sitter's channels", async () => {
    const { sitter, subscription } = await subscribedSitter("premium");
    // SMS on: the failure goes by email and SMS (push needs a device subscription).
    await setPreferences(sitter, { sms_enabled: true });
    const remote = await control(`subscription/${subscription.stripe_subscription_id}`);
    const invoice = {
      ...(await control(`invoice/${remote.latest_invoice.id}`)),
      id: `in_renewal_${Date.now()}`,
      status: "open",
      amount_paid: 0,
      amount_due: 3900,
      number: `DBL-R${Date.now()}`,
    };
    const failed = stripeEvent("invoice.payment_failed", invoice, Math.floor(Date.now() / 1000) + 120);
    expect((await deliver(failed)).body.outcome).toBe("processed");
    expect(await subscriptionRow(sitter.profileId)).toMatchObject({ status: "past_due" });
    const sent = () =>
      queryRows("SELECT channel, status FROM outbox WHERE idempotency_key LIKE ? ORDER BY channel", [
        `paymentFailed:${failed.id}:%`,
      ]);
    expect((await sent()).map((n) => [n.channel, n.status])).toEqual([
      ["email", "simulated"],
      ["sms", "sent"],
    ]);
    const [notice] = await queryRows(
      "SELECT title, message FROM notifications WHERE profile_id = ? AND title LIKE 'Échec du paiement%'",
      [sitter.profileId],
    );
    expect(String(notice.message)).toMatch(/39,00\s€/);
    await deliver(failed);
    expect(await sent()).toHaveLength(2);
    // Audited once (the replay changes nothing), in her trail, as a failure.
    const audited = await queryRows(
      "SELECT status, severity FROM audit_events WHERE action = 'payment.failed' AND resource = ?",
      [`subscription:${subscription.id}`],
    );
    expect(audited.map((row) => [row[0], row[1]])).toEqual([["failure", "medium"]]);
    expect(
      await countRows("SELECT count(*) FROM notifications WHERE profile_id = ? AND title LIKE 'Échec du paiement%'", [
        sitter.profileId,
      ]),
    ).toBe(1);
  });

  it("switches the plan on from invoice.paid when the babysitter left before the success page", async () => {
    const sitter = await newMember("babysitter");
    const started = await checkout(sitter);
    const paid = await control(`pay/${started.body.payment_intent_id}`, {});
    const event = stripeEvent("invoice.paid", paid.invoice);
    expect((await deliver(event)).body.outcome).toBe("processed");
    expect(await subscriptionOf(sitter)).toMatchObject({ plan: "standard", status: "active" });
    expect(
      await countRows("SELECT count(*) FROM checkouts WHERE profile_id = ? AND status = 'succeeded'", [
        sitter.profileId,
      ]),
    ).toBe(1);
  });

  it("switches the plan on fully when customer.subscription.updated (active) comes before invoice.paid", async () => {
    const sitter = await newMember("babysitter");
    const started = await checkout(sitter);
    const paid = await control(`pay/${started.body.payment_intent_id}`, {});
    const active = stripeEvent("customer.subscription.updated", { ...paid.subscription, latest_invoice: null });
    expect((await deliver(active)).body.outcome).toBe("processed");
    expect((await deliver(stripeEvent("invoice.paid", paid.invoice))).body.outcome).toBe("processed");
    expect(await subscriptionOf(sitter)).toMatchObject({ plan: "standard", status: "active" });
    const rows = await queryRows("SELECT plan, status FROM subscriptions WHERE profile_id = ? ORDER BY plan", [
      sitter.profileId,
    ]);
    expect(rows.map((r) => [r.plan, r.status])).toEqual([
      ["discovery", "canceled"],
      ["standard", "active"],
    ]);
    expect(
      await countRows(
        "SELECT count(*) FROM checkouts WHERE profile_id = ? AND status = 'succeeded' AND subscription_id IS NOT NULL",
        [sitter.profileId],
      ),
    ).toBe(1);
    expect(
      await countRows("SELECT count(*) FROM invoices WHERE profile_id = ? AND status = 'paid'", [sitter.profileId]),
    ).toBe(1);
  });

  it("drops a checkout whose first payment Stripe expired, so the next visit starts a new one", async () => {
    const sitter = await newMember("babysitter");
    const started = await checkout(sitter);
    const remote = await control(
      `subscription/${(await queryRows("SELECT provider_subscription_id FROM checkouts WHERE profile_id = ?", [sitter.profileId]))[0].provider_subscription_id}`,
    );
    const expired = stripeEvent("customer.subscription.updated", {
      ...remote,
      status: "incomplete_expired",
      latest_invoice: null,
    });
    expect((await deliver(expired)).body.outcome).toBe("processed");
    expect(
      await countRows("SELECT count(*) FROM checkouts WHERE profile_id = ? AND status = 'expired'", [sitter.profileId]),
    ).toBe(1);
    const fresh = await checkout(sitter);
    expect(fresh.body.payment_intent_id).not.toBe(started.body.payment_intent_id);
    expect((await subscriptionOf(sitter)).plan).toBe("discovery");
  });

  it("acknowledges events that are not ours without changing anything", async () => {
    const other = stripeEvent("charge.refunded", { id: "ch_1", object: "charge" });
    expect((await deliver(other)).body).toEqual({ received: true, outcome: "ignored" });
    const stranger = stripeEvent("customer.subscription.updated", {
      id: "sub_unknown",
      object: "subscription",
      customer: "cus_unknown",
      status: "active",
      cancel_at_period_end: false,
      canceled_at: null,
      items: {
        data: [
          {
            id: "si_x",
            price: { id: DOUBLE_PRICES.standard, unit_amount: 1900 },
            current_period_start: 1,
            current_period_end: 2,
          },
        ],
      },
      latest_invoice: null,
    });
    expect((await deliver(stranger)).body.outcome).toBe("ignored");
    expect(await countRows("SELECT count(*) FROM subscriptions WHERE stripe_subscription_id = 'sub_unknown'", [])).toBe(
      0,
    );
  });
});
