// What a babysitter was paid for her sittings ('Mes paiements'): each sitting paid by card through
// Veilleuse (the whole amount and the tip are hers: no commission) or settled outside it by the
// family's word, newest first, with the totals. Only her own rows: the query is keyed on her id.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookings } from "@db/schema/bookings";
import { sittingPayments } from "@db/schema/payments";
import { profiles } from "@db/schema/profiles";
import type { ReceivedPayments } from "@db/validators/payments";

/** At most this many rows: a year of weekly sittings, twice over. */
const RECEIVED_LIMIT = 100;

export async function receivedPayments(db: Db, babysitterId: string): Promise<ReceivedPayments> {
  const rows = await db
    .select({
      bookingId: sittingPayments.bookingId,
      startTime: bookings.startTime,
      familyFirstName: profiles.firstName,
      familyLastName: profiles.lastName,
      method: sittingPayments.method,
      amountCents: sittingPayments.amountCents,
      tipCents: sittingPayments.tipCents,
      paidAt: sittingPayments.paidAt,
    })
    .from(sittingPayments)
    .innerJoin(bookings, eq(bookings.id, sittingPayments.bookingId))
    .innerJoin(profiles, eq(profiles.id, sittingPayments.parentId))
    .where(
      and(eq(sittingPayments.babysitterId, babysitterId), inArray(sittingPayments.status, ["succeeded", "outside"])),
    )
    .orderBy(desc(sittingPayments.paidAt))
    .limit(RECEIVED_LIMIT);
  const payments = rows.map((row) => ({
    booking_id: row.bookingId,
    sitting_start: row.startTime,
    // The family as a sitter knows it on her bookings: first name and initial.
    family: `${row.familyFirstName} ${row.familyLastName.slice(0, 1)}.`.trim(),
    method: row.method,
    amount_cents: row.amountCents,
    tip_cents: row.tipCents,
    paid_at: row.paidAt ?? "",
  }));
  const card = payments.filter((payment) => payment.method !== "outside");
  return {
    payments,
    card_total_cents: card.reduce((sum, payment) => sum + payment.amount_cents + payment.tip_cents, 0),
    outside_total_cents: payments
      .filter((payment) => payment.method === "outside")
      .reduce((sum, payment) => sum + payment.amount_cents, 0),
  };
}
