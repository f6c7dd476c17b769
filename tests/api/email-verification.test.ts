// Sign-up and sign-in through the real Worker (docs/first-time-users.md): the email verification
// link (done, expired, invalid, asked again under a limit), the same answer for an address that
// already has an account (its owner is emailed instead), what an unconfirmed account may not do
// (403 until the link is followed), the reset link checked without being used, the configured
// providers, and the known browser (device cookie) behind the 'Nouvelle connexion' notice.
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REQUEST_LIMITS } from "../../db/constants/limits";
import { addDays, parisToday } from "../../db/time/paris-time";
import {
  burst,
  call,
  cookieFrom,
  countRows,
  execute,
  freshAddress,
  fromAddress,
  insertBooking,
  newDeviceId,
  newMember,
  queryRows,
  resetTokenIn,
  signUp,
  validRegistration,
  verificationTokenIn,
  verifyEmailOf,
  waitForEmail,
  waitForTemplate,
  ownStack,
} from "./helpers";

const EN = { "accept-language": "en-GB,en;q=0.9" };

/**
 * A verification token as better-auth signs them (HS256 JWT with the stack's secret, which
 * scripts/stack.ts keeps beside the database), here with an expiry already past.
 */
function expiredVerificationToken(email: string, userId: string): string {
  const secret = readFileSync(`${ownStack().dbFile}.dev-secret`, "utf8").trim();
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: "HS256" })}.${part({ email, userId, iat: now - 7200, exp: now - 3600 })}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

const verify = (token: string, headers: Record<string, string> = {}) =>
  call("POST", "/api/auth/verify-email", { json: { token }, headers });

const isVerified = async (email: string) =>
  Number((await queryRows("SELECT email_verified FROM user WHERE email = ?", [email]))[0].email_verified) === 1;

describe("email verification", () => {
  it("emails a link at sign-up, in the account's language; following it confirms the address", async () => {
    const form = validRegistration();
    expect((await signUp(form)).status).toBe(200);
    const email = await waitForTemplate(form.email, "verifyEmail");
    expect(email?.subject).toBe("Confirmez votre adresse email Veilleuse");
    expect(email?.body).toMatch(/https?:\/\/[^/\s]+\/verify-email\?token=/);
    expect(await isVerified(form.email)).toBe(false);
    const token = verificationTokenIn(email)!;
    expect((await verify(token)).body).toEqual({ status: true });
    expect(await isVerified(form.email)).toBe(true);
    // A second click on the same link says the same (the address is confirmed).
    expect((await verify(token)).status).toBe(200);

    const english = validRegistration();
    expect((await signUp(english, { ...fromAddress(freshAddress()), ...EN })).status).toBe(200);
    expect((await waitForTemplate(english.email, "verifyEmail"))?.subject).toBe("Confirm your Veilleuse email address");
  });

  it("says when a link has expired, and when it is not a link of ours", async () => {
    const form = validRegistration();
    expect((await signUp(form)).status).toBe(200);
    const [row] = await queryRows("SELECT id FROM user WHERE email = ?", [form.email]);
    const expired = await verify(expiredVerificationToken(form.email, String(row.id)));
    expect(expired.status).toBe(400);
    expect(expired.body.error).toEqual({
      code: "VERIFICATION_EXPIRED",
      message: "Ce lien de vérification a expiré. Demandez-en un nouveau.",
    });
    const english = await verify(expiredVerificationToken(form.email, String(row.id)), EN);
    expect(english.body.error.message).toBe("This verification link has expired. Ask for a new one.");

    const token = verificationTokenIn(await waitForTemplate(form.email, "verifyEmail"))!;
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await verify(forged)).body.error.code).toBe("VERIFICATION_INVALID");
    expect((await verify("pas-un-jeton")).status).toBe(400);
    expect(await isVerified(form.email)).toBe(false);
  });

  it("sends a new link when asked: 20 requests at once get exactly the limit, and the new link works", async () => {
    const member = await newMember("parent", {}, { verified: false });
    const max = REQUEST_LIMITS.verificationEmailPerEmail.maxAttempts;
    const address = fromAddress(freshAddress());
    const { tally } = await burst(20, () =>
      call("POST", "/api/auth/send-verification-email", { json: {}, cookie: member.cookie, headers: address }),
    );
    expect(tally).toEqual({ 200: max, 429: 20 - max });
    const count = () =>
      countRows(
        "SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'verifyEmail' AND status <> 'queued'",
        [member.email],
      );
    await expect.poll(count).toBe(1 + max); // the sign-up's, and one per accepted request
    await verifyEmailOf(member.email);
    expect(await isVerified(member.email)).toBe(true);
  });

  it("answers a signed-out request the same for any address, and sends only to an unconfirmed account", async () => {
    const member = await newMember("parent", {}, { verified: false });
    const ask = (email: string) =>
      call("POST", "/api/auth/send-verification-email", { json: { email }, headers: fromAddress(freshAddress()) });
    const known = await ask(member.email);
    const unknown = await ask(`inconnu.${Date.now()}@exemple.fr`);
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    await expect
      .poll(() =>
        countRows(
          "SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'verifyEmail'",
          [member.email],
        ),
      )
      .toBe(2);
    const missing = await call("POST", "/api/auth/send-verification-email", { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ field: "email", message: "Email requis" });
  });
});

