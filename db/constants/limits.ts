// Text limits and business limits (core-flows §5, §9). The CHECK constraints in db/schema use the
// same numbers; change both together.
export const BIO_MAX_LENGTH = 500;
export const CHILD_NOTE_MAX_LENGTH = 200; // special needs and allergies, each
export const CHILD_AGE_MIN = 0;
export const CHILD_AGE_MAX = 18;
export const REVIEW_COMMENT_MIN_LENGTH = 20;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEWS_SHOWN_ON_PROFILE = 10;
export const MESSAGE_MAX_LENGTH = 5000;
export const HOURLY_RATE_MIN_CENTS = 100;
export const HOURLY_RATE_MAX_CENTS = 100_000;

const MINUTE_MS = 60_000;

/** Login throttle (enforced on the server, per account and per client address). */
export const LOGIN_THROTTLE = {
  maxAttempts: 5,
  windowMs: 15 * MINUTE_MS,
  blockMs: 30 * MINUTE_MS,
  /** The warning 'N tentative(s) restante(s)' shows when this many or fewer remain. */
  warnWhenRemaining: 2,
  cleanupIntervalMs: 5 * MINUTE_MS,
} as const;

/** Booking reminder 24 h before; push token refresh after 7 days; reset link valid 1 hour. */
export const BOOKING_REMINDER_HOURS_BEFORE = 24;
export const PUSH_TOKEN_MAX_AGE_DAYS = 7;
export const PASSWORD_RESET_TTL_MINUTES = 60;
