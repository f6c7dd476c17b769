// What a babysitter was paid for her sittings ('Mes paiements'): each sitting paid by card through
// Veilleuse (the whole amount and the tip are hers: no commission) or settled outside it by the
// family's word, newest first, with the totals (a payment refunded to the family is listed, in no
// total), and the payouts from her payout account to her bank. Only her own rows: the queries are
// keyed on her id.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings } from "@db/schema/bookings";
import { bankPayouts, sittingPayments } from "@db/schema/payments";
import { profiles } from "@db/schema/profiles";
import type { ReceivedPayments } from "@db/validators/payments";

/** At most this many rows: a year of weekly sittings, twice over. */
const RECEIVED_LIMIT = 100;

export async function receivedPayments(db: Db, babysitterId: string): Promise<ReceivedPayments> {
  const [rows, payouts] = await db.batch([paymentsReceivedBy(db, babysitterId), bankPayoutsOf(db, babysitterId)]);
  const payments = rows.map((row) => ({
    booking_id: row.bookingId,
    sitting_start: row.startTime,
    // The family as a sitter knows it on her bookings: first name and initial.
    family: `${row.familyFirstName} ${row.familyLastName.slice(0, 1)}.`.trim(),
    method: row.method,
    amount_cents: row.amountCents,
    tip_cents: row.tipCents,
    paid_at: row.paidAt ?? "",
    refunded: row.status === "refunded",
  }));
  const kept = payments.filter((payment) => !payment.refunded);
  return {
    payments,
    card_total_cents: kept
      .filter((payment) => payment.method !== "outside")
      .reduce((sum, payment) => sum + payment.amount_cents + payment.tip_cents, 0),
    outside_total_cents: kept
      .filter((payment) => payment.method === "outside")
      .reduce((sum, payment) => sum + payment.amount_cents, 0),
    bank_payouts: payouts.map((payout) => ({
      amount_cents: payout.amountCents,
      status: payout.status,
      arrival_date: payout.arrivalDate,
      failure_message: payout.failureMessage,
    })),
  };
}

const paymentsReceivedBy = (db: Db, babysitterId: string) =>
  db
    .select({
      bookingId: sittingPayments.bookingId,
      startTime: bookings.startTime,
      familyFirstName: profiles.firstName,
      familyLastName: profiles.lastName,
      method: sittingPayments.method,
      amountCents: sittingPayments.amountCents,
      tipCents: sittingPayments.tipCents,
      paidAt: sittingPayments.paidAt,
      status: sittingPayments.status,
    })
    .from(sittingPayments)
    .innerJoin(bookings, eq(bookings.id, sittingPayments.bookingId))
    .innerJoin(profiles, eq(profiles.id, sittingPayments.parentId))
    .where(
      and(
        eq(sittingPayments.babysitterId, babysitterId),
        inArray(sittingPayments.status, ["succeeded", "outside", "refunded"]),
      ),
    )
    .orderBy(desc(sittingPayments.paidAt))
    .limit(RECEIVED_LIMIT);

const bankPayoutsOf = (db: Db, babysitterId: string) =>
  db
    .select()
    .from(bankPayouts)
    .where(eq(bankPayouts.profileId, babysitterId))
    .orderBy(desc(bankPayouts.arrivalDate), desc(bankPayouts.createdAt))
    .limit(RECEIVED_LIMIT);
