// A message's time label (/messages): today 'HH:mm', yesterday 'Hier HH:mm', otherwise
// 'dd/MM HH:mm', with days and hours on the Paris clock whatever the machine's zone: around
// midnight, across the clock changes and the new year.
import { describe, expect, it } from "vitest";
import { interpolate, lookupMessage } from "@db/i18n/messages";
import en from "@web/features/messages/i18n/en.json";
import fr from "@web/features/messages/i18n/fr.json";
import { messageTime } from "@web/features/messages/message-time";

/** The label as the page writes it, from the feature's texts. */
function label(iso: string, now: string, texts: typeof fr = fr): string {
  const when = messageTime(iso, Date.parse(now));
  return interpolate(lookupMessage(texts, `messages.time.${when.day}`) as string, when);
}

describe("message time labels", () => {
  const noon = "2026-04-14T10:00:00Z"; // 12:00 in Paris (summer time, UTC+2)

  it("shows the Paris clock time for a message from today", () => {
    expect(messageTime("2026-04-14T06:05:00Z", Date.parse(noon))).toEqual({
      day: "today",
      time: "08:05",
      date: "14/04",
    });
    expect(label("2026-04-14T06:05:00Z", noon)).toBe("08:05");
  });

  it("counts days in Paris: 00:30 in Paris is today though it is still yesterday in UTC", () => {
    expect(label("2026-04-13T22:30:00Z", noon)).toBe("00:30");
    expect(label("2026-04-13T21:59:00Z", noon)).toBe("Hier 23:59");
  });

  it("says 'Hier' for yesterday and 'dd/MM HH:mm' before", () => {
    expect(label("2026-04-13T05:00:00Z", noon)).toBe("Hier 07:00");
    expect(label("2026-04-12T21:59:00Z", noon)).toBe("12/04 23:59");
    expect(label("2026-02-03T08:07:00Z", noon)).toBe("03/02 09:07"); // winter time, UTC+1
  });

  it("follows the spring clock change (29 March 2026, 02:00 becomes 03:00)", () => {
    const morning = "2026-03-29T08:00:00Z"; // 10:00 in Paris
    expect(label("2026-03-28T23:30:00Z", morning)).toBe("00:30"); // still UTC+1 then
    expect(label("2026-03-29T01:30:00Z", morning)).toBe("03:30"); // UTC+2 from 01:00 UTC
    expect(label("2026-03-28T22:59:00Z", morning)).toBe("Hier 23:59");
  });

  it("follows the autumn clock change and the new year", () => {
    const afterChange = "2026-10-25T12:00:00Z"; // 13:00 in Paris, back to UTC+1
    expect(label("2026-10-24T21:30:00Z", afterChange)).toBe("Hier 23:30"); // UTC+2 the day before
    expect(label("2026-10-24T22:30:00Z", afterChange)).toBe("00:30");
    const newYear = "2026-01-01T00:30:00Z"; // 01:30 on 1 January in Paris
    expect(label("2025-12-31T22:00:00Z", newYear)).toBe("Hier 23:00");
    expect(label("2025-12-30T12:00:00Z", newYear)).toBe("30/12 13:00");
  });

  it("writes 'Yesterday' in English, with the same clock", () => {
    expect(label("2026-04-13T21:59:00Z", noon, en)).toBe("Yesterday 23:59");
    expect(label("2026-04-12T21:59:00Z", noon, en)).toBe("12/04 23:59");
  });
});
