// Two-factor authentication (better-auth's twoFactor plugin behind our allow-list): set-up with the
// password, on only after a first code, sign-in then asks for a code (or a backup code, once),
// new backup codes with the password (the old ones stop working), disable with the password. Codes are computed here as an authenticator app would (tests/totp.ts).
import { describe, expect, it } from "vitest";
import { secretOf, totp } from "../totp";
import { baseUrl, call, cookieFrom, fromAddress, freshAddress, queryRows, signUp, validRegistration } from "./helpers";

// better-auth limits /two-factor/* to 3 calls in 10 s per address: each call here comes from its own.
const post = (path: string, json: unknown, cookie = "") =>
  call("POST", `/api/auth${path}`, { json, cookie, headers: { origin: baseUrl(), ...fromAddress(freshAddress()) } });
const signIn = (email: string, password: string) =>
  call("POST", "/api/auth/sign-in/email", { json: { email, password }, headers: fromAddress(freshAddress()) });
const security = (cookie: string) => call("GET", "/api/account/security", { cookie });
/** Whether two-factor is on, from Settings → Sécurité's answer (or the status when it is refused). */
const status = async (cookie: string) => {
  const answer = await security(cookie);
  return {
    status: answer.status,
    body: answer.status === 200 ? { enabled: answer.body.two_factor_enabled } : answer.body,
  };
};

async function signedInAccount(overrides: Record<string, unknown> = {}) {
  const form = validRegistration(overrides);
  expect((await signUp(form)).status).toBe(200);
  return { form, cookie: cookieFrom((await signIn(form.email, form.password)).headers) };
}

/** Set up and confirmed: the secret, the backup codes and the session cookie after the switch. */
async function withTwoFactor(overrides: Record<string, unknown> = {}) {
  const { form, cookie } = await signedInAccount(overrides);
  const setup = await post("/two-factor/enable", { password: form.password }, cookie);
  expect(setup.status).toBe(200);
  const secret = secretOf(setup.body.totpURI);
  const verified = await post("/two-factor/verify-totp", { code: totp(secret) }, cookie);
  expect(verified.status).toBe(200);
  return { form, secret, backupCodes: setup.body.backupCodes as string[], cookie: cookieFrom(verified.headers) };
}

