// The booking status machine, exhaustively: every role x status x action, before, during and after
// the sitting. Only the four transitions of core-flows §4 (with DESIGN.md's departure: only the
// babysitter's 'Accepter' confirms) may pass; everything else is refused with its reason.
import { describe, expect, it } from "vitest";
import { BOOKING_ACTIONS, BOOKING_STATUSES, type BookingAction, type BookingStatus } from "../../db/schema/enums";
import {
  availableActions,
  decideTransition,
  refusalError,
  type BookingRole,
  type Refusal,
} from "../../edge/services/booking-status";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 5, 10, 16);
const END = START + 3 * HOUR;
const MOMENTS = { before: START - HOUR, during: START + HOUR, after: END + HOUR, atStart: START, atEnd: END } as const;
type Moment = keyof typeof MOMENTS;
const ROLES: BookingRole[] = ["parent", "babysitter"];

/** The expected answer, written as the spec states it, independently of the implementation's table. */
function expected(
  role: BookingRole,
  status: BookingStatus,
  action: BookingAction,
  moment: Moment,
): BookingStatus | Refusal {
  const now = MOMENTS[moment];
  const owner: BookingRole = action === "cancel" || action === "complete" ? "parent" : "babysitter";
  if (role !== owner) return "role";
  const from: BookingStatus = action === "complete" ? "confirmed" : "pending";
  if (status !== from) return "status";
  if (action === "complete") return END <= now ? "completed" : "not_ended";
  if (action === "accept") return START > now ? "confirmed" : "expired";
  return "cancelled"; // cancel (parent) and decline (babysitter), at any time
}

const cases = ROLES.flatMap((role) =>
  BOOKING_STATUSES.flatMap((status) =>
    BOOKING_ACTIONS.flatMap((action) =>
      (Object.keys(MOMENTS) as Moment[]).map((moment) => ({ role, status, action, moment })),
    ),
  ),
);

describe("decideTransition", () => {
  it("covers every role x status x action x time", () => {
    expect(cases).toHaveLength(2 * 4 * 4 * 5);
  });

  it.each(cases)("$role $action on $status ($moment)", ({ role, status, action, moment }) => {
    const decision = decideTransition({ role, status, action, startMs: START, endMs: END, nowMs: MOMENTS[moment] });
    const want = expected(role, status, action, moment);
    if (BOOKING_STATUSES.includes(want as BookingStatus)) {
      expect(decision).toEqual({ ok: true, from: status, to: want, answers: role === "babysitter" });
    } else {
      expect(decision).toEqual({ ok: false, refusal: want });
    }
  });

  it("never lets the parent confirm a booking (paying does not confirm)", () => {
    const parentConfirms = cases.filter(({ role, status, action, moment }) => {
      const decision = decideTransition({ role, status, action, startMs: START, endMs: END, nowMs: MOMENTS[moment] });
      return role === "parent" && decision.ok && decision.to === "confirmed";
    });
    expect(parentConfirms).toEqual([]);
  });
});

describe("availableActions", () => {
  it.each([
    ["parent", "pending", "before", ["cancel"]],
    ["parent", "confirmed", "before", []],
    ["parent", "confirmed", "during", []],
    ["parent", "confirmed", "after", ["complete"]],
    ["babysitter", "pending", "before", ["accept", "decline"]],
    ["babysitter", "pending", "after", ["decline"]],
    ["babysitter", "confirmed", "after", []],
    ["parent", "completed", "after", []],
    ["babysitter", "cancelled", "before", []],
  ] as const)("%s, %s, %s: %j", (role, status, moment, actions) => {
    expect(availableActions({ role, status, startMs: START, endMs: END, nowMs: MOMENTS[moment] })).toEqual(actions);
  });
});

describe("refusalError", () => {
  it("answers 403 for the other party's action and 409 for the wrong status or time", () => {
    expect(refusalError("role", "accept")).toMatchObject({
      status: 403,
      messageKey: "booking.errors.babysitterOnlyAction",
    });
    expect(refusalError("role", "complete")).toMatchObject({
      status: 403,
      messageKey: "booking.errors.parentOnlyAction",
    });
    expect(refusalError("status", "cancel")).toMatchObject({ status: 409, messageKey: "booking.errors.wrongStatus" });
    expect(refusalError("not_ended", "complete")).toMatchObject({ status: 409, messageKey: "booking.errors.notEnded" });
    expect(refusalError("expired", "accept")).toMatchObject({
      status: 409,
      messageKey: "booking.errors.requestExpired",
    });
  });
});
