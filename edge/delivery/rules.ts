// Who gets what, on which channel, from the switches of the preferences screen: one pure function,
// so every combination is unit-tested. In-app notifications are always written (in-app always,
// other channels by preference); this decides email, SMS and push.
import type { communicationPreferences } from "@db/schema";

export const PRIORITIES = ["normal", "high", "emergency"] as const;
export type Priority = (typeof PRIORITIES)[number];

/**
 * What an event is about: the types card's switches (bookings, messages, payments, reviews,
 * security; emergencies always on), the reminders and marketing the email card governs, and the
 * account's own mail (welcome, identity verification), which no type switch turns off.
 */
export const NOTICE_KINDS = [
  "account",
  "bookings",
  "reminders",
  "messages",
  "payments",
  "reviews",
  "security",
  "emergencies",
  "marketing",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type Preferences = Omit<typeof communicationPreferences.$inferSelect, "userId" | "updatedAt">;

/** The product's defaults: a missing row means these, never an error. */
export const DEFAULT_PREFERENCES: Preferences = {
  emailEnabled: true,
  smsEnabled: false,
  pushEnabled: true,
  emergencySms: true,
  marketingEmails: false,
  bookingReminders: true,
  paymentNotifications: true,
  messageNotifications: true,
  pushToken: null,
  pushTokenUpdatedAt: null,
  notifyNewBookings: true,
  notifyMessages: true,
  notifyReviews: true,
  notifyPayments: true,
  notifySecurity: true,
  notifyByEmail: false,
};

export type Channels = { email: boolean; sms: boolean; push: boolean };

/** The types card: is this kind of event wanted at all (beyond the in-app centre)? */
function kindWanted(preferences: Preferences, kind: NoticeKind): boolean {
  switch (kind) {
    case "account":
      return true;
    case "bookings":
      return preferences.notifyNewBookings;
    case "reminders":
      return preferences.notifyNewBookings && preferences.bookingReminders;
    case "messages":
      return preferences.notifyMessages;
    case "payments":
      return preferences.notifyPayments;
    case "reviews":
      return preferences.notifyReviews;
    case "security":
      return preferences.notifySecurity;
    case "emergencies":
      return true;
    case "marketing":
      return preferences.marketingEmails;
  }
}

/**
 * - SMS: only with a phone, and for an emergency when emergency SMS are on (they stay on when
 *   normal SMS are off), otherwise when SMS are on. Never marketing.
 * - Email: unless emails are off; payment emails also follow 'payment notifications'. Essential
 *   mail arrives even so (the unsubscribe page promises it): emergencies, the account's and
 *   security's own mail, and anything above normal priority (a failed payment, an invoice).
 * - Push: unless push is off, and only with a stored subscription; messages also follow the push
 *   card's 'message notifications'. Never marketing.
 */
export function deliveryChannels(input: {
  preferences: Preferences;
  kind: NoticeKind;
  priority: Priority;
  hasPhone: boolean;
  hasPushSubscription: boolean;
}): Channels {
  const { preferences, kind, priority } = input;
  const emergency = priority === "emergency" || kind === "emergencies";
  if (!emergency && !kindWanted(preferences, kind)) return { email: false, sms: false, push: false };
  const smsWanted = emergency ? preferences.emergencySms : preferences.smsEnabled;
  const essential = emergency || priority !== "normal" || kind === "account" || kind === "security";
  return {
    email: essential || (preferences.emailEnabled && (kind !== "payments" || preferences.paymentNotifications)),
    sms: input.hasPhone && smsWanted && kind !== "marketing",
    push:
      preferences.pushEnabled &&
      input.hasPushSubscription &&
      kind !== "marketing" &&
      (kind !== "messages" || preferences.messageNotifications),
  };
}
