// A sitting's payment (docs/payments.md). Once its hours stand (confirmed by the parent, confirmed
// without her answer, or settled by the team), the parent pays what they come to, plus the tip she
// chooses, by card through Veilleuse: the whole amount goes to the babysitter's payout account, with
// no fee. Or she marks the sitting as settled outside Veilleuse, so the statements stay complete.
// A confirmed sitting the parent cancelled late is paid the same way: its fee is what is owed.
// The babysitter may give a card payment back to the family, in full (refundSittingPayment).
//
// Once only: a booking has one payment row (sitting_payments.booking_id is unique), and the
// provider's payment is created with an idempotency key made of the booking and the total, so two
// tabs (or twenty clicks) starting the same payment get the same one; the row that lands first is
// the one everybody is answered with. A payment is recorded as paid by one conditional update (from
// pending or failed): the audit entry and the babysitter's notice follow that update alone.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings } from "@db/schema/bookings";
import { sittingPayments } from "@db/schema/payments";
import { profiles } from "@db/schema/profiles";
import type { CardDetails } from "@db/validators/billing";
import type { SittingPaymentDto, SittingPaymentIntent } from "@db/validators/payments";
import type { Env } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import type { CallerProfile } from "../../lib/caller-profile";
import { NO_ORIGIN, profileActor, recordAudit, SYSTEM_ACTOR, type AuditActor, type AuditOrigin } from "../audit/audit";
import { DECLINED_TEST_CARD } from "../billing/gateway/demo-gateway";
import { notifyProfile } from "../notifications/notify";
import { bookingOfParty } from "../bookings/bookings";
import { standingHours } from "../bookings/sitting-hours-rules";
import { payoutAccountOf } from "./payout-accounts";
import type { IntentState, PaymentsGateway } from "./payments-gateway";
import type { ReceiptInput } from "./statement-files";

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof sittingPayments.$inferSelect;

const hoursNotSettled = () => new ApiError(409, "HOURS_NOT_SETTLED", "payments.hoursNotSettled");
const alreadySettled = () => new ApiError(409, "ALREADY_SETTLED", "payments.alreadySettled");
const payoutsNotReady = () => new ApiError(409, "PAYOUTS_NOT_READY", "payments.payoutsNotReady");
const noPayment = () => new ApiError(404, "PAYMENT_NOT_FOUND", "payments.notFound");
const notRefundable = () => new ApiError(409, "NOT_REFUNDABLE", "payments.notRefundable");

const SETTLED = ["succeeded", "outside", "refunded"] as const;
const OPEN = ["pending", "failed"] as const;

/** A confirmed sitting the parent cancelled within 24 hours of its start: its fee is what she owes. */
const lateFeeOwed = (booking: BookingRow) =>
  booking.status === "cancelled" && booking.lateCancelFeeCents ? booking.lateCancelFeeCents : null;

/**
 * What the parent owes for this booking: the late cancellation fee, or what the hours that stand
 * come to; null while nothing is owed (hours not declared, proposed or disputed; a free cancellation).
 */
export function owedCents(booking: BookingRow, nowMs: number): number | null {
  return lateFeeOwed(booking) ?? standingHours(booking, nowMs)?.amountCents ?? null;
}

/** The payment as both parties read it on the booking; null until something is owed. */
export function sittingPaymentView(
  booking: BookingRow,
  payment: PaymentRow | null,
  { payoutsReady, callerId }: { payoutsReady: boolean; callerId: string },
  nowMs: number,
): SittingPaymentDto | null {
  const owed = owedCents(booking, nowMs);
  if (owed === null && !payment) return null;
  const amount = payment?.amountCents ?? owed ?? 0;
  const tip = payment?.tipCents ?? 0;
  return {
    kind: lateFeeOwed(booking) === null ? "sitting" : "late_cancellation",
    state: payment?.status ?? "due",
    method: payment?.method ?? null,
    amount_cents: amount,
    tip_cents: tip,
    total_cents: amount + tip,
    paid_at: payment?.paidAt ?? null,
    refunded_at: payment?.status === "refunded" ? payment.refundedAt : null,
    disputed: Boolean(payment?.disputedAt),
    payouts_ready: payoutsReady,
    can_refund: callerId === booking.babysitterId && payment !== null && isRefundable(payment),
  };
}

