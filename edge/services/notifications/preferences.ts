// Communication preferences: read (a missing row is DEFAULT_PREFERENCES, never an error) and saved
// whole. The delivery service reads them through `preferencesOf`.
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { communicationPreferences } from "@db/schema";
import type { PreferencesBody, PreferencesDto } from "@db/validators/preferences";
import { DEFAULT_PREFERENCES, type Preferences } from "../../delivery/rules";

export async function preferencesOf(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db.select().from(communicationPreferences).where(eq(communicationPreferences.userId, userId));
  if (!row) return DEFAULT_PREFERENCES;
  const { userId: _user, updatedAt: _updated, ...preferences } = row;
  return preferences;
}

export function toPreferencesDto(preferences: Preferences, hasPhone: boolean): PreferencesDto {
  return {
    email_enabled: preferences.emailEnabled,
    sms_enabled: preferences.smsEnabled,
    push_enabled: preferences.pushEnabled,
    emergency_sms: preferences.emergencySms,
    marketing_emails: preferences.marketingEmails,
    booking_reminders: preferences.bookingReminders,
    payment_notifications: preferences.paymentNotifications,
    message_notifications: preferences.messageNotifications,
    notify_bookings: preferences.notifyNewBookings,
    notify_messages: preferences.notifyMessages,
    notify_payments: preferences.notifyPayments,
    notify_reviews: preferences.notifyReviews,
    notify_security: preferences.notifySecurity,
    push_subscribed: preferences.pushToken !== null,
    has_phone: hasPhone,
  };
}

/** Saves every flag at once (an upsert: the first save creates the row). The push token is not here. */
export async function savePreferences(db: Db, userId: string, body: PreferencesBody): Promise<Preferences> {
  const values = {
    emailEnabled: body.email_enabled,
    smsEnabled: body.sms_enabled,
    pushEnabled: body.push_enabled,
    emergencySms: body.emergency_sms,
    marketingEmails: body.marketing_emails,
    bookingReminders: body.booking_reminders,
    paymentNotifications: body.payment_notifications,
    messageNotifications: body.message_notifications,
    notifyNewBookings: body.notify_bookings,
    notifyMessages: body.notify_messages,
    notifyPayments: body.notify_payments,
    notifyReviews: body.notify_reviews,
    notifySecurity: body.notify_security,
    updatedAt: new Date().toISOString(),
  };
  await db
    .insert(communicationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: communicationPreferences.userId, set: values });
  return preferencesOf(db, userId);
}