describe("two-factor set-up", () => {
  it("needs the password, shows the URI and 10 backup codes, and is on only after a first code", async () => {
    const { form, cookie } = await signedInAccount();
    expect((await status(cookie)).body).toEqual({ enabled: false });

    const wrong = await post("/two-factor/enable", { password: "Paslebon123" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Mot de passe actuel incorrect");
    expect((await post("/two-factor/enable", { password: form.password, issuer: "x" }, cookie)).status).toBe(400);
    expect((await post("/two-factor/enable", { password: form.password })).status).toBe(401);

    const setup = await post("/two-factor/enable", { password: form.password }, cookie);
    expect(setup.status).toBe(200);
    expect(setup.body.totpURI).toMatch(/^otpauth:\/\/totp\/Veilleuse:.+\?.*secret=[A-Z2-7]+/);
    expect(setup.body.backupCodes).toHaveLength(10);
    // Not on yet: sign-in still opens a session with the password alone.
    expect((await status(cookie)).body).toEqual({ enabled: false });
    expect((await signIn(form.email, form.password)).body.user).toBeDefined();

    const bad = await post("/two-factor/verify-totp", { code: "12345" }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Code invalide");
    const code = totp(secretOf(setup.body.totpURI));
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect((await post("/two-factor/verify-totp", { code: wrongCode }, cookie)).body.error.message).toBe(
      "Code invalide",
    );
    const verified = await post("/two-factor/verify-totp", { code }, cookie);
    expect(verified.status).toBe(200);
    expect((await status(cookieFrom(verified.headers))).body).toEqual({ enabled: true });
    // The secret and codes are stored encrypted, never as given.
    const [row] = await queryRows(
      "SELECT t.secret, t.backup_codes FROM two_factor t JOIN user u ON u.id = t.user_id WHERE u.email = ?",
      [form.email],
    );
    expect(String(row.secret)).not.toContain(secretOf(setup.body.totpURI));
    expect(String(row.backup_codes)).not.toContain(setup.body.backupCodes[0]);
    // Switching it on is in the audit log, once (the wrong codes before changed nothing).
    const audited = await queryRows(
      `SELECT a.metadata FROM audit_events a JOIN user u ON a.user_id = u.id
       WHERE u.email = ? AND a.action = 'account.two_factor'`,
      [form.email],
    );
    expect(audited.map((entry) => JSON.parse(String(entry.metadata)))).toEqual([{ on: true }]);
  });
});

describe("sign-in with two-factor on", () => {
  it("asks for the code after the password: no session until a right code", async () => {
    const { form, secret } = await withTwoFactor();
    const first = await signIn(form.email, form.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRedirect: true });
    const pending = cookieFrom(first.headers);
    expect((await status(pending)).status).toBe(401);

    expect((await post("/two-factor/verify-totp", { code: "abc" }, pending)).status).toBe(400);
    const wrong = await post(
      "/two-factor/verify-totp",
      { code: totp(secret) === "000000" ? "111111" : "000000" },
      pending,
    );
    expect(wrong.status).toBe(400);
    expect((await post("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(401);

    const done = await post("/two-factor/verify-totp", { code: totp(secret) }, pending);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: true });
    expect((await status(cookieFrom(done.headers))).body).toEqual({ enabled: true });
  });

  it("takes a backup code instead, once", async () => {
    const { form, backupCodes } = await withTwoFactor();
    const pending = cookieFrom((await signIn(form.email, form.password)).headers);
    const done = await post("/two-factor/verify-backup-code", { code: backupCodes[0] }, pending);
    expect(done.status).toBe(200);
    expect((await status(cookieFrom(done.headers))).status).toBe(200);

    const again = cookieFrom((await signIn(form.email, form.password)).headers);
    const reused = await post("/two-factor/verify-backup-code", { code: backupCodes[0] }, again);
    expect(reused.status).toBe(400);
    expect((await post("/two-factor/verify-backup-code", { code: "pas-un-code" }, again)).status).toBe(400);
  });

  it("is turned off with the password only; another account is untouched", async () => {
    const { form, cookie } = await withTwoFactor();
    const other = await withTwoFactor();
    expect((await post("/two-factor/disable", { password: "Paslebon123" }, cookie)).status).toBe(400);
    expect((await post("/two-factor/disable", { password: form.password })).status).toBe(401);
    const off = await post("/two-factor/disable", { password: form.password }, cookie);
    expect(off.status).toBe(200);
    const audited = await queryRows(
      `SELECT a.metadata FROM audit_events a JOIN user u ON a.user_id = u.id
       WHERE u.email = ? AND a.action = 'account.two_factor' ORDER BY a.created_at, a.rowid`,
      [form.email],
    );
    expect(audited.map((entry) => JSON.parse(String(entry.metadata)))).toEqual([{ on: true }, { on: false }]);
    expect((await signIn(form.email, form.password)).body.user).toBeDefined();
    expect((await signIn(other.form.email, other.form.password)).body).toEqual({ twoFactorRedirect: true });
  });
});

describe("new backup codes", () => {
  it("need the password and two-factor on; the old codes stop working, the new ones sign in once", async () => {
    const { form, cookie, backupCodes } = await withTwoFactor();
    const stored = async () =>
      (
        await queryRows("SELECT t.backup_codes FROM two_factor t JOIN user u ON u.id = t.user_id WHERE u.email = ?", [
          form.email,
        ])
      )[0].backup_codes;
    const before = await stored();

    const wrong = await post("/two-factor/generate-backup-codes", { password: "Paslebon123" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Mot de passe actuel incorrect");
    const extra = await post("/two-factor/generate-backup-codes", { password: form.password, userId: "x" }, cookie);
    expect(extra.status).toBe(400);
    expect((await post("/two-factor/generate-backup-codes", {}, cookie)).status).toBe(400);
    expect((await post("/two-factor/generate-backup-codes", { password: form.password })).status).toBe(401);
    expect(await stored()).toBe(before);

    const fresh = await post("/two-factor/generate-backup-codes", { password: form.password }, cookie);
    expect(fresh.status).toBe(200);
    expect(Object.keys(fresh.body)).toEqual(["backupCodes"]);
    const codes = fresh.body.backupCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.every((code) => /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code))).toBe(true);
    expect(codes.some((code) => backupCodes.includes(code))).toBe(false);
    expect(String(await stored())).not.toContain(codes[0]);

    const pending = cookieFrom((await signIn(form.email, form.password)).headers);
    const old = await post("/two-factor/verify-backup-code", { code: backupCodes[1] }, pending);
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe("Code invalide");
    const done = await post("/two-factor/verify-backup-code", { code: codes[0] }, pending);
    expect(done.status).toBe(200);
    expect((await security(cookieFrom(done.headers))).status).toBe(200);
  });

  it("are the caller's own: another account's session makes its own, the first account's codes still work", async () => {
    const mine = await withTwoFactor({ password: "MonSecret2026" });
    const other = await withTwoFactor({ password: "SonSecret2026" });
    // The other user's password with their own session: only their codes change.
    const theirs = await post("/two-factor/generate-backup-codes", { password: other.form.password }, other.cookie);
    expect(theirs.status).toBe(200);
    // My password with their session: refused, nothing of mine changes.
    expect(
      (await post("/two-factor/generate-backup-codes", { password: mine.form.password }, other.cookie)).status,
    ).toBe(400);
    const pending = cookieFrom((await signIn(mine.form.email, mine.form.password)).headers);
    expect((await post("/two-factor/verify-backup-code", { code: mine.backupCodes[0] }, pending)).status).toBe(200);
  });

  it("are limited like the other two-factor calls: 3 in 10 s from one address", async () => {
    const { form, cookie } = await withTwoFactor();
    const headers = { origin: baseUrl(), ...fromAddress(freshAddress()) };
    const once = () =>
      call("POST", "/api/auth/two-factor/generate-backup-codes", {
        json: { password: form.password },
        cookie,
        headers,
      });
    for (let i = 0; i < 3; i++) expect((await once()).status).toBe(200);
    const limited = await once();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("are refused with two-factor off, and without the page's Origin", async () => {
    const { form, cookie } = await signedInAccount();
    const off = await post("/two-factor/generate-backup-codes", { password: form.password }, cookie);
    expect(off.status).toBe(400);
    expect(off.body.error.code).toBe("TWO_FACTOR_NOT_ENABLED");
    const on = await withTwoFactor();
    const noOrigin = await call("POST", "/api/auth/two-factor/generate-backup-codes", {
      json: { password: on.form.password },
      cookie: on.cookie,
      headers: fromAddress(freshAddress()),
    });
    expect(noOrigin.status).toBe(403);
  });
});
