// What cancelling a confirmed sitting costs the parent (docs/payments.md): nothing until 24 hours
// before its start; later, half the booked amount, owed to the babysitter and paid like a sitting.
// A request the babysitter has not accepted costs nothing to cancel, and a babysitter who cancels
// (withdraw) is owed nothing. The booking page shows these terms before the parent confirms, and
// the server asks her to accept the fee it computes (never one the client sends).
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_FEE_PERCENT } from "@db/constants/payments";
import type { BookingStatus } from "@db/schema/enums";
import { HOUR_MS } from "@db/time/paris-time";

/** The last instant a confirmed sitting starting at `startMs` can be cancelled for free. */
export const freeCancellationUntil = (startMs: number) => startMs - FREE_CANCELLATION_HOURS * HOUR_MS;

/** The late cancellation fee of a booked amount, to the cent. */
export const lateCancellationFee = (totalAmountCents: number) =>
  Math.round((totalAmountCents * LATE_CANCELLATION_FEE_PERCENT) / 100);

/** What the parent owes the babysitter if she cancels now: 0 for a request, or a confirmed sitting until 24 h before. */
export function cancellationFeeCents(
  booking: { status: BookingStatus; startMs: number; totalAmountCents: number },
  nowMs: number,
): number {
  if (booking.status !== "confirmed" || nowMs < freeCancellationUntil(booking.startMs)) return 0;
  return lateCancellationFee(booking.totalAmountCents);
}
