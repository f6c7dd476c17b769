// Communication preferences through the real Worker: the defaults without a row, saved whole,
// bad input refused with nothing written, and each account on its own row only.
import { describe, expect, it } from "vitest";
import { REQUEST_LIMITS } from "../../db/constants/limits";
import { TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN } from "../twilio-double";
import {
  call,
  countRows,
  DEFAULT_PREFERENCES_BODY,
  execute,
  newMember,
  queryRows,
  waitForEmail,
  twilioRequests,
} from "./helpers";

const DEFAULTS = DEFAULT_PREFERENCES_BODY;

describe("/api/preferences", () => {
  it("answers the defaults for an account that never saved any (no row is not an error)", async () => {
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

describe("the test buttons", () => {
  const test = (who: { cookie: string }, channel: string, headers: Record<string, string> = {}) =>
    call("POST", `/api/preferences/test/${channel}`, { cookie: who.cookie, headers });

  it("sends a test SMS through Twilio's Messages API (form body, basic auth) and records it", async () => {
    const parent = await newMember("parent", { phone: "06 12 34 56 78" });
    const before = (await twilioRequests()).length;
    const answer = await test(parent, "sms");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const [sent] = (await twilioRequests()).slice(before);
    expect(sent.path).toBe(`/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`);
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString("base64")}`);
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent.form).toMatchObject({
      From: TWILIO_FROM,
      Body: expect.stringMatching(/^Veilleuse : ceci est un SMS de test/),
    });
    const [row] = await queryRows(
      "SELECT status, provider_id, recipient FROM outbox WHERE channel = 'sms' AND recipient = ? ORDER BY rowid DESC LIMIT 1",
      [sent.form.To],
    );
    expect(row).toMatchObject({ status: "sent" });
    expect(String(row.provider_id)).toMatch(/^SM/);
  });

  it("reports a number Twilio refuses as not sent, recorded as failed", async () => {
    const parent = await newMember("parent");
    await execute("UPDATE profiles SET phone = '+33600000000' WHERE id = ?", [parent.profileId]);
    const answer = await test(parent, "sms");
    expect(answer.body).toEqual({ ok: false });
    expect(
      await countRows(
        "SELECT count(*) FROM outbox WHERE channel = 'sms' AND recipient = '+33600000000' AND status = 'failed'",
        [],
      ),
    ).toBeGreaterThan(0);
  });

  it("keeps the preconditions: a phone for SMS, a subscription for push, a session for all", async () => {
    const parent = await newMember("parent");
    await execute("UPDATE profiles SET phone = NULL WHERE id = ?", [parent.profileId]);
    const noPhone = await test(parent, "sms");
    expect([noPhone.status, noPhone.body.error.message]).toEqual([400, "Aucun numéro de téléphone configuré"]);
    const noPush = await test(parent, "push");
    expect([noPush.status, noPush.body.error.message]).toEqual([400, "Notifications push non configurées"]);
    expect((await test(parent, "pigeon")).status).toBe(400);
    const signedOut = await call("POST", "/api/preferences/test/email");
    expect([signedOut.status, signedOut.body.error.message]).toEqual([
      401,
      "Session expirée, veuillez vous reconnecter",
    ]);
  });

  it("sends a test email (simulated without a Resend key, kept in the outbox)", async () => {
    const sitter = await newMember("babysitter");
    expect((await test(sitter, "email")).body).toEqual({ ok: true });
    expect(await waitForEmail(sitter.email, "Email de test Veilleuse")).toMatchObject({ status: "simulated" });
  });

  it("limits tests per account with a 429", async () => {
    const parent = await newMember("parent");
    await execute("INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?, ?, ?)", [
      `limit:deliveryTestPerUser:${parent.profileId.toLowerCase()}`,
      REQUEST_LIMITS.deliveryTestPerUser.maxAttempts - 1,
      Date.now(),
    ]);
    expect((await test(parent, "email")).status).toBe(200);
    const refused = await test(parent, "email");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });
});
