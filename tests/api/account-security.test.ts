// Settings → Sécurité: change password (current one required, other sessions end, a notice email)
// and the sessions list (readable device, sign one out, sign the others out; others' ids → 404),
// the password's date (sign-up, change, reset; null without a password).
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  call,
  cookieFrom,
  countRows,
  execute,
  fromAddress,
  freshAddress,
  newMember,
  queryRows,
  resetTokenIn,
  signUp,
  validRegistration,
  waitForEmail,
} from "./helpers";

const CHANGED_SUBJECT = "Votre mot de passe Veilleuse a été modifié";
const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

const signIn = (email: string, password: string, userAgent = CHROME_LINUX) =>
  call("POST", "/api/auth/sign-in/email", {
    json: { email, password },
    headers: { ...fromAddress(freshAddress()), "user-agent": userAgent },
  });

async function accountWithTwoSessions() {
  const form = validRegistration();
  expect((await signUp(form)).status).toBe(200);
  const here = cookieFrom((await signIn(form.email, form.password)).headers);
  const there = cookieFrom((await signIn(form.email, form.password, FIREFOX_WINDOWS)).headers);
  return { form, here, there };
}

// A browser page sends its Origin with a POST (better-auth refuses a cookie-carrying POST without one).
/**
 * Each change from an address of its own: better-auth limits /change-password per address (3 in 10 s),
 * and other files' changes must not count against this one's.
 */
