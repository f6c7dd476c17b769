import { describe, expect, it } from "vitest";
import {
  baseUrl,
  call,
  cookieFrom,
  countRows,
  fromAddress,
  freshAddress,
  queryRows,
  resetTokenIn,
  signUp,
  validRegistration,
  waitForEmail,
} from "./helpers";

const RESET_SUBJECT = "Réinitialisation de votre mot de passe Veilleuse";
const CHANGED_SUBJECT = "Votre mot de passe Veilleuse a été modifié";
const BLOCKED_SUBJECT = "Connexion à votre compte Veilleuse bloquée";

const askReset = (email: string, headers: Record<string, string> = {}) =>
  call("POST", "/api/auth/request-password-reset", {
    json: { email, redirectTo: "/reset-password" },
    headers: { origin: baseUrl(), ...fromAddress(freshAddress()), ...headers },
  });
const reset = (token: string | undefined, newPassword: string) =>
  call("POST", "/api/auth/reset-password", { json: { newPassword, token }, headers: { origin: baseUrl() } });
const signIn = (email: string, password: string, address = freshAddress()) =>
  call("POST", "/api/auth/sign-in/email", { json: { email, password }, headers: fromAddress(address) });

const liveResetTokens = (email: string) =>
  countRows(
    "SELECT count(*) FROM verification v JOIN user u ON u.id = v.value WHERE u.email = ? AND v.identifier LIKE 'reset-password:%'",
    [email],
  );

/** A new account, signed in: its form and its session cookie. */
async function signedInNewAccount() {
  const form = validRegistration();
  await signUp(form);
  return { form, cookie: cookieFrom((await signIn(form.email, form.password)).headers) };
}

