// Every limit counts before it lets work through (services/limits/rate-limit.ts, services/limits/login-throttle.ts):
// the same request sent many times at the same instant gets exactly as many passes as the limit has
// left, on the real Worker and libSQL file. Each burst builds all its requests first and sends them
// together (Promise.all), as an attacker's script would.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EMERGENCY_ALERT_LIMIT } from "../../db/constants/emergencies";
import { READ_LIMITS, REQUEST_LIMITS } from "../../db/constants/limits";
import {
  burst,
  call,
  countRows,
  eventually,
  execute,
  freshAddress,
  fromAddress,
  inOneReadWindow,
  inRounds,
  insertBooking,
  newMember,
  queryRows,
  signUp,
  validRegistration,
} from "./helpers";

/** Puts a limit's counter `left` requests short of its maximum, in the current window. */
async function leaveOnly(name: keyof typeof REQUEST_LIMITS, subject: string, left: number) {
  await execute("INSERT OR REPLACE INTO login_throttle (key, failures, window_started_at) VALUES (?, ?, ?)", [
    `limit:${name}:${subject.toLowerCase()}`,
    REQUEST_LIMITS[name].maxAttempts - left,
    Date.now(),
  ]);
}

describe("limits hold when the same request arrives 20 times at once", () => {
  it("emergency alerts: 20 at once give exactly 5 alerts (and only their notices)", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const bookingId = await insertBooking(parent.profileId, sitter.profileId, "confirmed", -1);
    const { answers, tally } = await burst(20, (i) =>
      call("POST", "/api/emergencies", {
        cookie: sitter.cookie,
        json: { booking_id: bookingId, type: "other", location: `Salon ${i}` },
      }),
    );
    expect(tally).toEqual({ 201: EMERGENCY_ALERT_LIMIT.maxAlerts, 429: 20 - EMERGENCY_ALERT_LIMIT.maxAlerts });
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.error.code).toBe("RATE_LIMITED");
    }
    const stored = await queryRows("SELECT id FROM emergency_incidents WHERE booking_id = ?", [bookingId]);
    expect(stored).toHaveLength(EMERGENCY_ALERT_LIMIT.maxAlerts);
    // Each stored alert emails the three internal mailboxes once: 15 emails, not 60.
    const staffEmails = () =>
      queryRows(
        `SELECT o.id FROM outbox o JOIN emergency_incidents e ON o.idempotency_key LIKE 'emergencyAlert:' || e.id || ':%@veilleuse.fr'
         WHERE e.booking_id = ?`,
        [bookingId],
      );
    expect(await eventually(staffEmails, 15)).toHaveLength(15);
  });

  it("test SMS: 30 at once give exactly the 10 an hour", async () => {
    const parent = await newMember("parent", { phone: "06 11 22 33 44" });
    const { tally } = await burst(30, () => call("POST", "/api/preferences/test/sms", { cookie: parent.cookie }));
    const max = REQUEST_LIMITS.deliveryTestPerUser.maxAttempts;
    expect(tally).toEqual({ 200: max, 429: 30 - max });
    expect(
      await countRows(
        "SELECT count(*) FROM outbox WHERE channel = 'sms' AND json_extract(payload, '$.profileId') = ?",
        [parent.profileId],
      ),
    ).toBe(max);
  });

  it("messages: with 3 sends left, 20 at once store exactly 3", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    await insertBooking(parent.profileId, sitter.profileId, "confirmed");
    const opened = await call("POST", "/api/conversations", {
      cookie: parent.cookie,
      json: { partner_id: sitter.profileId },
    });
    const conversationId = opened.body.id as string;
    await leaveOnly("messageSendPerUser", parent.profileId, 3);
    const { tally } = await burst(20, (i) =>
      call("POST", `/api/conversations/${conversationId}/messages`, {
        cookie: parent.cookie,
        json: { content: `Bonjour ${i}`, client_id: randomUUID() },
      }),
    );
    expect(tally).toEqual({ 201: 3, 429: 17 });
    expect(await countRows("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversationId])).toBe(3);
  });

  it("a retried send answered from storage gives its count back", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    await insertBooking(parent.profileId, sitter.profileId, "confirmed");
    const opened = await call("POST", "/api/conversations", {
      cookie: parent.cookie,
      json: { partner_id: sitter.profileId },
    });
    const path = `/api/conversations/${opened.body.id}/messages`;
    await leaveOnly("messageSendPerUser", parent.profileId, 1);
    const body = { content: "Code de la porte : 4521", client_id: randomUUID() };
    expect((await call("POST", path, { cookie: parent.cookie, json: body })).status).toBe(201);
    // The last send was spent; its repeats still answer the stored message.
    for (let i = 0; i < 3; i++)
      expect((await call("POST", path, { cookie: parent.cookie, json: body })).status).toBe(200);
    const other = await call("POST", path, {
      cookie: parent.cookie,
      json: { content: "Encore", client_id: randomUUID() },
    });
    expect(other.status).toBe(429);
  });

  it("search from one address: with 5 searches left, 20 at once answer exactly 5", async () => {
    const { maxRequests, periodSeconds } = READ_LIMITS.searchPerAddress;
    const headers = fromAddress(freshAddress());
    await inOneReadWindow(periodSeconds, 20_000);
    const spent = await inRounds(maxRequests - 5, () => call("GET", "/api/search?location=Lyon", { headers }));
    expect(spent.map(({ status }) => status)).toEqual(Array(maxRequests - 5).fill(200));
    const { tally } = await burst(20, () => call("GET", "/api/search?location=Lyon", { headers }));
    expect(tally).toEqual({ 200: 5, 429: 15 });
  });

  it("sign-ups from one address: 20 at once create exactly the 10 an hour", async () => {
    const headers = fromAddress(freshAddress());
    const forms = Array.from({ length: 20 }, () => validRegistration());
    const { tally } = await burst(20, (i) => signUp(forms[i], headers));
    const max = REQUEST_LIMITS.signUpPerAddress.maxAttempts;
    expect(tally).toEqual({ 200: max, 429: 20 - max });
    const created = await Promise.all(
      forms.map((form) => countRows("SELECT count(*) FROM user WHERE email = ?", [form.email as string])),
    );
    expect(created.reduce((sum, n) => sum + n, 0)).toBe(max);
  });
});

