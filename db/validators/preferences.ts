// Communication preferences: the channel and list flags (email_enabled, ...), plus the types
// card's switches (notify_*). A missing row means the defaults.
import { z } from "zod";

const flag = z.boolean({ error: "validation.formatInvalid" });

export const preferencesBodySchema = z
  .object({
    email_enabled: flag,
    sms_enabled: flag,
    push_enabled: flag,
    emergency_sms: flag,
    marketing_emails: flag,
    booking_reminders: flag,
    payment_notifications: flag,
    message_notifications: flag,
    /** The types card: bookings, messages, payments, reviews, security (emergencies are always on). */
    notify_bookings: flag,
    notify_messages: flag,
    notify_payments: flag,
    notify_reviews: flag,
    notify_security: flag,
  })
  .strict();
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;

export const preferencesSchema = preferencesBodySchema
  .extend({
    /** A push subscription is stored for this account (the push card's 'Activer' until then). */
    push_subscribed: z.boolean(),
    /** A phone number is on the profile (the test SMS needs one: 'Aucun numéro de téléphone configuré'). */
    has_phone: z.boolean(),
  })
  .meta({ id: "CommunicationPreferences" });
export type PreferencesDto = z.infer<typeof preferencesSchema>;
