// Emergency alerts during a booking:
// the request body the API and the booking page's dialog share, and the API's answers. Messages
// are i18n keys: the shared ones of db/i18n (validation.required, validation.maxChars) and the
// type's own, "emergencies.validation.typeInvalid" (edge/i18n for the API, the bookings feature's
// texts for the page: not db/i18n, whose French file is part of the first load of /).
import { z } from "zod";
import { EMERGENCY_TYPES } from "../schema/enums";
import { EMERGENCY_DESCRIPTION_MAX_LENGTH, EMERGENCY_LOCATION_MAX_LENGTH } from "../constants/emergencies";
import { idField } from "./ids";

export const emergencyTypeField = z.enum(EMERGENCY_TYPES, { error: "emergencies.validation.typeInvalid" });

const locationField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(EMERGENCY_LOCATION_MAX_LENGTH, "validation.maxChars");

/** Optional: an empty text is no description (stored as null). */
const descriptionField = z
  .string({ error: "validation.formatInvalid" })
  .trim()
  .max(EMERGENCY_DESCRIPTION_MAX_LENGTH, "validation.maxChars")
  .transform((text) => (text === "" ? null : text));

/** POST /api/emergencies: the reporter comes from the session, the other party from the booking. */
export const emergencyCreateBodySchema = z.strictObject({
  booking_id: idField,
  type: emergencyTypeField,
  location: locationField,
  description: descriptionField.nullish(),
});
export type EmergencyCreateBody = z.input<typeof emergencyCreateBodySchema>;
export type EmergencyCreate = z.output<typeof emergencyCreateBodySchema>;

/** GET /api/emergencies?booking_id=… */
export const emergencyListQuerySchema = z.object({ booking_id: idField });

export const emergencyIncidentSchema = z
  .object({
    id: z.string(),
    booking_id: z.string(),
    type: z.enum(EMERGENCY_TYPES),
    location: z.string(),
    description: z.string().nullable(),
    /** UTC ISO-8601. */
    created_at: z.string(),
    /** Whether the caller raised it (else the other party did). */
    reported_by_me: z.boolean(),
  })
  .meta({ id: "EmergencyIncident" });
export type EmergencyIncident = z.infer<typeof emergencyIncidentSchema>;

export const emergencyListSchema = z
  .object({
    incidents: z.array(emergencyIncidentSchema).describe("Newest first."),
    /** Whether an alert may be raised now (the window rule of db/constants/emergencies.ts). */
    can_raise: z.boolean(),
    /** The sitting's place to prefill (the parent's address), only while an alert may be raised. */
    default_location: z.string().nullable(),
  })
  .meta({ id: "EmergencyList" });
export type EmergencyList = z.infer<typeof emergencyListSchema>;
