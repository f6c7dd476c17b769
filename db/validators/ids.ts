// Ids in paths and bodies: its own module, so a light contract (messages, loaded on every signed-in
// page with the realtime client) does not pull the booking validators and drizzle-zod with it.
import { z } from "zod";

/** Profile, child, booking and conversation ids: opaque text (UUIDs), bounded so a huge value is refused early. */
export const idField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(64, "validation.formatInvalid");
