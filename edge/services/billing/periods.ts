// Billing periods and proration, shared by the demo provider, the trial and the sweep. Stripe
// computes its own; the demo provider follows the same rules so both paths bill alike.

/** `months` later on the same day of the month, clamped to the month's last day (Jan 31 + 1 = Feb 28/29), as Stripe anchors. */
export function addMonths(isoTime: string, months: number): string {
  const start = new Date(isoTime);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target.toISOString();
}

/**
 * What a plan change costs now: the unused part of the period at the old price is credited and the
 * rest of the period at the new price is charged (Stripe's proration, to the second). Negative for
 * a downgrade (a credit).
 */
export function prorationCents(
  fromCents: number,
  toCents: number,
  period: { start: string; end: string },
  nowMs: number,
): number {
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  if (!(end > start)) return 0;
  const remaining = Math.min(1, Math.max(0, (end - nowMs) / (end - start)));
  return Math.round((toCents - fromCents) * remaining);
}
