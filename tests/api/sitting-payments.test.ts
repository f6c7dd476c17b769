// Paying a sitting through the real Worker, against the local Stripe double (Connect): a babysitter
// opens her Express account once however often she clicks; a parent pays what the hours that stand
// come to, computed by the server, plus a whole-euro tip, the whole amount transferred to the
// sitter with no fee; twenty clicks at once open one payment; Stripe's events are replayed and come
// out of order without paying twice; nobody else's booking is readable or payable; a sitting can be
// marked as settled outside Veilleuse, once.
import { beforeAll, describe, expect, it } from "vitest";
import { control, deliver, receivedSince, requestCount } from "./billing-helpers";
import { onboarding, payableSitter, paymentOf, settledSitting, startPayment } from "./sitting-payment-helpers";
import {
  burst,
  call,
  countRows,
  eventually,
  execute,
  expectPdf,
  newMember,
  noticesOf,
  queryRows,
  type Member,
} from "./helpers";

const paymentIntentEvent = (
  type: string,
  intent: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) => ({
  id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
  object: "event",
  type,
  created,
  data: { object: intent },
});

let parent: Member;
beforeAll(async () => {
  parent = await newMember("parent");
});

describe("the babysitter's payout account", () => {
  it("opens one Express account of twenty clicks at once, and sends her to Stripe's onboarding page", async () => {
    const sitter = await newMember("babysitter");
    expect((await call("GET", "/api/payouts/account", { cookie: sitter.cookie })).body).toEqual({
      status: "none",
      provider: null,
    });
    const mark = await requestCount();
    const { answers, tally } = await burst(20, () => onboarding(sitter));
    expect(tally).toEqual({ 200: 20 });
    for (const answer of answers) {
      expect(answer.body.account).toEqual({ status: "pending", provider: "stripe" });
      expect(answer.body.onboarding_url).toMatch(/\/connect\/onboarding\/acct_/);
    }
    expect(await countRows("SELECT count(*) FROM payout_accounts WHERE profile_id = ?", [sitter.profileId])).toBe(1);
    const created = (await receivedSince(mark)).filter((r) => r.method === "POST" && r.path === "/v1/accounts");
    expect(new Set(created.map((r) => r.idempotencyKey))).toEqual(new Set([`payout-account-${sitter.profileId}`]));
    expect(created[0].params).toMatchObject({ type: "express", country: "FR", email: sitter.email });
    const link = (await receivedSince(mark)).find((r) => r.path === "/v1/account_links")!;
    expect(link.params.type).toBe("account_onboarding");
    expect(link.params.return_url).toMatch(/\/settings\?payouts=return$/);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'payout.account_open' AND resource = ?", [
        `payout_account:${created[0] ? (await queryRows("SELECT account_id FROM payout_accounts WHERE profile_id = ?", [sitter.profileId]))[0].account_id : ""}`,
      ]),
    ).toBe(1);
  });

  it("is a babysitter's only: a parent gets 403 and no account", async () => {
    const answer = await onboarding(parent);
    expect(answer.status).toBe(403);
    expect(await countRows("SELECT count(*) FROM payout_accounts WHERE profile_id = ?", [parent.profileId])).toBe(0);
  });

  it("follows Stripe's account.updated, never an older state over a newer one", async () => {
    const sitter = await newMember("babysitter");
    await onboarding(sitter);
    const [row] = await queryRows("SELECT account_id FROM payout_accounts WHERE profile_id = ?", [sitter.profileId]);
    const account = (state: Record<string, boolean>) => ({ id: row.account_id, object: "account", ...state });
    const now = Math.floor(Date.now() / 1000);
    const enabled = { details_submitted: true, charges_enabled: true, payouts_enabled: true };
    expect((await deliver(paymentIntentEvent("account.updated", account(enabled), now))).status).toBe(200);
    const older = { details_submitted: false, charges_enabled: false, payouts_enabled: false };
    await deliver(paymentIntentEvent("account.updated", account(older), now - 60));
    expect((await call("GET", "/api/payouts/account", { cookie: sitter.cookie })).body.status).toBe("enabled");
  });
});

