// The urgent-request contract (/api/urgent-requests): the family's form (a slot, children, the
// address, and optionally an agency), her view of the request, and a babysitter's view of one sent
// to her.
import { z } from "zod";
import { ADDRESS_MAX_LENGTH } from "../constants/limits";
import { URGENT_REQUEST_STATUSES } from "../schema/enums";
import { checkSlot, slotShape } from "./booking";
import { idField, idParam } from "./ids";

export const urgentRequestBodySchema = z
  .strictObject({
    ...slotShape,
    /** Where the sitting is: given to the sitter who takes it (the others see the city). */
    address: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(ADDRESS_MAX_LENGTH, "validation.maxChars"),
    /** Sent to this agency's roster instead of favourites and best matches. */
    agency_id: idField.optional(),
  })
  .superRefine(checkSlot);
export type UrgentRequestBody = z.infer<typeof urgentRequestBodySchema>;

export const urgentRequestParamsSchema = z.object({ id: idParam });

const childSchema = z.object({ first_name: z.string(), age: z.number().int() });

/** The family's view of her request. */
export const urgentRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(URGENT_REQUEST_STATUSES),
    start_time: z.string(),
    end_time: z.string(),
    address: z.string(),
    special_instructions: z.string().nullable(),
    children: z.array(childSchema),
    agency: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** How many babysitters it reached so far, and whether it has widened. */
    recipients: z.number().int(),
    widened: z.boolean(),
    radius_km: z.number().int(),
    /** The sitting, once a babysitter took it. */
    booking_id: z.string().nullable(),
    filled_by: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
    created_at: z.string(),
  })
  .meta({ id: "UrgentRequest" });
export type UrgentRequestDto = z.infer<typeof urgentRequestSchema>;

export const urgentRequestAnswerSchema = z.object({ request: urgentRequestSchema });
export const urgentRequestListSchema = z.object({ requests: z.array(urgentRequestSchema) });

/** A babysitter's view of a request sent to her. */
export const incomingUrgentRequestSchema = z
  .object({
    id: z.string(),
    /** open: she may still take it; taken: another sitter did; mine: she did; closed: expired or called off. */
    state: z.enum(["open", "taken", "mine", "closed", "declined"]),
    start_time: z.string(),
    end_time: z.string(),
    family: z.object({ first_name: z.string(), last_name: z.string(), city: z.string().nullable() }),
    /** The full address once the sitting is hers. */
    address: z.string().nullable(),
    special_instructions: z.string().nullable(),
    children: z.array(childSchema),
    /** At her own rate. */
    total_amount_cents: z.number().int(),
    booking_id: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "IncomingUrgentRequest" });
export type IncomingUrgentRequestDto = z.infer<typeof incomingUrgentRequestSchema>;

export const incomingUrgentRequestListSchema = z.object({ requests: z.array(incomingUrgentRequestSchema) });
export const incomingUrgentRequestAnswerSchema = z.object({ request: incomingUrgentRequestSchema });

/** The agencies a family may send a request to (those with a team). */
export const urgentAgenciesSchema = z.object({
  agencies: z.array(z.object({ id: z.string(), name: z.string(), roster_size: z.number().int() })),
});
