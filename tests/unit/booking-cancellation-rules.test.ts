// What cancelling costs the parent: nothing for a request, nothing for a confirmed sitting until
// 24 hours before its start, then half the booked amount (to the cent) until the start.
import { describe, expect, it } from "vitest";
import {
  cancellationFeeCents,
  freeCancellationUntil,
  lateCancellationFee,
} from "../../edge/services/bookings/booking-cancellation-rules";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 11, 5, 18);

describe("cancellationFeeCents", () => {
  it("is free until 24 hours before a confirmed sitting, half the amount from then", () => {
    const sitting = { status: "confirmed" as const, startMs: START, totalAmountCents: 7200 };
    expect(freeCancellationUntil(START)).toBe(START - 24 * HOUR);
    expect(cancellationFeeCents(sitting, START - 48 * HOUR)).toBe(0);
    expect(cancellationFeeCents(sitting, START - 24 * HOUR - 1)).toBe(0);
    expect(cancellationFeeCents(sitting, START - 24 * HOUR)).toBe(3600);
    expect(cancellationFeeCents(sitting, START - HOUR)).toBe(3600);
  });

  it("never charges a request the sitter has not accepted", () => {
    expect(cancellationFeeCents({ status: "pending", startMs: START, totalAmountCents: 7200 }, START - HOUR)).toBe(0);
  });

  it("rounds half an odd amount to the nearest cent", () => {
    expect(lateCancellationFee(4501)).toBe(2251);
    expect(lateCancellationFee(0)).toBe(0);
  });
});