describe("paying a sitting by card", () => {
  it("charges the hours that stand plus the tip, all to her account, once of twenty clicks", async () => {
    const { sitter, accountId } = await payableSitter();
    const id = await settledSitting(parent, sitter);
    expect((await paymentOf(parent, id)).body.payment).toMatchObject({
      state: "due",
      amount_cents: 4500,
      total_cents: 4500,
      payouts_ready: true,
    });
    const mark = await requestCount();
    const { answers, tally } = await burst(20, () => startPayment(parent, id, { tip_cents: 500 }));
    expect(tally).toEqual({ 200: 20 });
    const intents = new Set(answers.map((answer) => answer.body.payment_intent_id));
    expect(intents.size).toBe(1);
    expect(answers[0].body).toMatchObject({
      provider: "stripe",
      amount_cents: 4500,
      tip_cents: 500,
      total_cents: 5000,
    });
    expect(await countRows("SELECT count(*) FROM sitting_payments WHERE booking_id = ?", [id])).toBe(1);
    const created = (await receivedSince(mark)).filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    expect(created.length).toBeGreaterThan(0);
    for (const request of created)
      expect(request.params).toMatchObject({
        amount: "5000",
        currency: "eur",
        "transfer_data[destination]": accountId,
        "metadata[kind]": "sitting",
        "metadata[booking_id]": id,
      });
    expect(created.every((r) => r.params.application_fee_amount === undefined)).toBe(true);

    // A new tip moves the open payment's amount; the card pays it; Stripe says so twice.
    const retipped = await startPayment(parent, id, { tip_cents: 1000 });
    expect(retipped.body).toMatchObject({ payment_intent_id: [...intents][0], total_cents: 5500 });
    const intentId = [...intents][0] as string;
    expect((await control(`intent/${intentId}`)).amount).toBe(5500);
    const { intent } = await control(`pay/${intentId}`, {});
    const succeeded = paymentIntentEvent("payment_intent.succeeded", intent);
    expect((await deliver(succeeded)).body.outcome).toBe("processed");
    expect((await deliver(succeeded)).body.outcome).toBe("duplicate");
    // A refusal arriving after the success (out of order) changes nothing.
    const failed = { ...intent, status: "requires_payment_method", last_payment_error: { message: "declined" } };
    await deliver(paymentIntentEvent("payment_intent.payment_failed", failed));
    const paid = (await paymentOf(sitter, id)).body.payment;
    expect(paid).toMatchObject({
      state: "succeeded",
      method: "stripe",
      amount_cents: 4500,
      tip_cents: 1000,
      total_cents: 5500,
    });
    const [notice] = await eventually(() => noticesOf(sitter.profileId, "sittingPaid"));
    expect(notice.title).toBe("Paiement reçu");
    expect(notice.message).toContain("55,00");
    expect(await noticesOf(sitter.profileId, "sittingPaid")).toHaveLength(1);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'payment.sitting_paid' AND resource = ?", [
        `booking:${id}`,
      ]),
    ).toBe(1);
    const again = await startPayment(parent, id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Cette garde est déjà réglée.");
  });

  it("reads the payment from Stripe on the parent's return (no webhook yet)", async () => {
    const { sitter } = await payableSitter();
    const id = await settledSitting(parent, sitter);
    const started = await startPayment(parent, id);
    await control(`pay/${started.body.payment_intent_id}`, {});
    const synced = await call("POST", `/api/bookings/${id}/payment/sync`, { cookie: parent.cookie, json: {} });
    expect(synced.body.payment).toMatchObject({ state: "succeeded", total_cents: 4500 });
  });

  it("takes no amount from the client, and a tip only in whole euros up to 100 €", async () => {
    const { sitter } = await payableSitter();
    const id = await settledSitting(parent, sitter);
    const withAmount = await startPayment(parent, id, { tip_cents: 0, amount_cents: 1 });
    expect(withAmount.status).toBe(400);
    for (const tip of [250, -100, 10_100]) {
      const answer = await startPayment(parent, id, { tip_cents: tip });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe("Le pourboire doit être un nombre entier d'euros, de 0 à 100 €.");
    }
    expect(await countRows("SELECT count(*) FROM sitting_payments WHERE booking_id = ?", [id])).toBe(0);
  });

  it("waits for hours that stand, and for a sitter who can be paid by card", async () => {
    const { sitter } = await payableSitter();
    const proposed = await settledSitting(parent, sitter);
    await execute("UPDATE bookings SET hours_status = 'disputed' WHERE id = ?", [proposed]);
    const notSettled = await startPayment(parent, proposed);
    expect(notSettled.status).toBe(409);
    expect(notSettled.body.error.message).toBe("Les heures de cette garde ne sont pas encore confirmées.");
    expect((await paymentOf(parent, proposed)).body.payment).toBeNull();

    const newcomer = await newMember("babysitter");
    const id = await settledSitting(parent, newcomer);
    expect((await paymentOf(parent, id)).body.payment).toMatchObject({ state: "due", payouts_ready: false });
    const notReady = await startPayment(parent, id);
    expect(notReady.status).toBe(409);
    expect(notReady.body.error.code).toBe("PAYOUTS_NOT_READY");
  });

  it("keeps each booking's payment to its parties: another parent gets 404, the sitter 403, nothing opens", async () => {
    const { sitter } = await payableSitter();
    const id = await settledSitting(parent, sitter);
    const stranger = await newMember("parent");
    expect((await startPayment(stranger, id)).status).toBe(404);
    expect((await paymentOf(stranger, id)).status).toBe(404);
    expect(
      (await call("POST", `/api/bookings/${id}/payment/outside`, { cookie: stranger.cookie, json: {} })).status,
    ).toBe(404);
    expect((await startPayment(sitter, id)).status).toBe(403);
    expect(
      (await call("POST", `/api/bookings/${id}/payment/outside`, { cookie: sitter.cookie, json: {} })).status,
    ).toBe(403);
    expect(await countRows("SELECT count(*) FROM sitting_payments WHERE booking_id = ?", [id])).toBe(0);
  });
});