describe("sign-in counts the attempt before it checks the password", () => {
  const signIn = (email: string, password: string) =>
    call("POST", "/api/auth/sign-in/email", { json: { email, password }, headers: fromAddress(freshAddress()) });

  it("40 wrong passwords at once, each from its own address: 4 wrong answers, then the block", async () => {
    const form = validRegistration();
    expect((await signUp(form)).status).toBe(200);
    const { answers, tally } = await burst(40, () => signIn(form.email as string, "Mauvais1"));
    expect(tally).toEqual({ 401: 4, 429: 36 });
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.error.code === "LOGIN_BLOCKED")).toBe(true);
    const right = await signIn(form.email as string, form.password as string);
    expect(right.status).toBe(429);
  });

  it("39 wrong passwords and the right one last, at once: the right one is refused and no session opens", async () => {
    const form = validRegistration();
    expect((await signUp(form)).status).toBe(200);
    const [row] = await queryRows("SELECT id FROM user WHERE email = ?", [form.email as string]);
    const userId = String(row.id);
    // The right password leaves last: before the fix every attempt of the burst reached the
    // password check (the block was checked first, the failure recorded after), so it signed in.
    const { answers, tally } = await burst(40, (i) =>
      signIn(form.email as string, i === 39 ? (form.password as string) : "Mauvais1"),
    );
    expect(answers[39].status).toBe(429);
    expect(tally).toEqual({ 401: 4, 429: 36 });
    expect(await countRows("SELECT count(*) FROM session WHERE user_id = ?", [userId])).toBe(0);
  });
});
