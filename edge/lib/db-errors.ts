// Constraint failures the services turn into answers (a 409 rather than a 500). Drizzle wraps the
// driver's error (DrizzleQueryError -> LibsqlError); the database's own words are somewhere on the
// `cause` chain, e.g. "SQLite error: booking_overlap" or "UNIQUE constraint failed: reviews.booking_id".

function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) messages.push(e.message);
  return messages;
}

/** True when the database refused the write with a message matching `pattern`. */
export const isDatabaseRefusal = (error: unknown, pattern: RegExp): boolean =>
  messagesOf(error).some((message) => pattern.test(message));

/** RAISE(ABORT, 'booking_overlap') of the bookings triggers (migration 0003_booking_overlap_trigger). */
export const BOOKING_OVERLAP = /\bbooking_overlap\b/;
/** reviews_booking_reviewer_unique: one review per reviewer per booking. */
export const REVIEW_ALREADY_WRITTEN = /UNIQUE constraint failed: reviews\.booking_id, reviews\.reviewer_id/;
/** agencies.siren is unique: one agency per company. */
export const AGENCY_SIREN_TAKEN = /UNIQUE constraint failed: agencies\.siren/;
/** agency_invitations_pending_idx: one pending invitation per agency and address. */
export const INVITATION_PENDING = /UNIQUE constraint failed: agency_invitations\.agency_id, agency_invitations\.email/;
/** agency_members' key is the sitter: one agency at most. */
export const ALREADY_ON_A_ROSTER = /UNIQUE constraint failed: agency_members\.sitter_id/;