describe("the babysitter's payments", () => {
  it("lists what she was paid, hers only, with a link to her Stripe dashboard", async () => {
    const { sitter, accountId } = await payableSitter();
    const id = await settledSitting(parent, sitter);
    const started = await startPayment(parent, id, { tip_cents: 300 });
    const { intent } = await control(`pay/${started.body.payment_intent_id}`, {});
    await deliver(paymentIntentEvent("payment_intent.succeeded", intent));
    const cash = await settledSitting(parent, sitter, 29);
    await call("POST", `/api/bookings/${cash}/payment/outside`, { cookie: parent.cookie, json: {} });
    const unpaid = await settledSitting(parent, sitter, 53);

    const answer = await call("GET", "/api/payouts/payments", { cookie: sitter.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ card_total_cents: 4800, outside_total_cents: 4500 });
    expect(answer.body.payments.map((p: any) => [p.booking_id, p.method])).toEqual(
      expect.arrayContaining([
        [id, "stripe"],
        [cash, "outside"],
      ]),
    );
    expect(answer.body.payments.some((p: any) => p.booking_id === unpaid)).toBe(false);
    expect(answer.body.payments[0].family).toMatch(/^\S+ \S\.$/);

    const other = await newMember("babysitter");
    expect((await call("GET", "/api/payouts/payments", { cookie: other.cookie })).body).toEqual({
      payments: [],
      card_total_cents: 0,
      outside_total_cents: 0,
      bank_payouts: [],
    });
    expect((await call("GET", "/api/payouts/payments", { cookie: parent.cookie })).status).toBe(403);

    // The receipt: both parties get the PDF; nobody else, and no receipt before a card payment.
    for (const party of [parent, sitter]) await expectPdf(`/api/bookings/${id}/payment/receipt`, party.cookie);
    expect((await call("GET", `/api/bookings/${id}/payment/receipt`, { cookie: other.cookie })).status).toBe(404);
    expect((await call("GET", `/api/bookings/${cash}/payment/receipt`, { cookie: parent.cookie })).status).toBe(404);

    const link = await call("POST", "/api/payouts/account/dashboard", { cookie: sitter.cookie, json: {} });
    expect(link.status).toBe(200);
    expect(link.body.url).toContain(`/connect/express/${accountId}`);
    expect((await call("POST", "/api/payouts/account/dashboard", { cookie: other.cookie, json: {} })).status).toBe(404);
  });
});

describe("settled outside Veilleuse", () => {
  it("records the hours' amount once of twenty clicks, tells the sitter once, and closes the card payment", async () => {
    const sitter = await newMember("babysitter");
    const id = await settledSitting(parent, sitter);
    const { tally } = await burst(20, () =>
      call("POST", `/api/bookings/${id}/payment/outside`, { cookie: parent.cookie, json: {} }),
    );
    expect(tally).toEqual({ 200: 20 });
    expect((await paymentOf(sitter, id)).body.payment).toMatchObject({
      state: "outside",
      method: "outside",
      total_cents: 4500,
    });
    expect(await countRows("SELECT count(*) FROM sitting_payments WHERE booking_id = ?", [id])).toBe(1);
    await eventually(() => noticesOf(sitter.profileId, "sittingSettledOutside"));
    expect(await noticesOf(sitter.profileId, "sittingSettledOutside")).toHaveLength(1);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'payment.sitting_outside' AND resource = ?", [
        `booking:${id}`,
      ]),
    ).toBe(1);
    expect((await startPayment(parent, id)).status).toBe(409);
  });
});
