// The notices the product's events send: a booking's life to the other party (requested to the
// babysitter; accepted and declined to the parent; cancelled to the babysitter, or to either party
// when the other deleted their account; completed invites the babysitter to review, the parent
// marked it), the reminder to both parties, a review received, a new message, and a babysitter's
// plan. Values stay raw (instants, cents): notify.ts formats them in the recipient's language.
import type { BookingAction } from "@db/schema/enums";
import type { BookingDto } from "@db/validators/booking";
import type { Notice, ProductEvent } from "./notify";
import type { Detail } from "../../delivery/templates";

const EVENT_OF_ACTION: Record<BookingAction, ProductEvent> = {
  accept: "bookingAccepted",
  decline: "bookingDeclined",
  cancel: "bookingCancelled",
  complete: "bookingCompleted",
  withdraw: "bookingWithdrawn",
};

type Actor = { firstName: string; lastName: string; phone?: string | null };

/** 'Camille D.': the name other members see. */
export const shortName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName.slice(0, 1)}.`.trim();

/** A sitting's day and times; the end says "(+1 j)" when it falls after midnight. */
export const slotParams = (start: string, end: string) => ({
  date: { date: start },
  start: { time: start },
  end: { time: end, since: start },
});

/** The bookingConfirmation template's details: when, the children, the price, who to call, the instructions. */
function confirmationDetails(booking: BookingDto, actor: Actor): Detail[] {
  const details: Detail[] = [
    { label: "date", value: { date: booking.start_time } },
    { label: "time", value: { hours: [booking.start_time, booking.end_time] } },
    { label: "children", value: booking.children.map((child) => child.name).join(", ") },
    { label: "amount", value: { euros: booking.total_amount_cents } },
  ];
  if (actor.phone) details.push({ label: "phone", value: `${shortName(actor)} · ${actor.phone}` });
  if (booking.special_instructions) details.push({ label: "instructions", value: booking.special_instructions });
  return details;
}

/** The notice `actor` (one party of `booking`, as the caller's DTO shows it) sends to the other party. */
function bookingNotice(event: ProductEvent, booking: BookingDto, actor: Actor): Notice {
  return {
    event,
    occurrence: booking.id,
    recipientId: booking.other_party.id,
    params: { otherName: shortName(actor), ...slotParams(booking.start_time, booking.end_time) },
    details: event === "bookingAccepted" ? confirmationDetails(booking, actor) : undefined,
    link: event === "bookingCompleted" ? `/review/${booking.id}` : `/bookings/${booking.id}`,
  };
}

export const bookingRequestedNotice = (booking: BookingDto, parent: Actor) =>
  bookingNotice("bookingRequested", booking, parent);

/** A status change's notice to the other party; a late cancellation tells the sitter the fee she is owed. */
export function bookingStatusNotice(action: BookingAction, booking: BookingDto, actor: Actor): Notice {
  const fee = booking.late_cancel_fee_cents;
  if (action !== "cancel" || !fee) return bookingNotice(EVENT_OF_ACTION[action], booking, actor);
  const notice = bookingNotice("bookingCancelledLate", booking, actor);
  return { ...notice, params: { ...notice.params, amount: { euros: fee } } };
}

/**
 * A booking the account deletion of `gone` (one party) cancelled, to the other party (`recipientId`).
 * Once per booking, whoever of the two deleted their account.
 */
export const bookingCancelledByDeletionNotice = (
  booking: { id: string; startTime: string; endTime: string },
  recipientId: string,
  gone: Actor,
): Notice => ({
  event: "bookingCancelledAccountDeleted",
  occurrence: booking.id,
  recipientId,
  params: { otherName: shortName(gone), ...slotParams(booking.startTime, booking.endTime) },
  link: `/bookings/${booking.id}`,
});

/**
 * A request nobody answered before its start expired (services/bookings/booking-expiry.ts): told to each party,
 * once per booking and party; `other` is the other party's name.
 */
export const bookingExpiredNotice = (
  booking: { id: string; startTime: string; endTime: string; parentId: string },
  recipientId: string,
  other: Actor,
): Notice => ({
  event: recipientId === booking.parentId ? "bookingExpired" : "bookingRequestExpired",
  occurrence: booking.id,
  recipientId,
  params: { otherName: shortName(other), ...slotParams(booking.startTime, booking.endTime) },
  link: `/bookings/${booking.id}`,
});

/** The reminder 24 h ahead, to one party; the babysitter also gets the family's address. */
export const bookingReminderNotice = (
  booking: { id: string; startTime: string; endTime: string },
  recipientId: string,
  other: Actor & { address?: string | null },
): Notice => ({
  event: "bookingReminder",
  occurrence: `${booking.id}:${recipientId}`,
  recipientId,
  params: { otherName: shortName(other), ...slotParams(booking.startTime, booking.endTime) },
  details: [
    { label: "date", value: { date: booking.startTime } },
    { label: "time", value: { hours: [booking.startTime, booking.endTime] } },
    ...(other.address ? [{ label: "address", value: other.address }] : []),
    ...(other.phone ? [{ label: "phone", value: `${shortName(other)} · ${other.phone}` }] : []),
  ],
  link: `/bookings/${booking.id}`,
});

export const reviewReceivedNotice = (
  review: { id: string; booking_id: string; reviewed_id: string; rating: number },
  reviewer: Actor,
): Notice => ({
  event: "reviewReceived",
  occurrence: review.id,
  recipientId: review.reviewed_id,
  params: { otherName: shortName(reviewer), rating: review.rating },
  link: `/bookings/${review.booking_id}`,
});

/** One notice per conversation per quarter of an hour while the recipient is away: a burst of messages is one email. */
const MESSAGE_NOTICE_BUCKET_MS = 15 * 60_000;
const PREVIEW_LENGTH = 120;

export const newMessageNotice = (
  message: { id: number; conversation_id: string; recipient_id: string; content: string },
  sender: Actor,
  nowMs: number,
): Notice => ({
  event: "newMessage",
  occurrence: `${message.conversation_id}:${Math.floor(nowMs / MESSAGE_NOTICE_BUCKET_MS)}`,
  recipientId: message.recipient_id,
  params: {
    otherName: shortName(sender),
    preview: message.content.length > PREVIEW_LENGTH ? `${message.content.slice(0, PREVIEW_LENGTH)}…` : message.content,
  },
  link: `/messages/${message.conversation_id}`,
});

/**
 * A babysitter's plan: the renewal notice 3 days ahead with the amount, and a failed payment (high
 * priority). `occurrence` is the subscription and period, or Stripe's event id: one notice each.
 * `planKey` is the plan's name key (db/i18n "plans").
 */
export const planNotice = (
  event: "subscriptionRenewal" | "paymentFailed",
  input: { recipientId: string; planKey: string; amountCents: number; date: string; occurrence: string },
): Notice => ({
  event,
  occurrence: input.occurrence,
  recipientId: input.recipientId,
  params: { plan: { text: input.planKey }, amount: { euros: input.amountCents }, date: { day: input.date } },
  link: "/settings?tab=subscription",
  priority: event === "paymentFailed" ? "high" : "normal",
});

/**
 * A second paid plan paid while another was in force: not switched on, its payment refunded
 * (services/billing/checkout.ts). `occurrence` is the checkout: one notice per refunded payment.
 */
export const secondPlanRefundedNotice = (input: {
  recipientId: string;
  planKey: string;
  amountCents: number;
  occurrence: string;
}): Notice => ({
  event: "secondPlanRefunded",
  occurrence: input.occurrence,
  recipientId: input.recipientId,
  params: { plan: { text: input.planKey }, amount: { euros: input.amountCents } },
  link: "/settings?tab=subscription",
});

/**
 * The 14-day guarantee: the period's payments refunded, the plan ended, and Discovery given back
 * with what remained of the trial, or not when none remained (services/billing/plan-changes.ts).
 * `occurrence` is the refunded subscription: one notice per refunded plan. Sent with high priority:
 * money paid back is told by email even with emails off.
 */
export const planRefundedNotice = (input: {
  recipientId: string;
  planKey: string;
  amountCents: number;
  trial: { endsAt: string; bookingsLeft: number } | null;
  occurrence: string;
}): Notice => ({
  event: "planRefunded",
  occurrence: input.occurrence,
  recipientId: input.recipientId,
  params: {
    plan: { text: input.planKey },
    amount: { euros: input.amountCents },
    trial: { text: input.trial ? "events.planRefunded.trialBack" : "events.planRefunded.trialOver" },
  },
  details: [
    { label: "amount", value: { euros: input.amountCents } },
    ...(input.trial
      ? [
          { label: "trialUntil", value: { day: input.trial.endsAt } },
          { label: "bookingsLeft", value: input.trial.bookingsLeft },
        ]
      : []),
  ],
  link: "/settings?tab=subscription",
  priority: "high",
});