/** A card payment that went through, not being refunded already, and not under a bank dispute. */
const isRefundable = (payment: PaymentRow) =>
  payment.status === "succeeded" && payment.refundedAt === null && payment.disputedAt === null;

/** Whether a provider's payment is a sitting's (and not, say, a plan's). */
export async function isSittingIntent(db: Db, paymentIntentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sittingPayments.id })
    .from(sittingPayments)
    .where(eq(sittingPayments.paymentIntentId, paymentIntentId));
  return Boolean(row);
}

export async function paymentOfBooking(db: Db, bookingId: string) {
  const [row] = await db.select().from(sittingPayments).where(eq(sittingPayments.bookingId, bookingId)).limit(1);
  return row ?? null;
}

/** The booking's payment for one of its parties (404 outside the booking), with the sitter's readiness. */
export async function sittingPaymentFor(db: Db, caller: { id: string }, bookingId: string, nowMs = Date.now()) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || (booking.parentId !== caller.id && booking.babysitterId !== caller.id)) throw noPayment();
  const [payment, account] = await Promise.all([
    paymentOfBooking(db, bookingId),
    payoutAccountOf(db, booking.babysitterId),
  ]);
  return sittingPaymentView(
    booking,
    payment,
    { payoutsReady: account?.status === "enabled", callerId: caller.id },
    nowMs,
  );
}

/**
 * The parent opens the card payment of a sitting whose hours stand, with her tip: the provider's
 * payment (created once per booking and total), to confirm with the card form.
 */
export async function startSittingPayment(
  db: Db,
  gateway: PaymentsGateway,
  parent: CallerProfile,
  bookingId: string,
  tipCents: number,
  nowMs = Date.now(),
): Promise<SittingPaymentIntent> {
  const booking = await bookingOfParty(db, parent, bookingId, "parent");
  const owed = owedCents(booking, nowMs);
  if (owed === null) throw hoursNotSettled();
  let payment = await paymentOfBooking(db, bookingId);
  if (payment && isSettled(payment)) throw alreadySettled();
  const account = await payoutAccountOf(db, booking.babysitterId);
  if (!account || account.status !== "enabled" || account.provider !== gateway.kind) throw payoutsNotReady();
  const total = owed + tipCents;
  const idempotencyKey = `sitting-payment-${booking.id}-${total}`;
  if (!payment) {
    const intent = await gateway.createSittingIntent({
      bookingId: booking.id,
      amountCents: total,
      destinationAccountId: account.accountId,
      idempotencyKey,
    });
    await db
      .insert(sittingPayments)
      .values({
        bookingId: booking.id,
        parentId: booking.parentId,
        babysitterId: booking.babysitterId,
        method: gateway.kind,
        status: "pending",
        amountCents: owed,
        tipCents,
        paymentIntentId: intent.id,
        destinationAccountId: account.accountId,
      })
      .onConflictDoNothing();
    payment = await paymentOfBooking(db, bookingId);
    if (!payment) throw new Error("sitting payment missing after its insert");
    if (isSettled(payment)) throw alreadySettled();
  } else if (payment.amountCents + payment.tipCents !== total || payment.amountCents !== owed) {
    // She changed her tip (or the team settled the hours since): the open payment takes the new total.
    await gateway.updateSittingIntent(payment.paymentIntentId!, total, idempotencyKey);
    const [updated] = await db
      .update(sittingPayments)
      .set({ amountCents: owed, tipCents })
      .where(and(eq(sittingPayments.id, payment.id), inArray(sittingPayments.status, OPEN)))
      .returning();
    if (!updated) throw alreadySettled();
    payment = updated;
  }
  return {
    provider: gateway.kind,
    payment_intent_id: payment.paymentIntentId!,
    client_secret: await gateway.clientSecretOf(payment.paymentIntentId!),
    publishable_key: gateway.publishableKey,
    amount_cents: payment.amountCents,
    tip_cents: payment.tipCents,
    total_cents: payment.amountCents + payment.tipCents,
  };
}

