// A confirmed sitting's cancellation terms, as the server computed them: `cancellation` (the parent's,
// on a sitting still to come: free until a deadline, then a fee) and `late_cancel_fee_cents` (what a
// late cancellation left owed). The card says them in one line; the confirm dialog quotes the same
// values. The rule's numbers come from its constants, so no text states another rule.
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_FEE_PERCENT } from "@db/constants/payments";
import { formatEuros } from "@web/lib/format";
import { formatClockTime, formatLongDate } from "@web/lib/format-paris";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import type { Booking } from "../api/list-bookings";
import { bookingsTexts } from "../texts";

type Terms = NonNullable<Booking["cancellation"]>;

/** What the terms' texts quote: the free deadline (its Paris date and time), the fee, the rule. */
export const cancellationValues = (t: TFunction, terms: Terms) => ({
  freeUntil: t("bookings.cancellation.dateTime", {
    date: formatLongDate(terms.free_until),
    time: formatClockTime(terms.free_until),
  }),
  fee: formatEuros(terms.fee_cents),
  hours: FREE_CANCELLATION_HOURS,
  percent: LATE_CANCELLATION_FEE_PERCENT,
});

/** The card's line: the terms before cancelling, or what a late cancellation left owed (to both parties). */
export function CancellationTerms({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  const text = termsText(t, booking);
  if (!text) return null;
  return (
    <p data-testid="cancellation-terms" className="text-sm text-slate-700">
      {text}
    </p>
  );
}

function termsText(t: TFunction, booking: Booking): string | null {
  // Set only on a booking the parent cancelled late: each party reads it from their side.
  if (booking.late_cancel_fee_cents !== null)
    return t(`bookings.cancellation.owed.${booking.role}`, {
      fee: formatEuros(booking.late_cancel_fee_cents),
      hours: FREE_CANCELLATION_HOURS,
    });
  if (!booking.cancellation) return null;
  const late = booking.cancellation.fee_cents > 0;
  return t(
    late ? "bookings.cancellation.late" : "bookings.cancellation.free",
    cancellationValues(t, booking.cancellation),
  );
}
