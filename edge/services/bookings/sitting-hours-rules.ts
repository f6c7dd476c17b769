// The real hours of a sitting, as plain rules (the writes are in sitting-hours.ts).
// - Once a confirmed sitting is over (its booked end, or her departure tap if earlier), the
//   babysitter declares its real start and end once: within HOURS_MARGIN_HOURS of the booked times,
//   ending before now, at most HOURS_MAX_HOURS long. A night across midnight is one span of time,
//   so it counts whole (and a night when the clocks change counts its real length).
// - The parent then has HOURS_ANSWER_HOURS to confirm or dispute them. Without an answer they are
//   confirmed for her: read as auto_confirmed from the deadline on, before the cron writes it.
// - A dispute goes to the team's moderation queue: kept (confirmed) or refused (adjusted: the
//   booked hours stand).
// - What is owed follows the hours that stand, at the booking's hourly rate.
import { HOURS_ANSWER_HOURS, HOURS_MARGIN_HOURS, HOURS_MAX_HOURS } from "@db/constants/sitting";
import type { SittingHoursStatus } from "@db/schema/enums";
import { HOUR_MS } from "@db/time/paris-time";
import { bookingTotalCents, type SittingHoursDto } from "@db/validators/booking";

export type HoursFields = {
  status: string;
  startTime: string;
  endTime: string;
  hourlyRateCents: number;
  checkedOutAt: string | null;
  hoursStart: string | null;
  hoursEnd: string | null;
  hoursStatus: SittingHoursStatus | null;
  hoursProposedAt: string | null;
};

/** When the parent's answer is due for hours declared at `proposedAt`. */
export const answerDeadlineMs = (proposedAt: string) => Date.parse(proposedAt) + HOURS_ANSWER_HOURS * HOUR_MS;

/** The status as both parties must read it now: proposed hours past their deadline are confirmed. */
export function effectiveHoursStatus(
  status: SittingHoursStatus,
  proposedAt: string | null,
  nowMs: number,
): SittingHoursStatus {
  return status === "proposed" && proposedAt !== null && answerDeadlineMs(proposedAt) <= nowMs
    ? "auto_confirmed"
    : status;
}

/** The sitting is over: its booked end has passed, or she tapped her departure. */
export function sittingOver(booking: Pick<HoursFields, "endTime" | "checkedOutAt">, nowMs: number): boolean {
  return Date.parse(booking.endTime) <= nowMs || booking.checkedOutAt !== null;
}

/** A confirmed (or completed) sitting, over, whose hours nobody declared yet. */
export function mayDeclareHours(booking: HoursFields, nowMs: number): boolean {
  const held = booking.status === "confirmed" || booking.status === "completed";
  return held && booking.hoursStatus === null && sittingOver(booking, nowMs);
}

/** Declared times the rules accept for this booking, now. */
export function hoursWithinRules(
  booking: Pick<HoursFields, "startTime" | "endTime">,
  startMs: number,
  endMs: number,
  nowMs: number,
) {
  const margin = HOURS_MARGIN_HOURS * HOUR_MS;
  return (
    endMs > startMs &&
    endMs - startMs <= HOURS_MAX_HOURS * HOUR_MS &&
    startMs >= Date.parse(booking.startTime) - margin &&
    endMs <= Date.parse(booking.endTime) + margin &&
    endMs <= nowMs
  );
}

/** The span that counts for hours in `status`: the declared one, or the booked one once the team refused it. */
function countedSpan(booking: HoursFields, status: SittingHoursStatus): [string, string] {
  return status === "adjusted" ? [booking.startTime, booking.endTime] : [booking.hoursStart!, booking.hoursEnd!];
}

/**
 * The hours that stand (confirmed by the parent, confirmed without her answer, or settled by the
 * team): the span that counts and what it comes to. Null while none are declared, or while they
 * are proposed or disputed. What is paid, receipted and declared follows these.
 */
export function standingHours(booking: HoursFields, nowMs: number) {
  const view = hoursView(booking, nowMs);
  if (!view || view.status === "proposed" || view.status === "disputed") return null;
  const [start, end] = countedSpan(booking, view.status);
  return { start, end, minutes: view.minutes, amountCents: view.amount_cents };
}

/** The booking's hours for its parties: what was declared, where the answer stands, what is owed. */
export function hoursView(booking: HoursFields, nowMs: number): SittingHoursDto | null {
  if (!booking.hoursStatus || !booking.hoursStart || !booking.hoursEnd || !booking.hoursProposedAt) return null;
  const status = effectiveHoursStatus(booking.hoursStatus, booking.hoursProposedAt, nowMs);
  const [startMs, endMs] = countedSpan(booking, status).map(Date.parse);
  return {
    start: booking.hoursStart,
    end: booking.hoursEnd,
    status,
    proposed_at: booking.hoursProposedAt,
    answer_by: status === "proposed" ? new Date(answerDeadlineMs(booking.hoursProposedAt)).toISOString() : null,
    minutes: Math.round((endMs - startMs) / 60_000),
    amount_cents: bookingTotalCents(booking.hourlyRateCents, startMs, endMs),
  };
}