const isSettled = (payment: PaymentRow) => (SETTLED as readonly string[]).includes(payment.status);

/** The demo card form: 4000 0000 0000 0002 is refused (another card may be tried), any other pays. */
export async function payWithDemoCard(
  env: Env,
  db: Db,
  gateway: PaymentsGateway,
  parent: CallerProfile,
  bookingId: string,
  card: CardDetails,
  origin: AuditOrigin,
) {
  if (gateway.kind !== "demo") throw notFound();
  await bookingOfParty(db, parent, bookingId, "parent");
  const payment = await paymentOfBooking(db, bookingId);
  if (!payment || payment.method !== "demo") throw noPayment();
  const declined = card.card_number.replace(/\D/g, "") === DECLINED_TEST_CARD;
  const state: IntentState = declined
    ? { status: "failed", failureMessage: "billing.cardDeclined" }
    : { status: "succeeded", failureMessage: null };
  await recordIntentState(env, db, payment.paymentIntentId!, state, { actor: profileActor(parent), origin });
  return sittingPaymentFor(db, parent, bookingId);
}

/**
 * Records the provider's state of a sitting's payment (the demo form, the return from Stripe's
 * page, Stripe's webhooks): paid once, by the first to record it; a refusal leaves it open.
 */
export async function recordIntentState(
  env: Env,
  db: Db,
  paymentIntentId: string,
  state: IntentState,
  by: { actor: AuditActor; origin: AuditOrigin } = { actor: SYSTEM_ACTOR, origin: NO_ORIGIN },
): Promise<void> {
  if (state.status === "pending") return;
  if (state.status === "failed") {
    await db
      .update(sittingPayments)
      .set({ status: "failed", failureMessage: state.failureMessage })
      .where(and(eq(sittingPayments.paymentIntentId, paymentIntentId), eq(sittingPayments.status, "pending")));
    return;
  }
  const [paid] = await db
    .update(sittingPayments)
    .set({ status: "succeeded", paidAt: new Date().toISOString(), failureMessage: null })
    .where(and(eq(sittingPayments.paymentIntentId, paymentIntentId), inArray(sittingPayments.status, OPEN)))
    .returning();
  if (!paid) return;
  await recordAudit(db, by.actor, by.origin, {
    action: "payment.sitting_paid",
    resource: `booking:${paid.bookingId}`,
    metadata: { amount_cents: paid.amountCents, tip_cents: paid.tipCents, method: paid.method },
  });
  await tellOfPayment(env, db, "sittingPaid", paid.babysitterId, paid, await sittingStartOf(db, paid));
}

/**
 * The babysitter gives a card payment back to the family, in full (tip included). Claimed before the
 * provider is called (refunded_at, on a payment that went through and is neither refunded nor
 * disputed), so twenty clicks make one refund; the provider's refund has its own idempotency key.
 * If the provider refuses, the claim is released and she may try again. The parent is told once,
 * by whichever of this and Stripe's charge.refunded records the refund first.
 */
