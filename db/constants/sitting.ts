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
