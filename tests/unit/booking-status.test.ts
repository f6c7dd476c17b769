// The booking status machine, exhaustively: every role x state x action, before, during and after
// the sitting. Only these transitions change a booking: the parent cancels a pending request or a
// confirmed sitting before its start, or completes a confirmed sitting once it has ended; the
// babysitter accepts or declines a pending request, or cancels (withdraws from) a confirmed sitting
// before its start; only the babysitter's 'Accepter' confirms. Asking again for the state it is
// already in is a repeat (a double click is not an error); a request still pending at its start has
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
  withdrawn: state("cancelled", "babysitter", "withdrawn"),
  expired: state("cancelled", "system", "expired"),
  accountDeleted: state("cancelled", "system", "account_deleted"),
  cancelledBefore0018: state("cancelled"),
} as const;
type StateName = keyof typeof STATES;

type Expected =
  | { change: BookingState; from: "pending" | "confirmed" }
  | "repeat"
  | "role"
  | "not_ended"
  | "started"
  | { refused: StateName };

/**
 * The expected answer, written from the rules above (a repeat is not an error; a pending request
 * has expired at its start), independently of the implementation's table.
 */
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
    withdraw: "withdrawn",
  }[action] as StateName;
  if (current === target) return "repeat";
  const from: StateName[] = {
    cancel: ["pending", "confirmed"],
    decline: ["pending"],
    accept: ["pending"],
    complete: ["confirmed"],
    withdraw: ["confirmed"],
  }[action] as StateName[];
  if (!from.includes(current)) return { refused: current };
  if (action === "complete" && END > now) return "not_ended";
  // Cancelling (either side) ends a sitting before its start, never once it has begun.
  if ((action === "cancel" || action === "withdraw") && START <= now) return "started";
  return { change: STATES[target], from: current as "pending" | "confirmed" };
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
    expect(cases).toHaveLength(2 * 9 * 5 * 5);
  });

  it.each(cases)("$role $action on $name ($moment)", ({ role, name, action, moment }) => {
    const want = expected(role, name, action, moment);
    const decision = decide(role, name, action, moment);
    if (want === "repeat") expect(decision).toEqual({ ok: true, kind: "repeat" });
    else if (want === "role" || want === "not_ended" || want === "started")
      expect(decision).toEqual({ ok: false, refusal: want });
    else if ("refused" in want) expect(decision).toEqual({ ok: false, refusal: "state", state: STATES[want.refused] });
    else
      expect(decision).toEqual({
        ok: true,
        kind: "change",
        from: want.from,
        to: want.change,
        // Only the answer to a request is the sitter's response (her response time).
        answers: role === "babysitter" && want.from === "pending",
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
    ["parent", "confirmed", "before", ["cancel"]],
    ["parent", "confirmed", "during", []],
    ["parent", "confirmed", "after", ["complete"]],
    ["babysitter", "confirmed", "before", ["withdraw"]],
    ["babysitter", "confirmed", "during", []],
    ["babysitter", "withdrawn", "before", []],
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
    expect(refusalError({ refusal: "started" }, "withdraw")).toMatchObject({
      status: 409,
      code: "SITTING_STARTED",
      messageKey: "booking.errors.sittingStarted",
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
      withdrawn: "withdrawnByBabysitter",
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
