// The notices a booking's life and a conversation send to the other party (issue 10 "Events that notify"): requested
// (to the babysitter), accepted and declined (to the parent), cancelled (to the babysitter),
// completed (both are invited to review; the parent marked it, so the babysitter is told), and a
// review received.
import type { BookingAction } from "@db/schema/enums";
import type { BookingDto } from "@db/validators/booking";
import type { Notice, ProductEvent } from "./notify";

const parisDate = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "Europe/Paris",
});
const parisTime = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" });

const EVENT_OF_ACTION: Record<BookingAction, ProductEvent> = {
  accept: "bookingAccepted",
  decline: "bookingDeclined",
  cancel: "bookingCancelled",
  complete: "bookingCompleted",
};

type Actor = { firstName: string; lastName: string };

/** The notice `actor` (one party of `booking`, as the caller's DTO shows it) sends to the other party. */
function bookingNotice(event: ProductEvent, booking: BookingDto, actor: Actor): Notice {
  const start = new Date(booking.start_time);
  return {
    event,
    occurrence: booking.id,
    recipientId: booking.other_party.id,
    params: {
      otherName: `${actor.firstName} ${actor.lastName.slice(0, 1)}.`.trim(),
      date: parisDate.format(start),
      start: parisTime.format(start),
      end: parisTime.format(new Date(booking.end_time)),
    },
    link: event === "bookingCompleted" ? `/review/${booking.id}` : `/bookings/${booking.id}`,
  };
}

export const bookingRequestedNotice = (booking: BookingDto, parent: Actor) =>
  bookingNotice("bookingRequested", booking, parent);

export const bookingStatusNotice = (action: BookingAction, booking: BookingDto, actor: Actor) =>
  bookingNotice(EVENT_OF_ACTION[action], booking, actor);

export const reviewReceivedNotice = (
  review: { id: string; booking_id: string; reviewed_id: string; rating: number },
  reviewer: Actor,
): Notice => ({
  event: "reviewReceived",
  occurrence: review.id,
  recipientId: review.reviewed_id,
  params: { otherName: `${reviewer.firstName} ${reviewer.lastName.slice(0, 1)}.`, rating: review.rating },
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
    otherName: `${sender.firstName} ${sender.lastName.slice(0, 1)}.`,
    preview: message.content.length > PREVIEW_LENGTH ? `${message.content.slice(0, PREVIEW_LENGTH)}…` : message.content,
  },
  link: `/messages/${message.conversation_id}`,
});

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const longParisDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

/**
 * A babysitter's plan (money-and-operations §4): the renewal notice 3 days ahead with the amount,
 * and a failed payment (high priority). `occurrence` is the subscription and period, or Stripe's
 * event id: one notice each.
 */
export const planNotice = (
  event: "subscriptionRenewal" | "paymentFailed",
  input: { recipientId: string; planName: string; amountCents: number; date: string; occurrence: string },
): Notice => ({
  event,
  occurrence: input.occurrence,
  recipientId: input.recipientId,
  params: {
    plan: input.planName,
    amount: euros.format(input.amountCents / 100),
    date: longParisDate.format(new Date(input.date)),
  },
  link: "/settings?tab=subscription",
  priority: event === "paymentFailed" ? "high" : "normal",
});
