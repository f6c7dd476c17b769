// The booking status machine, exhaustively: every role x state x action, before, during and after
// the sitting. Only the four transitions of core-flows §4 (with DESIGN.md's departure: only the
// babysitter's 'Accepter' confirms) change a booking; asking again for the state it is already in
// is a repeat (issue 19: a double click is not an error); a request still pending at its start has
// expired; everything else is refused with its reason.
import { describe, expect, it } from "vitest";
import { BOOKING_ACTIONS, type BookingAction } from "../../db/schema/enums";
import {
  availableActions,
  decideTransition,
  effectiveState,
  refusalError,
  type BookingRole,
  type BookingState,
} from "../../edge/services/bookings/booking-status";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 5, 10, 16);
const END = START + 3 * HOUR;
const MOMENTS = { before: START - HOUR, during: START + HOUR, after: END + HOUR, atStart: START, atEnd: END } as const;
type Moment = keyof typeof MOMENTS;
const ROLES: BookingRole[] = ["parent", "babysitter"];

const state = (
  status: BookingState["status"],
  cancelledBy: BookingState["cancelledBy"] = null,
  cancelReason: BookingState["cancelReason"] = null,
): BookingState => ({
  status,
  cancelledBy,
  cancelReason,
});
const STATES = {
  pending: state("pending"),
  confirmed: state("confirmed"),
  completed: state("completed"),
  cancelledByParent: state("cancelled", "parent", "cancelled"),
  declined: state("cancelled", "babysitter", "declined"),
  expired: state("cancelled", "system", "expired"),
  accountDeleted: state("cancelled", "system", "account_deleted"),
  cancelledBefore0018: state("cancelled"),
} as const;
type StateName = keyof typeof STATES;

type Expected = { change: BookingState } | "repeat" | "role" | "not_ended" | { refused: StateName };

/** The expected answer, written as the spec and issue 19 state it, independently of the implementation's table. */
function expected(role: BookingRole, name: StateName, action: BookingAction, moment: Moment): Expected {
  const now = MOMENTS[moment];
  const owner: BookingRole = action === "cancel" || action === "complete" ? "parent" : "babysitter";
  if (role !== owner) return "role";
  // A request nobody answered before its start is expired, whatever the database still says.
  const current: StateName = name === "pending" && START <= now ? "expired" : name;
  const target: StateName = {
    cancel: "cancelledByParent",
    decline: "declined",
    accept: "confirmed",
    complete: "completed",
  }[action] as StateName;
  if (current === target) return "repeat";
  const from: StateName = action === "complete" ? "confirmed" : "pending";
  if (current !== from) return { refused: current };
  if (action === "complete" && END > now) return "not_ended";
  return { change: STATES[target] };
}

const cases = ROLES.flatMap((role) =>
  (Object.keys(STATES) as StateName[]).flatMap((name) =>
    BOOKING_ACTIONS.flatMap((action) =>
      (Object.keys(MOMENTS) as Moment[]).map((moment) => ({ role, name, action, moment })),
    ),
  ),
);

const decide = (role: BookingRole, name: StateName, action: BookingAction, moment: Moment) =>
  decideTransition({ role, state: STATES[name], action, startMs: START, endMs: END, nowMs: MOMENTS[moment] });

describe("decideTransition", () => {
  it("covers every role x state x action x time", () => {
    expect(cases).toHaveLength(2 * 8 * 4 * 5);
  });

  it.each(cases)("$role $action on $name ($moment)", ({ role, name, action, moment }) => {
    const want = expected(role, name, action, moment);
    const decision = decide(role, name, action, moment);
    if (want === "repeat") expect(decision).toEqual({ ok: true, kind: "repeat" });
    else if (want === "role" || want === "not_ended") expect(decision).toEqual({ ok: false, refusal: want });
    else if ("refused" in want) expect(decision).toEqual({ ok: false, refusal: "state", state: STATES[want.refused] });
    else
      expect(decision).toEqual({
        ok: true,
        kind: "change",
        from: action === "complete" ? "confirmed" : "pending",
        to: want.change,
        answers: role === "babysitter",
      });
  });

  it("never lets the parent confirm a booking (paying does not confirm)", () => {
    const parentConfirms = cases.filter(({ role, name, action, moment }) => {
      const decision = decide(role, name, action, moment);
      return role === "parent" && decision.ok && decision.kind === "change" && decision.to.status === "confirmed";
    });
    expect(parentConfirms).toEqual([]);
  });

  it("lets nobody act on a request whose start has passed", () => {
    for (const moment of ["atStart", "during", "after"] as const)
      for (const role of ROLES)
        for (const action of BOOKING_ACTIONS) expect(decide(role, "pending", action, moment).ok).toBe(false);
  });
});

describe("effectiveState", () => {
  it("reads a request still pending at its start as expired, and leaves everything else as stored", () => {
    expect(effectiveState(STATES.pending, START, START - 1)).toEqual(STATES.pending);
    expect(effectiveState(STATES.pending, START, START)).toEqual(STATES.expired);
    expect(effectiveState(STATES.confirmed, START, END + HOUR)).toEqual(STATES.confirmed);
    expect(effectiveState(STATES.declined, START, END)).toEqual(STATES.declined);
  });
});

describe("availableActions", () => {
  it.each([
    ["parent", "pending", "before", ["cancel"]],
    ["parent", "pending", "during", []],
    ["parent", "confirmed", "before", []],
    ["parent", "confirmed", "during", []],
    ["parent", "confirmed", "after", ["complete"]],
    ["babysitter", "pending", "before", ["accept", "decline"]],
    ["babysitter", "pending", "atStart", []],
    ["babysitter", "pending", "after", []],
    ["babysitter", "confirmed", "after", []],
    ["parent", "completed", "after", []],
    ["babysitter", "declined", "before", []],
    ["parent", "cancelledByParent", "before", []],
  ] as const)("%s, %s, %s: %j", (role, name, moment, actions) => {
    expect(availableActions({ role, state: STATES[name], startMs: START, endMs: END, nowMs: MOMENTS[moment] })).toEqual(
      actions,
    );
  });
});

describe("refusalError", () => {
  it("answers 403 for the other party's action and 409 naming the state that contradicts it", () => {
    expect(refusalError({ refusal: "role" }, "accept")).toMatchObject({
      status: 403,
      messageKey: "booking.errors.babysitterOnlyAction",
    });
    expect(refusalError({ refusal: "role" }, "complete")).toMatchObject({
      status: 403,
      messageKey: "booking.errors.parentOnlyAction",
    });
    expect(refusalError({ refusal: "not_ended" }, "complete")).toMatchObject({
      status: 409,
      messageKey: "booking.errors.notEnded",
    });
    const refusedOn = (name: StateName, action: BookingAction) =>
      refusalError({ refusal: "state", state: STATES[name] }, action);
    expect(refusedOn("expired", "accept")).toMatchObject({
      status: 409,
      code: "REQUEST_EXPIRED",
      messageKey: "booking.errors.requestExpired",
    });
    const keys = {
      pending: "stillPending",
      confirmed: "alreadyConfirmed",
      completed: "alreadyCompleted",
      cancelledByParent: "cancelledByParent",
      declined: "declinedByBabysitter",
      accountDeleted: "cancelledAccountDeleted",
      cancelledBefore0018: "alreadyCancelled",
    } as const;
    for (const [name, key] of Object.entries(keys))
      expect(refusedOn(name as StateName, "accept")).toMatchObject({
        status: 409,
        code: "WRONG_STATUS",
        messageKey: `booking.errors.${key}`,
      });
  });
});
