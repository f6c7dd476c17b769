// Delivery preferences, one row per user (the settings screen's
// toggles). A missing row means "defaults", never an error.
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { user } from "./auth";
import { updatedAt } from "./columns";

const flag = (name: string, value: boolean) => integer(name, { mode: "boolean" }).notNull().default(value);

export const communicationPreferences = sqliteTable("communication_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  emailEnabled: flag("email_enabled", true),
  smsEnabled: flag("sms_enabled", false),
  pushEnabled: flag("push_enabled", true),
  /** Emergency SMS stay on even when normal SMS are off. */
  emergencySms: flag("emergency_sms", true),
  marketingEmails: flag("marketing_emails", false),
  bookingReminders: flag("booking_reminders", true),
  paymentNotifications: flag("payment_notifications", true),
  messageNotifications: flag("message_notifications", true),
  /** Web-push subscription (JSON string); refreshed when older than 7 days. */
  pushToken: text("push_token"),
  pushTokenUpdatedAt: text("push_token_updated_at"),
  // The types card: which events notify at all; emergencies always do.
  // The /notifications screen's settings card shows the same switches (one source of truth).
  notifyNewBookings: flag("notify_new_bookings", true),
  notifyMessages: flag("notify_messages", true),
  notifyReviews: flag("notify_reviews", true),
  notifyPayments: flag("notify_payments", true),
  notifySecurity: flag("notify_security", true),
  notifyByEmail: flag("notify_by_email", false),
  updatedAt: updatedAt(),
});