describe("an address that already has an account", () => {
  it("gets the very answer of a new sign-up, no second account, and one email to its owner", async () => {
    const form = validRegistration();
    const first = await signUp(form);
    const again = await signUp({ ...form, first_name: "Autre", password: "Autremotdepasse2" });
    const fresh = await signUp(validRegistration());
    for (const answer of [first, again]) {
      expect(answer.status).toBe(fresh.status);
      expect(answer.body).toEqual(fresh.body);
      expect(answer.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
      expect(answer.headers.get("content-type")).toBe(fresh.headers.get("content-type"));
    }
    expect(await countRows("SELECT count(*) FROM user WHERE email = ?", [form.email])).toBe(1);
    expect(await countRows("SELECT count(*) FROM profiles WHERE email = ?", [form.email])).toBe(1);
    const owner = await waitForTemplate(form.email, "existingAccount");
    expect(owner?.subject).toBe("Vous avez déjà un compte Veilleuse");
    expect(owner?.body).toMatch(/\/login/);
    expect(owner?.body).toMatch(/\/forgot-password/);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      await countRows(
        "SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'existingAccount'",
        [form.email],
      ),
    ).toBe(1);
    // The owner's password did not change.
    const signIn = await call("POST", "/api/auth/sign-in/email", {
      json: { email: form.email, password: form.password },
      headers: fromAddress(freshAddress()),
    });
    expect(signIn.status).toBe(200);
  });
});

describe("what an unconfirmed account may do", () => {
  it("signs in and looks, but may not write to anyone nor book until the link is followed", async () => {
    const parent = await newMember("parent", {}, { verified: false });
    const sitter = await newMember("babysitter");
    await insertBooking(parent.profileId, sitter.profileId, "confirmed");
    expect((await call("GET", "/api/me", { cookie: parent.cookie })).status).toBe(200);
    expect((await call("GET", "/api/conversations", { cookie: parent.cookie })).status).toBe(200);

    const start = () =>
      call("POST", "/api/conversations", { cookie: parent.cookie, json: { partner_id: sitter.profileId } });
    const refused = await start();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: "EMAIL_NOT_VERIFIED",
      message:
        "Vérifiez votre email : confirmez votre adresse avec le lien reçu pour envoyer des messages et réserver.",
    });
    const english = await call("POST", "/api/conversations", {
      cookie: parent.cookie,
      json: { partner_id: sitter.profileId },
      headers: EN,
    });
    expect(english.body.error.message).toBe(
      "Verify your email: confirm your address with the link you received to send messages and book.",
    );
    expect(
      await countRows("SELECT count(*) FROM conversations WHERE participant_a = ? OR participant_b = ?", [
        parent.profileId,
        parent.profileId,
      ]),
    ).toBe(0);

    const child = await call("POST", "/api/children", { cookie: parent.cookie, json: { name: "Lou", age: 4 } });
    expect(child.status).toBe(201);
    const booking = {
      babysitter_id: sitter.profileId,
      date: addDays(parisToday(), 150),
      start_time: "18:00",
      end_time: "21:00",
      children_ids: [child.body.child.id],
    };
    const book = () => call("POST", "/api/bookings", { cookie: parent.cookie, json: booking });
    const bookRefused = await book();
    expect(bookRefused.status).toBe(403);
    expect(bookRefused.body.error.code).toBe("EMAIL_NOT_VERIFIED");

    await verifyEmailOf(parent.email);
    const opened = await start();
    expect(opened.status).toBe(201);
    const sent = await call("POST", `/api/conversations/${opened.body.id}/messages`, {
      cookie: parent.cookie,
      json: { content: "Bonjour, merci pour samedi !", client_id: crypto.randomUUID() },
    });
    expect(sent.status).toBe(201);
    expect((await book()).status).toBe(201);
  });

  it("a babysitter may not accept a request before confirming, and may after", async () => {
    const parent = await newMember("parent");
    const sitter = await newMember("babysitter", {}, { verified: false });
    const pending = await insertBooking(parent.profileId, sitter.profileId, "pending", 72);
    const accept = () =>
      call("PATCH", `/api/bookings/${pending}/status`, { cookie: sitter.cookie, json: { action: "accept" } });
    const refused = await accept();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("EMAIL_NOT_VERIFIED");
    expect((await queryRows("SELECT status FROM bookings WHERE id = ?", [pending]))[0].status).toBe("pending");
    await verifyEmailOf(sitter.email);
    expect((await accept()).status).toBe(200);
  });
});