describe("forgot password (email simulated into the outbox without Resend keys)", () => {
  it("emails a 1-hour link whose token sets a new password, once", async () => {
    const form = validRegistration();
    await signUp(form);
    expect((await askReset(form.email)).status).toBe(200);

    const email = await waitForEmail(form.email, RESET_SUBJECT);
    expect(email).toMatchObject({ status: "simulated" });
    expect(email!.body).toContain("valable 1 heure");
    const token = resetTokenIn(email);
    expect(token).toBeTruthy();

    // The link in the email leads to the reset page with the token.
    const link = await call("GET", `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toBe(`${baseUrl()}/reset-password?token=${token}`);

    expect((await reset(token, "Nouveau2026")).status).toBe(200);
    expect((await signIn(form.email, "Nouveau2026")).status).toBe(200);
    expect((await signIn(form.email, form.password)).status).toBe(401);

    const reused = await reset(token, "Encore2026x");
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual({ code: "INVALID_TOKEN", message: "Lien invalide ou expiré" });
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const known = validRegistration();
    await signUp(known);
    const [unknownAnswer, knownAnswer] = [await askReset("personne@exemple.fr"), await askReset(known.email)];
    expect(unknownAnswer.status).toBe(200);
    expect(unknownAnswer.body).toEqual(knownAnswer.body);
    await waitForEmail(known.email, RESET_SUBJECT); // the known one's email did go out...
    expect(await waitForEmail("personne@exemple.fr", undefined, 300)).toBeUndefined(); // ...and nothing else
  });

  it("writes in the language of the browser that asked", async () => {
    const form = validRegistration();
    await signUp(form);
    expect((await askReset(form.email, { "accept-language": "en-GB,en;q=0.9" })).status).toBe(200);
    const email = await waitForEmail(form.email, "Reset your Veilleuse password");
    expect(email?.body).toContain("valid for 1 hour");
  });

  it("refuses a new password that breaks the registration rules, changing nothing", async () => {
    const form = validRegistration();
    await signUp(form);
    await askReset(form.email);
    const token = resetTokenIn(await waitForEmail(form.email, RESET_SUBJECT));
    const weak = await reset(token, "motdepasse");
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({ code: "VALIDATION", field: "newPassword" });
    expect((await signIn(form.email, form.password)).status).toBe(200);
    expect(await liveResetTokens(form.email)).toBe(1);
  });
});

describe("after a reset, nothing of the old password survives", () => {
  it("ends every session, voids every other reset link, lifts the block and tells the owner", async () => {
    const { form, cookie } = await signedInNewAccount();
    const bearer = (await signIn(form.email, form.password)).headers.get("set-auth-token");
    expect(bearer).toBeTruthy();

    // Three links asked for (the limit per address asked for in an hour).
    for (let i = 0; i < 3; i++) {
      expect((await askReset(form.email)).status).toBe(200);
      await expect.poll(async () => liveResetTokens(form.email)).toBe(i + 1);
    }
    const tokens = (
      await queryRows(
        "SELECT substr(v.identifier, 16) AS token FROM verification v JOIN user u ON u.id = v.value WHERE u.email = ? AND v.identifier LIKE 'reset-password:%'",
        [form.email],
      )
    ).map((row) => String(row.token));
    expect(tokens).toHaveLength(3);

    // Someone blocks the account: 5 failures.
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) await signIn(form.email, "Mauvais1", attacker);
    expect((await signIn(form.email, form.password)).status).toBe(429);
    await waitForEmail(form.email, BLOCKED_SUBJECT); // its own link is made in the background: let it land first

    expect((await reset(tokens[1], "Nouveau2026")).status).toBe(200);

    expect((await call("GET", "/api/me", { cookie })).status).toBe(401);
    expect((await call("GET", "/api/me", { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(401);
    for (const other of [tokens[0], tokens[2]]) {
      expect((await reset(other, "Autre2026x")).body.error.code).toBe("INVALID_TOKEN");
    }
    expect(await liveResetTokens(form.email)).toBe(0);
    expect((await signIn(form.email, "Nouveau2026")).status).toBe(200); // the block is lifted

    const notice = await waitForEmail(form.email, CHANGED_SUBJECT);
    expect(notice?.body).toContain(`${baseUrl()}/forgot-password`);
  });
});

describe("lockout abuse is softened", () => {
  it("tells the owner of a blocked account, whose emailed link lifts the block; open sessions stay", async () => {
    const { form, cookie } = await signedInNewAccount();

    const attacker = freshAddress();
    let last;
    for (let i = 0; i < 5; i++) last = await signIn(form.email, "Mauvais1", attacker);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(29 * 60);
    expect(Number(last!.headers.get("retry-after"))).toBeLessThanOrEqual(30 * 60);

    // The session already open is not affected.
    expect((await call("GET", "/api/me", { cookie })).status).toBe(200);

    const notice = await waitForEmail(form.email, BLOCKED_SUBJECT);
    expect(notice?.body).toContain("bloquée pendant 30 minutes");
    const token = resetTokenIn(notice);
    expect(notice?.body).toContain(`${baseUrl()}/api/auth/reset-password/${token}`);
    expect((await reset(token, "Debloque2026")).status).toBe(200);
    expect((await signIn(form.email, "Debloque2026")).status).toBe(200);
  });

  it("sends one notice per block, and none for an address nobody owns", async () => {
    const form = validRegistration();
    await signUp(form);
    const attacker = freshAddress();
    for (let i = 0; i < 8; i++) await signIn(form.email, "Mauvais1", attacker);
    await waitForEmail(form.email, BLOCKED_SUBJECT);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      await countRows("SELECT count(*) FROM outbox WHERE recipient = ? AND subject = ?", [form.email, BLOCKED_SUBJECT]),
    ).toBe(1);
    const ghost = "fantome.bloque@exemple.fr";
    for (let i = 0; i < 5; i++) await signIn(ghost, "Mauvais1", attacker);
    expect(await waitForEmail(ghost, undefined, 300)).toBeUndefined();
  });
});