const changePassword = (cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  call("POST", "/api/auth/change-password", {
    json: body,
    cookie,
    headers: { origin: baseUrl(), ...fromAddress(freshAddress()), ...headers },
  });
const sessions = (cookie: string) => call("GET", "/api/account/sessions", { cookie });

describe("change password", () => {
  it("needs the current password, ends the other sessions, keeps this one and emails the owner", async () => {
    const { form, here, there } = await accountWithTwoSessions();

    const wrong = await changePassword(here, { currentPassword: "Paslebon123", newPassword: "Nouveau2026" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Mot de passe actuel incorrect");
    expect((await sessions(there)).status).toBe(200);

    const changed = await changePassword(here, { currentPassword: form.password, newPassword: "Nouveau2026" });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ status: true });
    expect(changed.body.token).toBeUndefined();
    // The other device is signed out; this one carries on with the fresh cookie.
    expect((await sessions(there)).status).toBe(401);
    expect((await sessions(here)).status).toBe(401);
    const fresh = cookieFrom(changed.headers);
    expect((await sessions(fresh)).status).toBe(200);

    expect((await signIn(form.email, form.password)).status).toBe(401);
    expect((await signIn(form.email, "Nouveau2026")).status).toBe(200);
    // Queued or already simulated into the outbox (no email keys here), depending on timing.
    expect(await waitForEmail(form.email, CHANGED_SUBJECT)).toBeDefined();
  });

  it("applies the registration's rules to the new password, in the caller's language", async () => {
    const { form, here } = await accountWithTwoSessions();
    const weak = await changePassword(here, { currentPassword: form.password, newPassword: "court" });
    expect(weak.status).toBe(400);
    expect(weak.body.error.field).toBe("newPassword");
    const english = await changePassword(
      here,
      { currentPassword: "Paslebon123", newPassword: "Nouveau2026" },
      { "accept-language": "en" },
    );
    expect(english.body.error.message).toBe("Current password is incorrect");
    const extra = await changePassword(here, { currentPassword: form.password, newPassword: "Nouveau2026", x: 1 });
    expect(extra.status).toBe(400);
    expect((await changePassword("", { currentPassword: form.password, newPassword: "Nouveau2026" })).status).toBe(401);
    expect((await signIn(form.email, form.password)).status).toBe(200);
  });
});

describe("active sessions", () => {
  it("lists the caller's sessions with a readable device, the current one first and marked", async () => {
    const { here } = await accountWithTwoSessions();
    const list = await sessions(here);
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    const [current, other] = list.body.sessions;
    expect(current).toMatchObject({ current: true, browser: "Chrome", os: "Linux" });
    // Cloudflare's request.cf where it exists (wrangler dev fills in a sample place); never a lookup of ours.
    expect(current.city === null || typeof current.city === "string").toBe(true);
    expect(other).toMatchObject({ current: false, browser: "Firefox", os: "Windows" });
    expect(Date.parse(current.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(current.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);
  });

  it("signs one session out; another user's session id is not found and stays signed in", async () => {
    const { here, there } = await accountWithTwoSessions();
    const [, other] = (await sessions(here)).body.sessions;
    const stranger = await newMember("parent");
    expect((await call("DELETE", `/api/account/sessions/${other.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await sessions(there)).status).toBe(200);

    const revoked = await call("DELETE", `/api/account/sessions/${other.id}`, { cookie: here });
    expect(revoked.status).toBe(200);
    expect((await sessions(there)).status).toBe(401);
    expect((await sessions(here)).body.sessions).toHaveLength(1);
    expect((await call("DELETE", `/api/account/sessions/${other.id}`, { cookie: here })).status).toBe(404);
    expect((await call("DELETE", `/api/account/sessions/${"x".repeat(65)}`, { cookie: here })).status).toBe(400);
    expect((await call("DELETE", `/api/account/sessions/${other.id}`)).status).toBe(401);
  });

  it("signs every other session out, this one stays; another user's sessions are untouched", async () => {
    const { form, here, there } = await accountWithTwoSessions();
    const stranger = await newMember("parent");
    const revoked = await call("POST", "/api/account/sessions/revoke-others", { cookie: here });
    expect(revoked.body).toEqual({ revoked: 1 });
    expect((await sessions(there)).status).toBe(401);
    expect((await sessions(here)).status).toBe(200);
    expect((await sessions(stranger.cookie)).status).toBe(200);
    const [row] = await queryRows("SELECT id FROM user WHERE email = ?", [form.email]);
    expect(await countRows("SELECT count(*) FROM session WHERE user_id = ?", [String(row.id)])).toBe(1);
  });
});

describe("the password's date", () => {
  const security = (cookie: string) => call("GET", "/api/account/security", { cookie });
  const changedAt = async (cookie: string) => Date.parse((await security(cookie)).body.password_changed_at);

  it("is the sign-up, then the last change, then the last reset; each account sees its own", async () => {
    const startedAt = Date.now();
    const { form, here } = await accountWithTwoSessions();
    const stranger = await newMember("parent");
    const first = await security(here);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ password_changed_at: expect.any(String), two_factor_enabled: false });
    const signedUpAt = await changedAt(here);
    expect(signedUpAt).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(signedUpAt).toBeLessThanOrEqual(Date.now());
    const strangerAt = await changedAt(stranger.cookie);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const changed = await changePassword(
      here,
      { currentPassword: form.password, newPassword: "Nouveau2026" },
      fromAddress(freshAddress()),
    );
    expect(changed.status).toBe(200);
    const fresh = cookieFrom(changed.headers);
    const changedAfter = await changedAt(fresh);
    expect(changedAfter).toBeGreaterThan(signedUpAt);
    // A wrong current password changes nothing, the date neither; the stranger's date is their own.
    const wrong = { currentPassword: "Paslebon123", newPassword: "Autre2026x" };
    expect((await changePassword(fresh, wrong, fromAddress(freshAddress()))).status).toBe(400);
    expect(await changedAt(fresh)).toBe(changedAfter);
    expect(await changedAt(stranger.cookie)).toBe(strangerAt);

    // The forgotten-password reset sets it too.
    await call("POST", "/api/auth/request-password-reset", {
      json: { email: form.email, redirectTo: "/reset-password" },
      headers: { origin: baseUrl(), ...fromAddress(freshAddress()) },
    });
    const token = resetTokenIn(await waitForEmail(form.email, "Réinitialisation de votre mot de passe Veilleuse"));
    expect(token).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reset = await call("POST", "/api/auth/reset-password", {
      json: { newPassword: "Encore2026x", token },
      headers: { origin: baseUrl() },
    });
    expect(reset.status).toBe(200);
    const again = cookieFrom((await signIn(form.email, "Encore2026x")).headers);
    expect(await changedAt(again)).toBeGreaterThan(changedAfter);
  });

  it("is null for an account without a password (Google or Facebook sign-in); signed out is a 401", async () => {
    const member = await newMember("parent");
    const [row] = await queryRows("SELECT id FROM user WHERE email = ?", [member.email]);
    await execute("UPDATE account SET provider_id = 'google', password = NULL WHERE user_id = ?", [String(row.id)]);
    expect((await security(member.cookie)).body).toEqual({ password_changed_at: null, two_factor_enabled: false });
    expect((await call("GET", "/api/account/security")).status).toBe(401);
  });
});
