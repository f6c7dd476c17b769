// The booking status machine (core-flows §4, with DESIGN.md's departure: only the babysitter's
// 'Accepter' confirms). A plain function of who acts, on what, and when; the service applies its
// answer with a conditional UPDATE so two concurrent changes cannot both win.
//
//   parent      cancel    pending   -> cancelled   ('Annuler')
//   parent      complete  confirmed -> completed   ('Marquer terminée'), once the sitting has ended
//   babysitter  accept    pending   -> confirmed   ('Accepter'), before the sitting starts
//   babysitter  decline   pending   -> cancelled   ('Refuser')
//
// Anything else is refused: the other party's action (403), or the wrong status or time (409).
// Outside these actions, deleting an account cancels its pending and confirmed bookings still to
// come, on either side (bookings.ts, cancelUpcomingBookingsOfAccount).
import { BOOKING_ACTIONS, type BookingAction, type BookingStatus } from "@db/schema/enums";
import { ApiError } from "../lib/errors";

export type BookingRole = "parent" | "babysitter";

type Rule = { role: BookingRole; from: BookingStatus; to: BookingStatus };

export const TRANSITIONS: Record<BookingAction, Rule> = {
  cancel: { role: "parent", from: "pending", to: "cancelled" },
  complete: { role: "parent", from: "confirmed", to: "completed" },
  accept: { role: "babysitter", from: "pending", to: "confirmed" },
  decline: { role: "babysitter", from: "pending", to: "cancelled" },
};

export type TransitionInput = {
  role: BookingRole;
  status: BookingStatus;
  action: BookingAction;
  startMs: number;
  endMs: number;
  nowMs: number;
};

/** Why an action is refused: not this party's action, not from this status, too early, too late. */
export type Refusal = "role" | "status" | "not_ended" | "expired";

export type Transition =
  | { ok: true; from: BookingStatus; to: BookingStatus; /** the sitter answered (responded_at) */ answers: boolean }
  | { ok: false; refusal: Refusal };

export function decideTransition({ role, status, action, startMs, endMs, nowMs }: TransitionInput): Transition {
  const rule = TRANSITIONS[action];
  if (role !== rule.role) return { ok: false, refusal: "role" };
  if (status !== rule.from) return { ok: false, refusal: "status" };
  // A sitting is completed once it has ended, never before.
  if (action === "complete" && endMs > nowMs) return { ok: false, refusal: "not_ended" };
  // A request whose start has passed can no longer be accepted (it can still be declined or cancelled).
  if (action === "accept" && startMs <= nowMs) return { ok: false, refusal: "expired" };
  return { ok: true, from: rule.from, to: rule.to, answers: rule.role === "babysitter" };
}

/** The actions this party may take now (the buttons the lists show). */
export const availableActions = (input: Omit<TransitionInput, "action">): BookingAction[] =>
  BOOKING_ACTIONS.filter((action) => decideTransition({ ...input, action }).ok);

/** The answer to a refused action, in the caller's language. */
export function refusalError(refusal: Refusal, action: BookingAction): ApiError {
  switch (refusal) {
    case "role":
      return TRANSITIONS[action].role === "parent"
        ? new ApiError(403, "PARENT_ONLY_ACTION", "booking.errors.parentOnlyAction")
        : new ApiError(403, "BABYSITTER_ONLY_ACTION", "booking.errors.babysitterOnlyAction");
    case "status":
      return new ApiError(409, "WRONG_STATUS", "booking.errors.wrongStatus");
    case "not_ended":
      return new ApiError(409, "NOT_ENDED", "booking.errors.notEnded");
    case "expired":
      return new ApiError(409, "REQUEST_EXPIRED", "booking.errors.requestExpired");
  }
}
