// The web's formatters follow the interface language: amounts '14,50 €' / '€14.50', ratings '5,0' /
// '5.0', dates 'vendredi 13 novembre 2026' / 'Friday, 13 November 2026', always on the Paris clock,
// winter and summer time alike; without a language, the current one. And the notices the server
// stores are written again from their key in the reader's language.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noticeParamsSchema } from "../../db/validators/notifications";
import { noticeTitleAndMessage } from "../../edge/services/notifications/notice-texts";
import {
  bookingCancelledByDeletionNotice,
  bookingReminderNotice,
  newMessageNotice,
  planNotice,
  reviewReceivedNotice,
} from "../../edge/services/notifications/notices";
import { formatEuros } from "../../web/src/lib/format";
import { formatClockTime, formatDay, formatLongDate, formatNumber, formatRating } from "../../web/src/lib/format-paris";
import { changeLanguage } from "../../web/src/lib/i18n";

// Narrow no-break spaces (U+202F) and no-break spaces (U+00A0) are what fr-FR writes; compare with plain ones.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("amounts", () => {
  it("writes euros with the language's decimals and symbol, cents only when there are some", () => {
    expect(plain(formatEuros(1450, "fr"))).toBe("14,50 €");
    expect(formatEuros(1450, "en")).toBe("€14.50");
    expect(plain(formatEuros(1900, "fr"))).toBe("19 €");
    expect(formatEuros(1900, "en")).toBe("€19");
    expect(plain(formatEuros(123405, "fr"))).toBe("1 234,05 €");
    expect(formatEuros(123405, "en")).toBe("€1,234.05");
  });
});

describe("numbers", () => {
  it("writes ratings with one decimal and counts with the language's separators", () => {
    expect(formatRating(5, "fr")).toBe("5,0");
    expect(formatRating(5, "en")).toBe("5.0");
    expect(formatRating(4.85, "fr")).toBe("4,9");
    expect(formatRating(4.85, "en")).toBe("4.9");
    expect(plain(formatNumber(1250, 0, "fr"))).toBe("1 250");
    expect(formatNumber(1250, 0, "en")).toBe("1,250");
    expect(formatNumber(2.5, 2, "fr")).toBe("2,5");
    expect(formatNumber(2.75, 2, "en")).toBe("2.75");
  });
});

describe("dates on the Paris clock", () => {
  // 17:30 UTC is 18:30 in Paris in winter (UTC+1), 19:30 in summer (UTC+2).
  const WINTER = "2026-11-13T17:30:00.000Z";
  const SUMMER = "2026-07-10T17:30:00.000Z";
  // The last Sunday of March 2027: 01:59 UTC+1 is followed by 03:00 UTC+2.
  const BEFORE_CHANGE = "2027-03-28T00:59:00.000Z";
  const AFTER_CHANGE = "2027-03-28T01:00:00.000Z";
  // 23:30 UTC on 31 October is already 1 November in Paris (UTC+1).
  const LATE = "2026-10-31T23:30:00.000Z";

  it("writes the day in the language, the weekday included", () => {
    expect(formatLongDate(WINTER, "fr")).toBe("vendredi 13 novembre 2026");
    expect(formatLongDate(WINTER, "en")).toBe("Friday, 13 November 2026");
    expect(formatLongDate(LATE, "fr")).toBe("dimanche 1 novembre 2026");
    expect(formatLongDate(LATE, "en")).toBe("Sunday, 1 November 2026");
    expect(formatDay(WINTER, "fr")).toBe("13 novembre 2026");
    expect(formatDay(WINTER, "en")).toBe("13 November 2026");
  });

  it("writes the time on the 24-hour Paris clock in both languages, across the change of hour", () => {
    for (const lang of ["fr", "en"] as const) {
      expect(formatClockTime(WINTER, lang)).toBe("18:30");
      expect(formatClockTime(SUMMER, lang)).toBe("19:30");
      expect(formatClockTime(BEFORE_CHANGE, lang)).toBe("01:59");
      expect(formatClockTime(AFTER_CHANGE, lang)).toBe("03:00");
    }
  });
});

describe("without a language", () => {
  // The switch sets <html lang> and the language cookie: a stand-in document in Node.
  beforeEach(() => vi.stubGlobal("document", { documentElement: { lang: "fr" }, cookie: "" }));
  afterEach(async () => {
    await changeLanguage("fr");
    vi.unstubAllGlobals();
  });

  it("follow the interface's current language", async () => {
    expect(formatRating(4.5)).toBe("4,5");
    await changeLanguage("en");
    expect(formatRating(4.5)).toBe("4.5");
    expect(formatEuros(1450)).toBe("€14.50");
    expect(formatLongDate("2026-11-13T17:30:00.000Z")).toBe("Friday, 13 November 2026");
  });
});

describe("a stored notice, written again in the reader's language", () => {
  const params = {
    name: "Claire",
    otherName: "Léa M.",
    date: { date: "2026-11-13T17:30:00.000Z" },
    start: { time: "2026-11-13T17:30:00.000Z" },
    end: { time: "2026-11-13T21:00:00.000Z" },
  };

  it("from its key and raw values", () => {
    expect(noticeTitleAndMessage("fr", "bookingAccepted", params)).toEqual({
      title: "Réservation confirmée",
      message: "Léa M. a accepté votre garde du vendredi 13 novembre de 18:30 à 22:00.",
    });
    expect(noticeTitleAndMessage("en", "bookingAccepted", params)).toEqual({
      title: "Booking confirmed",
      message: "Léa M. accepted your sitting on Friday 13 November from 18:30 to 22:00.",
    });
    const renewal = {
      name: "Léa",
      plan: { text: "plans.premium.name" },
      amount: { euros: 2999 },
      date: { day: "2026-12-01T10:00:00.000Z" },
    };
    expect(noticeTitleAndMessage("en", "subscriptionRenewal", renewal).message).toContain(
      "on 1 December 2026 for €29.99",
    );
    expect(plain(noticeTitleAndMessage("fr", "subscriptionRenewal", renewal).message)).toContain(
      "le 1 décembre 2026 pour 29,99 €",
    );
  });
});

describe("the values the notices store", () => {
  it("are read back whole by the list's schema, so the list can write them again", () => {
    const booking = { id: "b1", startTime: "2026-11-13T19:00:00.000Z", endTime: "2026-11-14T00:30:00.000Z" };
    const lea = { firstName: "Léa", lastName: "Martin", phone: "+33612345678" };
    const notices = [
      bookingCancelledByDeletionNotice(booking, "p1", lea),
      bookingReminderNotice(booking, "p1", { ...lea, address: "12 rue des Lilas" }),
      reviewReceivedNotice({ id: "r1", booking_id: "b1", reviewed_id: "p1", rating: 5 }, lea),
      newMessageNotice({ id: 1, conversation_id: "c1", recipient_id: "p1", content: "Bonjour !" }, lea, 0),
      planNotice("subscriptionRenewal", {
        recipientId: "p1",
        planKey: "plans.premium.name",
        amountCents: 2999,
        date: "2026-12-01T10:00:00.000Z",
        occurrence: "s1",
      }),
    ];
    for (const notice of notices) {
      const stored = { name: "Claire", ...notice.params };
      expect(noticeParamsSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
      const english = noticeTitleAndMessage("en", notice.event, stored);
      expect(english.message).not.toMatch(/\{\{/);
    }
  });
});
