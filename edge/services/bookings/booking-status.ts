// The booking status machine (only the babysitter's 'Accepter' confirms a booking; the parent's
// 'Procéder au paiement' never confirms one she did not accept). A plain function of who acts, on
// what, and when; the service applies its answer with a conditional UPDATE so two concurrent
// changes cannot both win.
//
//   parent      cancel    pending   -> cancelled, by parent, 'cancelled'   ('Annuler')
//                         confirmed -> the same, before its start ('Annuler la garde'; from 24 h
//                                      before, a late fee: booking-cancellation-rules.ts)
//   parent      complete  confirmed -> completed   ('Marquer terminée'), once the sitting has ended
//   babysitter  accept    pending   -> confirmed   ('Accepter')
//   babysitter  decline   pending   -> cancelled, by babysitter, 'declined' ('Refuser')
//   babysitter  withdraw  confirmed -> cancelled, by babysitter, 'withdrawn', before its start
//                                      ('Annuler la garde'; the family owes nothing)
//
// A request still pending at its start has expired: nobody may act on it any more, and it reads as
// cancelled by the system for 'expired' (the cron writes that down: booking-expiry.ts).
// Asking again for the state the booking is already in (a double click, a retried request) is a
// repeat: answered with the booking as it is, without a second write or notice. Anything else is
// refused: the other party's action (403), or a status or time that contradicts it (409, saying why).
// Outside these actions, deleting an account cancels its pending and confirmed bookings still to
// come, on either side (bookings.ts, cancelUpcomingBookingsOfAccount).
import {
  BOOKING_ACTIONS,
  type BookingAction,
  type BookingCanceller,
  type BookingCancelReason,
  type BookingStatus,
} from "@db/schema/enums";
import { ApiError } from "../../lib/errors";

export type BookingRole = "parent" | "babysitter";

/** A booking's state: its status and, once cancelled, who ended it and why (null on rows before 0018). */
export type BookingState = {
  status: BookingStatus;
  cancelledBy: BookingCanceller | null;
  cancelReason: BookingCancelReason | null;
};

type Rule = { role: BookingRole; from: readonly BookingStatus[]; to: BookingState };

const ended = (cancelledBy: BookingCanceller, cancelReason: BookingCancelReason): BookingState => ({
  status: "cancelled",
  cancelledBy,
  cancelReason,
});
const plain = (status: BookingStatus): BookingState => ({ status, cancelledBy: null, cancelReason: null });

export const TRANSITIONS: Record<BookingAction, Rule> = {
  cancel: { role: "parent", from: ["pending", "confirmed"], to: ended("parent", "cancelled") },
  complete: { role: "parent", from: ["confirmed"], to: plain("completed") },
  accept: { role: "babysitter", from: ["pending"], to: plain("confirmed") },
  decline: { role: "babysitter", from: ["pending"], to: ended("babysitter", "declined") },
  withdraw: { role: "babysitter", from: ["confirmed"], to: ended("babysitter", "withdrawn") },
};

/** What an expired request is, whether or not the cron has written it yet. */
export const EXPIRED: BookingState = ended("system", "expired");

/**
 * The state as the parties must see it now: a request still pending at its start has expired, even
 * in the minutes before the cron writes it (so no screen offers to act on it).
 */
export function effectiveState(state: BookingState, startMs: number, nowMs: number): BookingState {
  return state.status === "pending" && startMs <= nowMs ? EXPIRED : state;
}

export type TransitionInput = {
  role: BookingRole;
  state: BookingState;
  action: BookingAction;
  startMs: number;
  endMs: number;
  nowMs: number;
};

/**
 * Why an action is refused: not this party's action (role), too early to complete (not_ended), too
 * late to cancel a sitting that has begun (started), or the booking's state contradicts it (`state`
 * says which, so the answer can name it).
 */
export type Refusal =
  { refusal: "role" } | { refusal: "not_ended" } | { refusal: "started" } | { refusal: "state"; state: BookingState };

export type Transition =
  | {
      ok: true;
      kind: "change";
      from: BookingStatus;
      to: BookingState;
      /** the sitter answered (responded_at) */ answers: boolean;
    }
  | { ok: true; kind: "repeat" }
  | ({ ok: false } & Refusal);

const sameState = (a: BookingState, b: BookingState) =>
  a.status === b.status && a.cancelledBy === b.cancelledBy && a.cancelReason === b.cancelReason;

export function decideTransition({ role, state, action, startMs, endMs, nowMs }: TransitionInput): Transition {
  const rule = TRANSITIONS[action];
  if (role !== rule.role) return { ok: false, refusal: "role" };
  const now = effectiveState(state, startMs, nowMs);
  // Already where this action leads: the same request again answers with the booking as it is.
  if (sameState(now, rule.to)) return { ok: true, kind: "repeat" };
  if (!rule.from.includes(now.status)) return { ok: false, refusal: "state", state: now };
  // A sitting is completed once it has ended, never before; it is cancelled before it starts, never after.
  if (action === "complete" && endMs > nowMs) return { ok: false, refusal: "not_ended" };
  if (rule.to.status === "cancelled" && startMs <= nowMs) return { ok: false, refusal: "started" };
  // Only the answer to a request is the sitter's response (her profile's response time).
  const answers = rule.role === "babysitter" && now.status === "pending";
  return { ok: true, kind: "change", from: now.status, to: rule.to, answers };
}

/** The actions this party may take now (the buttons the screens show): changes only, never repeats. */
export const availableActions = (input: Omit<TransitionInput, "action">): BookingAction[] =>
  BOOKING_ACTIONS.filter((action) => {
    const decision = decideTransition({ ...input, action });
    return decision.ok && decision.kind === "change";
  });

/** The i18n key saying what the booking's state is, to the party whose action it contradicts. */
function stateMessageKey({ status, cancelReason }: BookingState): string {
  if (status === "pending") return "booking.errors.stillPending";
  if (status === "confirmed") return "booking.errors.alreadyConfirmed";
  if (status === "completed") return "booking.errors.alreadyCompleted";
  switch (cancelReason) {
    case "cancelled":
      return "booking.errors.cancelledByParent";
    case "declined":
      return "booking.errors.declinedByBabysitter";
    case "withdrawn":
      return "booking.errors.withdrawnByBabysitter";
    case "expired":
      return "booking.errors.requestExpired";
    case "account_deleted":
      return "booking.errors.cancelledAccountDeleted";
    default:
      return "booking.errors.alreadyCancelled";
  }
}

/** The answer to a refused action, in the caller's language. */
export function refusalError(refusal: Refusal, action: BookingAction): ApiError {
  switch (refusal.refusal) {
    case "role":
      return TRANSITIONS[action].role === "parent"
        ? new ApiError(403, "PARENT_ONLY_ACTION", "booking.errors.parentOnlyAction")
        : new ApiError(403, "BABYSITTER_ONLY_ACTION", "booking.errors.babysitterOnlyAction");
    case "not_ended":
      return new ApiError(409, "NOT_ENDED", "booking.errors.notEnded");
    case "started":
      return new ApiError(409, "SITTING_STARTED", "booking.errors.sittingStarted");
    case "state":
      return refusal.state.cancelReason === "expired"
        ? new ApiError(409, "REQUEST_EXPIRED", "booking.errors.requestExpired")
        : new ApiError(409, "WRONG_STATUS", stateMessageKey(refusal.state));
  }
}
