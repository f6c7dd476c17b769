// Paying a babysitter through Veilleuse (docs/payments.md): what a tip may be, and the currency.
// The amount owed is never sent by the client: it is the hours that stand (sitting-hours-rules.ts)
// at the booking's hourly rate; the parent only chooses the tip.

export const SITTING_PAYMENT_CURRENCY = "eur";
/** A tip is optional: whole euros, at most this many. */
export const TIP_MAX_CENTS = 10_000;
/** The tips the pay page offers with one tap (any whole amount up to the maximum may be typed). */
export const TIP_CHOICES_CENTS = [0, 500, 1000, 2000] as const;

/**
 * Cancelling a confirmed sitting (booking-cancellation-rules.ts): free for the parent until this many
 * hours before its start, the guarantee the plans page states.
 */
export const FREE_CANCELLATION_HOURS = 24;
/**
 * Later (and before the start), the parent owes the babysitter this share of the booked amount: she
 * kept the evening free and can rarely fill it at a day's notice. A babysitter who cancels is owed
 * nothing, and anything the family paid for the sitting goes back to it in full.
 */
export const LATE_CANCELLATION_FEE_PERCENT = 50;
