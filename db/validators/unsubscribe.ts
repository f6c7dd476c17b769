// One-click email unsubscribe: the signed link's lists and the answers of
// /api/unsubscribe. The token itself is the credential (edge/delivery/unsubscribe.ts signs it).
import { z } from "zod";

/**
 * What one link turns off: every notification email (bookings, messages, reviews), the booking
 * reminders, the payment notices (renewals; a failed payment still arrives), or marketing.
 */
export const UNSUBSCRIBE_LISTS = ["notifications", "reminders", "payments", "marketing"] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/** `?token=`: checked by the service (a missing or malformed one gets the same 400 as a forged one). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The signed token of the email's link." }),
});

export const unsubscribeTargetSchema = z
  .object({
    list: z.enum(UNSUBSCRIBE_LISTS),
    /** The address the mail goes to, masked (m•••@example.com): enough to recognise it, not to read it. */
    email_hint: z.string(),
  })
  .meta({ id: "UnsubscribeTarget" });
export type UnsubscribeTarget = z.infer<typeof unsubscribeTargetSchema>;

export const unsubscribedSchema = z.object({ list: z.enum(UNSUBSCRIBE_LISTS) }).meta({ id: "Unsubscribed" });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
