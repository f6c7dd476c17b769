// The delivery rules (SMS only for an emergency or with SMS on, and with a phone; email unless
// emails are off; push unless push is off, and only with a subscription) over every combination of
// the switches that matter, each priority, each kind of event, with and without a phone and a push
// subscription.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PREFERENCES,
  deliveryChannels,
  NOTICE_KINDS,
  PRIORITIES,
  type NoticeKind,
  type Preferences,
} from "../../edge/delivery/rules";

const SWITCHES = [
  "emailEnabled",
  "smsEnabled",
  "pushEnabled",
  "emergencySms",
  "marketingEmails",
  "bookingReminders",
  "paymentNotifications",
  "messageNotifications",
  "notifyNewBookings",
  "notifyMessages",
  "notifyReviews",
  "notifyPayments",
  "notifySecurity",
] as const;

/** Every on/off combination of the switches (8,192). */
function* allPreferences(): Generator<Preferences> {
  for (let mask = 0; mask < 1 << SWITCHES.length; mask++) {
    const preferences = { ...DEFAULT_PREFERENCES };
    SWITCHES.forEach((name, bit) => (preferences[name] = Boolean(mask & (1 << bit))));
    yield preferences;
  }
}

const TYPE_SWITCH: Record<NoticeKind, (p: Preferences) => boolean> = {
  account: () => true,
  bookings: (p) => p.notifyNewBookings,
  reminders: (p) => p.notifyNewBookings && p.bookingReminders,
  messages: (p) => p.notifyMessages,
  payments: (p) => p.notifyPayments,
  reviews: (p) => p.notifyReviews,
  security: (p) => p.notifySecurity,
  emergencies: () => true,
  marketing: (p) => p.marketingEmails,
};

describe("deliveryChannels", () => {
  it("follows the delivery rules for every combination", () => {
    let cases = 0;
    const mismatches: string[] = [];
    for (const preferences of allPreferences()) {
      for (const kind of NOTICE_KINDS) {
        for (const priority of PRIORITIES) {
          for (const hasPhone of [false, true]) {
            for (const hasPushSubscription of [false, true]) {
              const got = deliveryChannels({ preferences, kind, priority, hasPhone, hasPushSubscription });
              const emergency = priority === "emergency" || kind === "emergencies";
              const wanted = emergency || TYPE_SWITCH[kind](preferences);
              const expected = {
                // SMS: a phone, and emergency SMS for emergencies (even with SMS off), else SMS on.
                sms:
                  wanted &&
                  hasPhone &&
                  kind !== "marketing" &&
                  (emergency ? preferences.emergencySms : preferences.smsEnabled),
                // Email unless off; payment emails follow 'payment notifications' too. Essential
                // mail (emergencies, account, security, above normal priority) arrives regardless.
                email:
                  wanted &&
                  (emergency ||
                    priority !== "normal" ||
                    kind === "account" ||
                    kind === "security" ||
                    (preferences.emailEnabled && (kind !== "payments" || preferences.paymentNotifications))),
                // Push unless off, only with a subscription; messages follow the push card's switch.
                push:
                  wanted &&
                  preferences.pushEnabled &&
                  hasPushSubscription &&
                  kind !== "marketing" &&
                  (kind !== "messages" || preferences.messageNotifications),
              };
              if (got.sms !== expected.sms || got.email !== expected.email || got.push !== expected.push) {
                mismatches.push(JSON.stringify({ kind, priority, hasPhone, hasPushSubscription, preferences, got }));
              }
              cases++;
            }
          }
        }
      }
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(cases).toBe(8192 * NOTICE_KINDS.length * PRIORITIES.length * 4);
  });

  it("with the defaults: email and push, no SMS, except an emergency's SMS", () => {
    const base = { preferences: DEFAULT_PREFERENCES, hasPhone: true, hasPushSubscription: true } as const;
    expect(deliveryChannels({ ...base, kind: "bookings", priority: "normal" })).toEqual({
      email: true,
      sms: false,
      push: true,
    });
    expect(deliveryChannels({ ...base, kind: "emergencies", priority: "emergency" })).toEqual({
      email: true,
      sms: true,
      push: true,
    });
    expect(deliveryChannels({ ...base, kind: "marketing", priority: "normal" })).toEqual({
      email: false,
      sms: false,
      push: false,
    });
  });
});