export async function refundSittingPayment(
  env: Env,
  db: Db,
  gateway: PaymentsGateway,
  sitter: CallerProfile,
  bookingId: string,
  origin: AuditOrigin,
) {
  await bookingOfParty(db, sitter, bookingId, "babysitter");
  const payment = await paymentOfBooking(db, bookingId);
  if (!payment) throw noPayment();
  const [claimed] = await db
    .update(sittingPayments)
    .set({ refundedAt: new Date().toISOString() })
    .where(and(eq(sittingPayments.id, payment.id), refundableCondition, eq(sittingPayments.method, gateway.kind)))
    .returning();
  if (!claimed) {
    // Already refunded, or being refunded by a request a moment ahead: the same answer as that one.
    if ((await paymentOfBooking(db, bookingId))?.refundedAt) return sittingPaymentFor(db, sitter, bookingId);
    throw notRefundable();
  }
  try {
    await gateway.refundSittingPayment(claimed.paymentIntentId!, `sitting-refund-${claimed.id}`);
  } catch (error) {
    await db
      .update(sittingPayments)
      .set({ refundedAt: null })
      .where(and(eq(sittingPayments.id, claimed.id), eq(sittingPayments.status, "succeeded")));
    throw error;
  }
  await recordRefund(env, db, claimed.paymentIntentId!, { actor: profileActor(sitter), origin });
  return sittingPaymentFor(db, sitter, bookingId);
}

const refundableCondition = and(
  eq(sittingPayments.status, "succeeded"),
  isNull(sittingPayments.refundedAt),
  isNull(sittingPayments.disputedAt),
);

/**
 * A card payment refunded in full (by the sitter here, or from Stripe: charge.refunded): recorded
 * once, by one conditional update, which alone writes the audit entry and tells the parent.
 */
export async function recordRefund(
  env: Env,
  db: Db,
  paymentIntentId: string,
  by: { actor: AuditActor; origin: AuditOrigin } = { actor: SYSTEM_ACTOR, origin: NO_ORIGIN },
): Promise<void> {
  const [refunded] = await db
    .update(sittingPayments)
    .set({ status: "refunded", refundedAt: sql`coalesce(${sittingPayments.refundedAt}, ${new Date().toISOString()})` })
    .where(and(eq(sittingPayments.paymentIntentId, paymentIntentId), eq(sittingPayments.status, "succeeded")))
    .returning();
  if (!refunded) return;
  const total = refunded.amountCents + refunded.tipCents;
  await recordAudit(db, by.actor, by.origin, {
    action: "payment.sitting_refunded",
    resource: `booking:${refunded.bookingId}`,
    metadata: { amount_cents: total },
  });
  await tellOfPayment(env, db, "sittingRefunded", refunded.parentId, refunded, await sittingStartOf(db, refunded));
}

/**
 * The family's bank disputes a card payment (Stripe's charge.dispute.created): recorded once; the
 * team answers it from Stripe's dashboard (the audit entry is high), and the sitter is told.
 */
export async function recordDispute(env: Env, db: Db, paymentIntentId: string): Promise<void> {
  const [disputed] = await db
    .update(sittingPayments)
    .set({ disputedAt: new Date().toISOString() })
    .where(and(eq(sittingPayments.paymentIntentId, paymentIntentId), isNull(sittingPayments.disputedAt)))
    .returning();
  if (!disputed) return;
  const total = disputed.amountCents + disputed.tipCents;
  await recordAudit(db, SYSTEM_ACTOR, NO_ORIGIN, {
    action: "payment.sitting_disputed",
    resource: `booking:${disputed.bookingId}`,
    metadata: { amount_cents: total },
  });
  await tellOfPayment(env, db, "sittingDisputed", disputed.babysitterId, disputed, await sittingStartOf(db, disputed));
}

/** Tells one party of the booking what became of its payment: the whole of it (tip included) and the sitting's day. */
function tellOfPayment(
  env: Env,
  db: Db,
  event: "sittingPaid" | "sittingRefunded" | "sittingDisputed" | "sittingSettledOutside",
  recipientId: string,
  payment: Pick<PaymentRow, "bookingId" | "amountCents" | "tipCents">,
  sittingStart: string,
) {
  return notifyProfile(env, db, {
    event,
    occurrence: payment.bookingId,
    link: `/bookings/${payment.bookingId}`,
    recipientId,
    params: { amount: { euros: payment.amountCents + payment.tipCents }, date: { date: sittingStart } },
  });
}

