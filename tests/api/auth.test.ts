import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  baseUrl,
  call,
  cookieFrom,
  countRows,
  freshAddress,
  fromAddress,
  openDb,
  signUp,
  uniqueEmail,
  validRegistration,
} from "./helpers";

const signIn = (
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => call("POST", "/api/auth/sign-in/email", { json: { email, password, ...extra }, headers });

describe("registration", () => {
  it("creates a parent account and its profile", async () => {
    const form = validRegistration();
    const registered = await signUp(form);
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ ok: true });
    expect(registered.headers.getSetCookie()).toEqual([]); // no auto sign-in: the user goes to /login

    const session = await signIn(form.email, form.password);
    expect(session.status).toBe(200);
    const me = await call("GET", "/api/me", { cookie: cookieFrom(session.headers) });
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({
      user_type: "parent",
      first_name: "Élodie",
      last_name: "Lefèvre",
      email: form.email,
      phone: "0612345678",
      city: "Lyon",
    });
  });

  it("creates a babysitter with its babysitter profile", async () => {
    const form = validRegistration({ user_type: "babysitter", email: uniqueEmail("sitter") });
    expect((await signUp(form)).status).toBe(200);
    const rows = await countRows(
      "SELECT count(*) FROM babysitter_profiles b JOIN profiles p ON p.id = b.profile_id WHERE p.email = ? AND p.user_type = 'babysitter'",
      [form.email],
    );
    expect(rows).toBe(1);
  });

  it.each(["admin", "agency", "superuser"])("refuses the user type %s and writes nothing", async (userType) => {
    const form = validRegistration({ user_type: userType });
    const { status, body } = await signUp(form);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: "VALIDATION",
      field: "user_type",
      message: "Type d'utilisateur invalide",
    });
    expect(await countRows("SELECT count(*) FROM user WHERE email = ?", [form.email])).toBe(0);
  });

  it("answers an address already in use like a new one, without a second account", async () => {
    const form = validRegistration();
    await signUp(form);
    const again = await call("POST", "/api/auth/sign-up/email", { json: { ...form, first_name: "Autre" } });
    expect(again.status).toBe(200);
    expect(await countRows("SELECT count(*) FROM user WHERE email = ?", [form.email])).toBe(1);
    expect(await countRows("SELECT count(*) FROM profiles WHERE email = ?", [form.email])).toBe(1);
  });
});

describe("sign-in, session, bearer token, sign-out", () => {
  it("signs the demo parent in with a cookie, and /api/me greets by first name", async () => {
    const { email, password, firstName } = DEMO_ACCOUNTS.parent;
    const session = await signIn(email, password, { rememberMe: true });
    expect(session.status).toBe(200);
    expect(session.body.profile.first_name).toBe(firstName);
    const cookie = session.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/Max-Age=\d+/i); // remembered: a persistent cookie
    expect((await call("GET", "/api/me", { cookie: cookieFrom(session.headers) })).body.profile.email).toBe(email);
  });

  it("keeps a short browser-session cookie when 'remember me' is unchecked", async () => {
    const { email, password } = DEMO_ACCOUNTS.babysitter;
    const session = await signIn(email, password, { rememberMe: false });
    expect(session.status).toBe(200);
    const cookie = session.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const row = (await openDb().execute("SELECT max(expires_at) FROM session")).rows[0][0];
    const expiresInHours = (Number(row) - Date.now()) / 3_600_000;
    expect(expiresInHours).toBeGreaterThan(0);
  });

  it("accepts the bearer token from set-auth-token (API clients, desktop)", async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const session = await signIn(email, password);
    const token = session.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const me = await call("GET", "/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.body.profile.user_type).toBe("admin");
    const forged = await call("GET", "/api/me", { headers: { authorization: "Bearer not-a-real-token" } });
    expect(forged.status).toBe(401);
  });

  it("signs out: the cookie no longer opens a session", async () => {
    const form = validRegistration();
    await signUp(form);
    const session = await signIn(form.email, form.password);
    const cookie = cookieFrom(session.headers);
    const out = await call("POST", "/api/auth/sign-out", { json: {}, cookie, headers: { origin: baseUrl() } });
    expect(out.status).toBe(200);
    expect((await call("GET", "/api/me", { cookie })).status).toBe(401);
  });
});

