// During a sitting: when the babysitter may tap 'Je suis arrivée', how far is far, and when a
// missing arrival alerts the parent (our choices; docs/trust-and-safety.md).

/** She may check in from this long before the start until the end. */
export const CHECK_IN_OPENS_MINUTES = 60;
/** Nobody checked in this long after the start: the parent is alerted (high priority, a call button). */
export const NO_SHOW_ALERT_MINUTES = 15;
/**
 * A tap this far from the family's position is flagged to the parent. Family positions are known
 * to the postal code (profiles' coordinates), so the margin is a town's, not a street's.
 */
export const FAR_FROM_HOME_METRES = 3000;

/** The parent answers a declaration of hours within this many hours; then they are confirmed for her. */
export const HOURS_ANSWER_HOURS = 24;
/** Declared hours lie within this many hours of the booked ones (a late night, an early start). */
export const HOURS_MARGIN_HOURS = 6;
/** A declaration covers one sitting: at most a day. */
export const HOURS_MAX_HOURS = 24;
/** A dispute says why, in the parent's words. */
export const HOURS_DISPUTE_MIN_LENGTH = 10;
export const HOURS_DISPUTE_MAX_LENGTH = 500;