async function sittingStartOf(db: Db, payment: PaymentRow): Promise<string> {
  const [booking] = await db
    .select({ startTime: bookings.startTime })
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId));
  return booking?.startTime ?? payment.createdAt;
}

/**
 * The parent says the sitting was settled outside Veilleuse (cash, transfer, CESU): recorded with
 * what the hours came to, so the statements stay complete; the babysitter is told.
 */
export async function settleOutside(
  env: Env,
  db: Db,
  parent: CallerProfile,
  bookingId: string,
  origin: AuditOrigin,
  nowMs = Date.now(),
) {
  const booking = await bookingOfParty(db, parent, bookingId, "parent");
  const owed = owedCents(booking, nowMs);
  if (owed === null) throw hoursNotSettled();
  const inserted = await db
    .insert(sittingPayments)
    .values({
      bookingId: booking.id,
      parentId: booking.parentId,
      babysitterId: booking.babysitterId,
      method: "outside",
      status: "outside",
      amountCents: owed,
      tipCents: 0,
      paidAt: new Date(nowMs).toISOString(),
    })
    .onConflictDoNothing()
    .returning();
  let settled = inserted.length > 0;
  if (!settled) {
    // A card payment opened but never paid gives way; a paid or already settled one stays.
    const converted = await db
      .update(sittingPayments)
      .set({
        method: "outside",
        status: "outside",
        amountCents: owed,
        tipCents: 0,
        paidAt: new Date(nowMs).toISOString(),
        failureMessage: null,
      })
      .where(and(eq(sittingPayments.bookingId, booking.id), inArray(sittingPayments.status, OPEN)))
      .returning();
    settled = converted.length > 0;
    if (!settled) {
      const existing = await paymentOfBooking(db, booking.id);
      if (existing?.status !== "outside") throw alreadySettled();
    }
  }
  if (settled) {
    await recordAudit(db, profileActor(parent), origin, {
      action: "payment.sitting_outside",
      resource: `booking:${booking.id}`,
      metadata: { amount_cents: owed },
    });
    const settledAt = { bookingId: booking.id, amountCents: owed, tipCents: 0 };
    await tellOfPayment(env, db, "sittingSettledOutside", booking.babysitterId, settledAt, booking.startTime);
  }
  return sittingPaymentFor(db, parent, bookingId, nowMs);
}

/** A card payment's receipt, for either party of the booking (404 outside it, or before it is paid by card). */
export async function receiptOf(db: Db, caller: { id: string }, bookingId: string): Promise<ReceiptInput> {
  const [row] = await db
    .select({ booking: bookings, payment: sittingPayments })
    .from(sittingPayments)
    .innerJoin(bookings, eq(bookings.id, sittingPayments.bookingId))
    .where(and(eq(sittingPayments.bookingId, bookingId), eq(sittingPayments.status, "succeeded")))
    .limit(1);
  const party = row && (row.booking.parentId === caller.id || row.booking.babysitterId === caller.id);
  if (!row || !party) throw noPayment();
  const names = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(inArray(profiles.id, [row.booking.parentId, row.booking.babysitterId]));
  const nameOf = (id: string) => {
    const person = names.find((candidate) => candidate.id === id);
    return person ? `${person.firstName} ${person.lastName}` : "";
  };
  // Paid once its hours stood; the booked times stand in for hours the team has since reopened.
  const standing = standingHours(row.booking, Date.now());
  return {
    bookingId,
    sittingStart: standing?.start ?? row.booking.startTime,
    sittingEnd: standing?.end ?? row.booking.endTime,
    family: nameOf(row.booking.parentId),
    babysitter: nameOf(row.booking.babysitterId),
    amountCents: row.payment.amountCents,
    tipCents: row.payment.tipCents,
    paidAt: row.payment.paidAt ?? row.payment.updatedAt,
    lateCancellation: lateFeeOwed(row.booking) !== null,
  };
}
