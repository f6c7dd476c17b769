// Cancelling a confirmed sitting, refunding a card payment, and the payouts to a sitter's bank,
// through the real Worker against the local Stripe double: free until 24 hours before the start,
// then half the booked amount owed to the sitter, accepted by the parent and paid like a sitting;
// a babysitter who cancels owes the family nothing; twenty identical requests change things once;
// the babysitter refunds a card payment in full, once; Stripe's refunds, disputes and payouts land
// once and in order; nobody else's booking or payouts move.
import { beforeAll, describe, expect, it } from "vitest";
import { CONNECT_WEBHOOK_SECRET, control, deliver, receivedSince, requestCount, stripeEvent } from "./billing-helpers";
import {
  burst,
  call,
  countRows,
  eventually,
  expectPdf,
  insertBooking,
  newMember,
  noticesOf,
  queryRows,
  type Member,
} from "./helpers";
import { payableSitter, paymentOf, settledSitting, startPayment } from "./sitting-payment-helpers";

const act = (member: Member, bookingId: string, json: Record<string, unknown>) =>
  call("PATCH", `/api/bookings/${bookingId}/status`, { cookie: member.cookie, json });
const bookingOf = async (member: Member, bookingId: string) =>
  (await call("GET", `/api/bookings/${bookingId}`, { cookie: member.cookie })).body.booking;
const refund = (member: Member, bookingId: string) =>
  call("POST", `/api/bookings/${bookingId}/payment/refund`, { cookie: member.cookie, json: {} });
const auditCount = (action: string, resource: string) =>
  countRows("SELECT count(*) FROM audit_events WHERE action = ? AND resource = ?", [action, resource]);

let parent: Member;
let sitter: Member;
beforeAll(async () => {
  [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
});

describe("cancelling a confirmed sitting", () => {
  it("is free until 24 hours before the start: no fee, nothing owed, the sitter told", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 48);
    const before = await bookingOf(parent, id);
    expect(before.actions).toContain("cancel");
    expect(before.cancellation.fee_cents).toBe(0);
    expect(Date.parse(before.cancellation.free_until)).toBe(Date.parse(before.start_time) - 24 * 3_600_000);
    // The sitter's view carries no parent's terms.
    expect((await bookingOf(sitter, id)).cancellation).toBeNull();

    const answer = await act(parent, id, { action: "cancel" });
    expect(answer.status).toBe(200);
    expect(answer.body.booking).toMatchObject({
      status: "cancelled",
      cancelled_by: "parent",
      cancel_reason: "cancelled",
      late_cancel_fee_cents: null,
    });
    expect((await paymentOf(parent, id)).body.payment).toBeNull();
    await eventually(() => noticesOf(sitter.profileId, "bookingCancelled"));
    expect(await noticesOf(sitter.profileId, "bookingCancelledLate")).toHaveLength(0);
  });

  it("costs half the booked amount later: shown first, accepted once of twenty clicks, audited, paid like a sitting", async () => {
    const { sitter: payable } = await payableSitter();
    const id = await insertBooking(parent.profileId, payable.profileId, "confirmed", 10);
    const terms = (await bookingOf(parent, id)).cancellation;
    expect(terms.fee_cents).toBe(2250);

    // Without the fee, or with another figure than the server's, nothing changes.
    for (const body of [{ action: "cancel" }, { action: "cancel", late_fee_cents: 100 }]) {
      const refused = await act(parent, id, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("LATE_FEE_NOT_ACCEPTED");
      expect(refused.body.error.message).toContain("50 % du montant prévu");
    }
    expect((await bookingOf(parent, id)).status).toBe("confirmed");

    const { answers, tally } = await burst(20, () => act(parent, id, { action: "cancel", late_fee_cents: 2250 }));
    expect(tally).toEqual({ 200: 20 });
    for (const { body } of answers)
      expect(body.booking).toMatchObject({ status: "cancelled", late_cancel_fee_cents: 2250 });
    expect(await auditCount("booking.cancel_late", `booking:${id}`)).toBe(1);
    const [notice] = await eventually(() => noticesOf(payable.profileId, "bookingCancelledLate"));
    expect(notice.message).toContain("22,50");
    expect(await noticesOf(payable.profileId, "bookingCancelledLate")).toHaveLength(1);

    // What is owed is the fee, for both parties; the parent pays it by card, all of it to the sitter.
    expect((await paymentOf(payable, id)).body.payment).toMatchObject({
      kind: "late_cancellation",
      state: "due",
      amount_cents: 2250,
    });
    const started = await startPayment(parent, id);
    expect(started.body).toMatchObject({ amount_cents: 2250, total_cents: 2250 });
    expect((await control(`intent/${started.body.payment_intent_id}`)).amount).toBe(2250);
    const { intent } = await control(`pay/${started.body.payment_intent_id}`, {});
    await deliver(stripeEvent("payment_intent.succeeded", intent));
    expect((await paymentOf(parent, id)).body.payment).toMatchObject({ kind: "late_cancellation", state: "succeeded" });
    await expectPdf(`/api/bookings/${id}/payment/receipt`, parent.cookie);
  });

  it("lets the babysitter cancel: the family owes nothing and is told, even within 24 hours", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 5);
    expect((await bookingOf(sitter, id)).actions).toEqual(["withdraw"]);
    // Each side's own action only.
    expect((await act(parent, id, { action: "withdraw" })).status).toBe(403);
    const { tally } = await burst(20, () => act(sitter, id, { action: "withdraw" }));
    expect(tally).toEqual({ 200: 20 });
    expect(await bookingOf(parent, id)).toMatchObject({
      status: "cancelled",
      cancelled_by: "babysitter",
      cancel_reason: "withdrawn",
      late_cancel_fee_cents: null,
      actions: [],
    });
    expect((await paymentOf(parent, id)).body.payment).toBeNull();
    const [notice] = await eventually(() => noticesOf(parent.profileId, "bookingWithdrawn"));
    expect(notice.message).toContain("Rien ne vous est facturé");
    const late = await act(parent, id, { action: "cancel", late_fee_cents: 2250 });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("La baby-sitter a annulé cette garde");
  });

  it("settles a parent's and a sitter's cancellation racing at once: one of them, and its notice alone", async () => {
    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 72);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? act(parent, id, { action: "cancel" }) : act(sitter, id, { action: "withdraw" }),
      ),
    );
    const booking = await bookingOf(parent, id);
    expect(booking.status).toBe("cancelled");
    const winner = booking.cancelled_by === "parent" ? 0 : 1;
    for (const [i, answer] of answers.entries()) expect(answer.status).toBe(i % 2 === winner ? 200 : 409);
  });

  it("closes at the start, and stays with the booking's parties", async () => {
    const started = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -1);
    const late = await act(parent, started, { action: "cancel", late_fee_cents: 2250 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("SITTING_STARTED");
    expect((await act(sitter, started, { action: "withdraw" })).status).toBe(409);

    const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 30);
    const [otherParent, otherSitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    expect((await act(otherParent, id, { action: "cancel" })).status).toBe(404);
    expect((await act(otherSitter, id, { action: "withdraw" })).status).toBe(404);
    expect((await act(parent, id, { action: "cancel", late_fee_cents: -5 })).status).toBe(400);
    expect((await bookingOf(parent, id)).status).toBe("confirmed");
  });
});

