// better-auth's log: a suspended account's sign-in is refused a session by design (the session
// hook), which better-auth would log as an error; through the real better-auth instance and a
// libSQL file, that refusal is an info line, and better-auth's other lines keep their level.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "../../db/client";
import { logAuthEvent, REFUSED_SESSION_MESSAGE } from "../../edge/auth/auth-log";
import { createAuth } from "../../edge/auth/create-auth";
import { authTestDb } from "./helpers/auth-db";

const { background, client, env } = authTestDb("auth-log");
afterEach(() => vi.restoreAllMocks());

const authFor = () =>
  createAuth(env(), createDb(env()), {
    lang: "fr",
    background,
    registration: {
      user_type: "parent",
      first_name: "Lou",
      last_name: "Martin",
      email: "lou@exemple.fr",
      phone: "0712345678",
      city: "Lyon",
    },
  });

const consoleSpies = () => ({
  error: vi.spyOn(console, "error").mockImplementation(() => {}),
  info: vi.spyOn(console, "info").mockImplementation(() => {}),
});

describe("better-auth's log", () => {
  it("writes a suspended account's refused session as info, not as an error", async () => {
    const auth = authFor();
    const credentials = { email: "lou@exemple.fr", password: "Motdepasse1" };
    const signedUp = await auth.api.signUpEmail({ body: { name: "Lou Martin", ...credentials }, asResponse: true });
    expect(signedUp.status).toBe(200);
    await client().execute({
      sql: "UPDATE user SET suspended_at = ?, suspension_reason = 'test' WHERE email = ?",
      args: [Date.now(), credentials.email],
    });
    const spies = consoleSpies();

    const answer = await auth.api.signInEmail({ body: credentials, asResponse: true });

    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: "FAILED_TO_CREATE_SESSION" });
    expect(spies.error).not.toHaveBeenCalled();
    expect(spies.info).toHaveBeenCalledWith(expect.stringContaining("no session for a deleted or suspended account"));
    const sessions = await client().execute("SELECT count(*) AS n FROM session");
    expect(Number(sessions.rows[0].n)).toBe(0);
  });

  it("keeps every other line at its level, with its details", () => {
    const spies = consoleSpies();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failure = new Error("database unreachable");

    logAuthEvent("error", "Something failed", failure);
    logAuthEvent("warn", "A warning");
    logAuthEvent("error", REFUSED_SESSION_MESSAGE);

    expect(spies.error).toHaveBeenCalledExactlyOnceWith("[Better Auth] Something failed", failure);
    expect(warn).toHaveBeenCalledExactlyOnceWith("[Better Auth] A warning");
    expect(spies.info).toHaveBeenCalledOnce();
  });
});