describe("the reset link, checked when its page opens", () => {
  it("says valid, expired or invalid without using the link", async () => {
    const form = validRegistration();
    expect((await signUp(form)).status).toBe(200);
    const asked = await call("POST", "/api/auth/request-password-reset", {
      json: { email: form.email, redirectTo: "/reset-password" },
      headers: fromAddress(freshAddress()),
    });
    expect(asked.status).toBe(200);
    const token = resetTokenIn(await waitForEmail(form.email, "Réinitialisation de votre mot de passe Veilleuse"))!;
    const check = (value: string) => call("GET", `/api/auth/reset-link?token=${encodeURIComponent(value)}`);
    expect((await check(token)).body).toEqual({ state: "valid" });
    expect((await check(token)).body).toEqual({ state: "valid" }); // checking does not use it
    expect((await check("inconnu123")).body).toEqual({ state: "invalid" });
    expect((await check("pas un jeton")).status).toBe(400);
    await execute("UPDATE verification SET expires_at = ? WHERE identifier = ?", [
      Date.now() - 60_000,
      `reset-password:${token}`,
    ]);
    expect((await check(token)).body).toEqual({ state: "expired" });
    const reset = await call("POST", "/api/auth/reset-password", { json: { token, newPassword: "Nouveau2026x" } });
    expect(reset.status).toBe(400);
  });
});

describe("sign-in providers", () => {
  it("names only the configured providers (none on this stack)", async () => {
    const config = await call("GET", "/api/config");
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ oauth: { google: false, facebook: false } });
  });
});

describe("known browsers", () => {
  const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
  const signIn = (email: string, cookie?: string) =>
    call("POST", "/api/auth/sign-in/email", {
      json: { email, password: "Motdepasse1" },
      headers: fromAddress(freshAddress()),
      ...(cookie && { cookie }),
    });
  const notices = (email: string) =>
    countRows(
      "SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'newSignIn' AND status <> 'queued'",
      [email],
    );

  it("gives a browser its device cookie, keeps only its hash, and tells the owner of a new browser only", async () => {
    const member = await newMember("parent"); // its first browser: remembered, no notice
    const first = await signIn(member.email);
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith("veilleuse_device="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=\d{7,}/);
    const device = setCookie.split(";")[0];
    await expect.poll(() => notices(member.email)).toBe(1); // a browser the account never used
    const [row] = await queryRows(
      "SELECT count(*) AS n FROM known_device WHERE device_hash = ? AND user_id = (SELECT user_id FROM profiles WHERE id = ?)",
      [sha256(device.split("=")[1]), member.profileId],
    );
    expect(Number(row.n)).toBe(1);
    expect(await countRows("SELECT count(*) FROM known_device WHERE device_hash = ?", [device.split("=")[1]])).toBe(0);

    // The same browser again: recognised, no notice, no new cookie.
    const again = await signIn(member.email, device);
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("veilleuse_device="))).toBe(false);
    // Another browser (its own cookie): a notice.
    expect((await signIn(member.email, `veilleuse_device=${newDeviceId()}`)).status).toBe(200);
    await expect.poll(() => notices(member.email)).toBe(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await notices(member.email)).toBe(2);
    expect(cookieFrom(again.headers)).toContain("session_token");
  });
});
