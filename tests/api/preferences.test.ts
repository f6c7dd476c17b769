// Communication preferences through the real Worker: the spec's defaults without a row, saved whole,
// bad input refused with nothing written, and each account on its own row only.
import { describe, expect, it } from "vitest";
import { call, countRows, newMember } from "./helpers";

const DEFAULTS = {
  email_enabled: true,
  sms_enabled: false,
  push_enabled: true,
  emergency_sms: true,
  marketing_emails: false,
  booking_reminders: true,
  payment_notifications: true,
  message_notifications: true,
  notify_bookings: true,
  notify_messages: true,
  notify_payments: true,
  notify_reviews: true,
  notify_security: true,
};

describe("/api/preferences", () => {
  it("answers the spec's defaults for an account that never saved any (no row is not an error)", async () => {
    const parent = await newMember("parent");
    const answer = await call("GET", "/api/preferences", { cookie: parent.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...DEFAULTS, push_subscribed: false, has_phone: true });
    expect(
      await countRows(
        "SELECT count(*) FROM communication_preferences cp JOIN profiles p ON p.user_id = cp.user_id WHERE p.id = ?",
        [parent.profileId],
      ),
    ).toBe(0);
  });

  it("saves every flag and reads them back", async () => {
    const sitter = await newMember("babysitter");
    const changed = {
      ...DEFAULTS,
      sms_enabled: true,
      marketing_emails: true,
      notify_reviews: false,
      email_enabled: false,
    };
    const saved = await call("PUT", "/api/preferences", { cookie: sitter.cookie, json: changed });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(changed);
    expect((await call("GET", "/api/preferences", { cookie: sitter.cookie })).body).toMatchObject(changed);
    const again = await call("PUT", "/api/preferences", { cookie: sitter.cookie, json: DEFAULTS });
    expect(again.body).toMatchObject(DEFAULTS);
  });

  it("refuses a missing, unknown or non-boolean field in the user's language, writing nothing", async () => {
    const parent = await newMember("parent");
    const { notify_security: _dropped, ...missing } = DEFAULTS;
    for (const body of [missing, { ...DEFAULTS, extra: true }, { ...DEFAULTS, sms_enabled: "yes" }]) {
      const refused = await call("PUT", "/api/preferences", { cookie: parent.cookie, json: body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBeTruthy();
    }
    const english = await call("PUT", "/api/preferences", {
      cookie: parent.cookie,
      json: { ...DEFAULTS, extra: true },
      headers: { "accept-language": "en" },
    });
    expect(english.body.error.message).toMatch(/^Unknown field/);
    expect((await call("GET", "/api/preferences", { cookie: parent.cookie })).body).toMatchObject(DEFAULTS);
  });

  it("keeps each account to its own preferences, and needs a session", async () => {
    const [one, other] = await Promise.all([newMember("parent"), newMember("parent")]);
    await call("PUT", "/api/preferences", { cookie: one.cookie, json: { ...DEFAULTS, email_enabled: false } });
    expect((await call("GET", "/api/preferences", { cookie: other.cookie })).body.email_enabled).toBe(true);
    expect((await call("GET", "/api/preferences")).status).toBe(401);
    expect((await call("PUT", "/api/preferences", { json: DEFAULTS })).status).toBe(401);
  });
});