describe("the login throttle, enforced on the server", () => {
  it("warns when 2 or fewer attempts remain, then blocks the account for 30 minutes", async () => {
    const form = validRegistration();
    await signUp(form);
    const address = fromAddress("203.0.113.10");
    const outcomes = [];
    for (let attempt = 1; attempt <= 5; attempt++) outcomes.push(await signIn(form.email, "Mauvais1", {}, address));
    expect(outcomes.slice(0, 4).map((o) => o.status)).toEqual([401, 401, 401, 401]);
    expect(outcomes[0].body.error).toEqual({ code: "INVALID_CREDENTIALS", message: "Email ou mot de passe incorrect" });
    expect(outcomes[1].body.error.warning).toBeUndefined();
    expect(outcomes[2].body.error.warning).toBe("Attention: 2 tentative(s) restante(s)");
    expect(outcomes[3].body.error.warning).toBe("Attention: 1 tentative(s) restante(s)");
    expect(outcomes[4].status).toBe(429);
    expect(outcomes[4].body.error).toMatchObject({
      code: "LOGIN_BLOCKED",
      message: "Trop de tentatives. Réessayez dans 30 minute(s).",
      retryAfterMinutes: 30,
    });

    // Even the right password is refused while blocked, from any address.
    const right = await signIn(form.email, form.password, {}, fromAddress("198.51.100.7"));
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
    // Five wrong passwords and the refused right one: every attempt is counted before any check.
    expect(await countRows("SELECT failures FROM login_throttle WHERE key = ?", [`account:${form.email}`])).toBe(6);
  });

  it("a success clears the account's failures", async () => {
    const form = validRegistration();
    await signUp(form);
    const address = fromAddress("203.0.113.20");
    for (let i = 0; i < 3; i++) await signIn(form.email, "Mauvais1", {}, address);
    expect((await signIn(form.email, form.password, {}, address)).status).toBe(200);
    const next = await signIn(form.email, "Mauvais1", {}, address);
    expect(next.status).toBe(401);
    expect(next.body.error.warning).toBeUndefined();
  });

  it("blocks a client address that fails on many accounts", async () => {
    const address = fromAddress("203.0.113.99");
    let last;
    for (let i = 0; i < 20; i++) last = await signIn(uniqueEmail("ghost"), "Mauvais1", {}, address);
    expect(last!.status).toBe(429);
    const demo = await signIn(DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password, {}, address);
    expect(demo.status).toBe(429);
    expect(demo.body.error.message).toBe("Trop de tentatives. Réessayez dans 30 minute(s).");
    // The same account from another address is unaffected.
    expect(
      (await signIn(DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password, {}, fromAddress("203.0.113.100")))
        .status,
    ).toBe(200);
  });
});

describe("the session", () => {
  it("get-session names the signed-in user with their profile, in one answer", async () => {
    const { email, password, firstName } = DEMO_ACCOUNTS.babysitter;
    const signedIn = await signIn(email, password, {}, fromAddress(freshAddress()));
    const session = await call("GET", "/api/auth/get-session", { cookie: cookieFrom(signedIn.headers) });
    expect(session.status).toBe(200);
    expect(session.body.profile).toMatchObject({ email, first_name: firstName, user_type: "babysitter" });
    expect(session.body.profile.user_id).toBe(session.body.user.id);
  });

  it("signed out is an answer, not an error: get-session is 200 null, /api/me stays 401", async () => {
    const session = await call("GET", "/api/auth/get-session");
    expect(session.status).toBe(200);
    expect(session.body).toBeNull();
    expect((await call("GET", "/api/me")).status).toBe(401);
  });
});