/** A sitting paid by card through the Stripe double (with a 5 € tip): its booking and PaymentIntent. */
async function paidSitting() {
  const { sitter: payee } = await payableSitter();
  const id = await settledSitting(parent, payee);
  const started = await startPayment(parent, id, { tip_cents: 500 });
  const intentId = started.body.payment_intent_id as string;
  const { intent } = await control(`pay/${intentId}`, {});
  expect((await deliver(stripeEvent("payment_intent.succeeded", intent))).body.outcome).toBe("processed");
  return { payee, id, intentId };
}

const chargeOf = (intentId: string, refunded: boolean) => ({
  id: `ch_${crypto.randomUUID().replaceAll("-", "")}`,
  object: "charge",
  payment_intent: intentId,
  amount: 5000,
  amount_refunded: refunded ? 5000 : 1000,
  refunded,
});

describe("refunding a card payment", () => {
  it("is the sitter's: twenty clicks make one Stripe refund taken back from her account, told and audited once", async () => {
    const { payee, id, intentId } = await paidSitting();
    expect((await paymentOf(payee, id)).body.payment.can_refund).toBe(true);
    expect((await paymentOf(parent, id)).body.payment.can_refund).toBe(false);
    expect((await refund(parent, id)).status).toBe(403);
    expect((await refund(sitter, id)).status).toBe(404);

    const mark = await requestCount();
    const { tally } = await burst(20, () => refund(payee, id));
    expect(tally).toEqual({ 200: 20 });
    const refunds = (await receivedSince(mark)).filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0].params).toMatchObject({ payment_intent: intentId, reverse_transfer: "true" });
    expect(refunds[0].params.amount).toBeUndefined();
    expect(refunds[0].idempotencyKey).toMatch(/^sitting-refund-/);
    expect((await paymentOf(parent, id)).body.payment).toMatchObject({ state: "refunded", total_cents: 5000 });

    // Stripe's own word of it, twice, changes nothing more.
    const event = stripeEvent("charge.refunded", chargeOf(intentId, true));
    await deliver(event);
    await deliver(event);
    const refundNotices = () =>
      queryRows("SELECT message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        parent.profileId,
        `sittingRefunded:${id}`,
      ]);
    const [notice] = await eventually(refundNotices);
    expect(notice.message).toContain("50,00");
    expect(await refundNotices()).toHaveLength(1);
    expect(await auditCount("payment.sitting_refunded", `booking:${id}`)).toBe(1);
    // Refunded payments count in none of her totals.
    const received = (await call("GET", "/api/payouts/payments", { cookie: payee.cookie })).body;
    expect(received.card_total_cents).toBe(0);
    expect(received.payments[0]).toMatchObject({ booking_id: id, refunded: true });
  });

  it("keeps the payment when Stripe refuses the refund, so she can try again", async () => {
    const { payee, id } = await paidSitting();
    await control("fail", { path: "/v1/refunds", times: 1 });
    const refused = await refund(payee, id);
    expect(refused.status).toBe(502);
    expect((await paymentOf(payee, id)).body.payment).toMatchObject({ state: "succeeded", can_refund: true });
    expect((await refund(payee, id)).body.payment.state).toBe("refunded");
  });

  it("follows refunds made from Stripe's dashboard: a whole one ends the payment, a partial one leaves it paid", async () => {
    const partial = await paidSitting();
    await deliver(stripeEvent("charge.refunded", chargeOf(partial.intentId, false)));
    expect((await paymentOf(parent, partial.id)).body.payment.state).toBe("succeeded");
    const whole = await paidSitting();
    await deliver(stripeEvent("charge.refunded", chargeOf(whole.intentId, true)));
    expect((await paymentOf(parent, whole.id)).body.payment.state).toBe("refunded");
    expect(await auditCount("payment.sitting_refunded", `booking:${whole.id}`)).toBe(1);
  });

  it("records a bank dispute once, tells the sitter, and refuses a refund while it is open", async () => {
    const { payee, id, intentId } = await paidSitting();
    const dispute = { id: "dp_1", object: "dispute", payment_intent: intentId, amount: 5000, status: "needs_response" };
    await deliver(stripeEvent("charge.dispute.created", dispute));
    await deliver(stripeEvent("charge.dispute.created", dispute));
    expect((await paymentOf(payee, id)).body.payment).toMatchObject({ disputed: true, can_refund: false });
    const [notice] = await eventually(() => noticesOf(payee.profileId, "sittingDisputed"));
    expect(notice.title).toBe("Paiement contesté");
    expect(await noticesOf(payee.profileId, "sittingDisputed")).toHaveLength(1);
    expect(await auditCount("payment.sitting_disputed", `booking:${id}`)).toBe(1);
    expect((await refund(payee, id)).status).toBe(409);
  });
});

