// The sitting payments' test fixtures (sitting-payments.test.ts, cancellations-refunds.test.ts):
// a sitting whose hours stand, a babysitter whose Express account is complete on the Stripe double,
// and the payment routes as a member calls them.
import { expect } from "vitest";
import { control } from "./billing-helpers";
import { call, execute, insertBooking, newMember, queryRows, type Member } from "./helpers";

export const startPayment = (member: Member, bookingId: string, json: unknown = { tip_cents: 0 }) =>
  call("POST", `/api/bookings/${bookingId}/payment`, { cookie: member.cookie, json });
export const paymentOf = (member: Member, bookingId: string) =>
  call("GET", `/api/bookings/${bookingId}/payment`, { cookie: member.cookie });
export const onboarding = (member: Member) =>
  call("POST", "/api/payouts/account/onboarding", { cookie: member.cookie, json: {} });

/** A sitting of 3 h at 15 €/h (45 €), over, whose hours the parent confirmed. */
export async function settledSitting(parent: Member, sitter: Member, startedHoursAgo = 5) {
  const id = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -startedHoursAgo);
  await execute(
    `UPDATE bookings SET hours_start = start_time, hours_end = end_time, hours_status = 'confirmed',
       hours_proposed_at = ?, hours_answered_at = ? WHERE id = ?`,
    [new Date().toISOString(), new Date().toISOString(), id],
  );
  return id;
}

/** A babysitter whose Express account is open and complete (her details given on Stripe's pages). */
export async function payableSitter() {
  const sitter = await newMember("babysitter");
  const opened = await onboarding(sitter);
  expect(opened.status).toBe(200);
  const [row] = await queryRows("SELECT account_id FROM payout_accounts WHERE profile_id = ?", [sitter.profileId]);
  await control(`complete-onboarding/${String(row.account_id)}`, {});
  const refreshed = await call("POST", "/api/payouts/account/refresh", { cookie: sitter.cookie, json: {} });
  expect(refreshed.body).toEqual({ status: "enabled", provider: "stripe" });
  return { sitter, accountId: String(row.account_id) };
}
