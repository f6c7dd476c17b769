// Ids in paths and bodies: its own module, so a light contract (messages, loaded on every signed-in
// page with the realtime client) does not pull the booking validators and drizzle-zod with it.
import { z } from "zod";

/** Profile, child, booking and conversation ids: opaque text (UUIDs), bounded so a huge value is refused early. */
export const idField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(64, "validation.formatInvalid");

/** The ids our tables make (db/schema/columns.ts uuidPk: crypto.randomUUID, or the seed's own UUIDs). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids another system issues (better-auth sessions, payment intents): letters, digits, '_' and '-'. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

const INVALID_ID = "ids.invalid";

/**
 * A path's id of one of our rows (profile, booking, child, conversation, notification, invoice).
 * Rule: anything that is not a UUID ('nope', '%00', a 10 KB string) is a 400 "Identifiant invalide"
 * before any query runs, so a malformed id never reads as "not found" nor as "done".
 */
export const idParam = z.string({ error: INVALID_ID }).regex(UUID_PATTERN, INVALID_ID);

/** A path's id issued by another system (a session, a payment intent): same 400 when malformed. */
export const externalIdParam = z.string({ error: INVALID_ID }).regex(TOKEN_PATTERN, INVALID_ID);