describe("payouts to the sitter's bank", () => {
  it("lists Stripe's payouts of her account, keeps the newest state, and tells her once of a failure", async () => {
    const { sitter: payee, accountId } = await payableSitter();
    const now = Math.floor(Date.now() / 1000);
    const payout = (status: string, extra: Record<string, unknown> = {}) => ({
      id: "po_" + payee.profileId.replaceAll("-", ""),
      object: "payout",
      amount: 9500,
      currency: "eur",
      arrival_date: now + 2 * 86_400,
      status,
      failure_message: null,
      ...extra,
    });
    const onAccount = (event: Record<string, unknown>) => ({ ...event, account: accountId });
    // Signed by the Connect endpoint's own secret, as Stripe sends events of connected accounts.
    const paid = await deliver(onAccount(stripeEvent("payout.paid", payout("paid"), now)), {
      secret: CONNECT_WEBHOOK_SECRET,
    });
    expect(paid.body.outcome).toBe("processed");
    const forged = await deliver(onAccount(stripeEvent("payout.paid", payout("paid"), now)), {
      secret: "whsec_forged",
    });
    expect(forged.status).toBe(400);
    const failed = onAccount(
      stripeEvent(
        "payout.failed",
        payout("failed", { failure_message: "The bank account has been closed." }),
        now + 60,
      ),
    );
    await deliver(failed);
    await deliver(failed);
    // An older event, arriving last, changes nothing.
    await deliver(onAccount(stripeEvent("payout.paid", payout("paid"), now + 30)));
    const received = (await call("GET", "/api/payouts/payments", { cookie: payee.cookie })).body;
    expect(received.bank_payouts).toEqual([
      expect.objectContaining({
        amount_cents: 9500,
        status: "failed",
        failure_message: "The bank account has been closed.",
      }),
    ]);
    const [notice] = await eventually(() => noticesOf(payee.profileId, "bankPayoutFailed"));
    expect(notice.message).toContain("95,00");
    expect(await noticesOf(payee.profileId, "bankPayoutFailed")).toHaveLength(1);

    // Hers alone: another sitter sees none, and an account that is nobody's here is ignored.
    expect((await call("GET", "/api/payouts/payments", { cookie: sitter.cookie })).body.bank_payouts).toEqual([]);
    const stray = { ...stripeEvent("payout.paid", payout("paid", { id: "po_stray" })), account: "acct_nobody" };
    expect((await deliver(stray)).status).toBe(200);
    expect(await countRows("SELECT count(*) FROM bank_payouts WHERE payout_id = ?", ["po_stray"])).toBe(0);
    expect(await queryRows("SELECT status FROM bank_payouts WHERE profile_id = ?", [payee.profileId])).toEqual([
      { status: "failed" },
    ]);
  });
});
