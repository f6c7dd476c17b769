// A realtime socket lives no longer than the session that opened it (SECURITY.md, "Realtime
// sockets"): every way a session ends closes its sockets at once with SESSION_ENDED_CLOSE
// (revoke-others, revoke one, sign-out, password change for the other sessions, password reset and
// account deletion for all), a ticket taken before the end opens nothing after it, a sync on a
// socket whose session is gone (deleted, expired, account deleted) is refused and closes it, and a
// socket closes when its session's expiry passes. Real sockets through the Worker to the UserInbox
// Durable Object.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_ENDED_CLOSE, type ServerFrame } from "../../edge/realtime/protocol";
import { issueTicket } from "../../edge/realtime/ticket";
import { InboxSocket, realtimeTicket, socketUrl } from "../realtime-client";
import { secretOf, totp } from "../totp";
import {
  baseUrl,
  call,
  cookieFrom,
  execute,
  fromAddress,
  freshAddress,
  newMember,
  type Member,
  queryRows,
  resetTokenIn,
  sessionCookie,
  signUp,
  validRegistration,
  verifyEmailOf,
  waitForEmail,
  ownStack,
} from "./helpers";

const ENDED = SESSION_ENDED_CLOSE.code;
/** The close comes before the HTTP answer; this only leaves room for the two connections' ordering. */
const AT_ONCE_MS = 2000;

/** A parent signed in on two devices (two sessions), and a babysitter she has a conversation with. */
type Family = { email: string; password: string; profileId: string; userId: string; first: string; second: string };

let sitter: Member;

beforeAll(async () => {
  sitter = await newMember("babysitter");
});

async function familyOnTwoDevices(): Promise<Family & { conversationId: string }> {
  const form = validRegistration({ user_type: "parent" });
  expect((await signUp(form)).status).toBe(200);
  await verifyEmailOf(form.email); // an unconfirmed account may not write to anyone
  const [first, second] = [
    await sessionCookie(form.email, form.password),
    await sessionCookie(form.email, form.password),
  ];
  const [row] = await queryRows("SELECT id, user_id FROM profiles WHERE email = ?", [form.email]);
  const opened = await call("POST", "/api/conversations", { cookie: first, json: { partner_id: sitter.profileId } });
  expect(opened.status).toBe(201);
  return {
    email: form.email,
    password: form.password,
    profileId: String(row.id),
    userId: String(row.user_id),
    first,
    second,
    conversationId: opened.body.id,
  };
}

const connect = (cookie: string) => InboxSocket.connect(baseUrl(), { cookie });

/** Sockets that synced once (their session worked), so what follows is what the end did. */
async function connected(...cookies: string[]): Promise<InboxSocket[]> {
  const sockets = await Promise.all(cookies.map(connect));
  await Promise.all(sockets.map((socket) => socket.syncFrom(0)));
  return sockets;
}

/** The babysitter writes to the family; the sent message. */
async function sitterWrites(conversationId: string, content: string) {
  const sent = await call("POST", `/api/conversations/${conversationId}/messages`, {
    cookie: sitter.cookie,
    json: { content, client_id: randomUUID() },
  });
  expect(sent.status).toBe(201);
  return sent.body as { id: number; content: string };
}

const isMessage = (id: number) => (frame: ServerFrame) => frame.type === "message" && frame.message.id === id;
const messagesIn = (socket: InboxSocket) => socket.frames.filter((frame) => frame.type === "message");

/** The message reaches `live` (so it was pushed), and `ended` got nothing. */
async function onlyReaches(live: InboxSocket, ended: InboxSocket, message: { id: number }) {
  await live.waitFor(isMessage(message.id));
  await new Promise((r) => setTimeout(r, 300));
  expect(messagesIn(ended).some(isMessage(message.id))).toBe(false);
}

const sessionIds = async (userId: string) =>
  (await queryRows("SELECT id FROM session WHERE user_id = ? ORDER BY created_at", [userId])).map((row) =>
    String(row.id),
  );

describe("ending a session closes its sockets at once", () => {
  it("revoke-others: the other device's socket closes and gets nothing more; this one carries on", async () => {
    const family = await familyOnTwoDevices();
    const [mine, stolen] = await connected(family.first, family.second);
    const ticketTakenBefore = await realtimeTicket(baseUrl(), { cookie: family.second });

    const revoked = await call("POST", "/api/account/sessions/revoke-others", { cookie: family.first });
    expect(revoked.body).toEqual({ revoked: 1 });
    expect(await stolen.closedWith(AT_ONCE_MS)).toBe(ENDED);

    const secret = await sitterWrites(family.conversationId, "Le code de la porte est 4521");
    await onlyReaches(mine, stolen, secret);
    expect(stolen.isOpen).toBe(false);
    // A ticket the revoked session took before the end opens nothing after it.
    await expect(InboxSocket.open(socketUrl(baseUrl(), ticketTakenBefore))).rejects.toMatchObject({ status: 401 });
    // This device still syncs (its session is live).
    expect((await mine.syncFrom(secret.id - 1)).map((m) => m.content)).toEqual(["Le code de la porte est 4521"]);
    await mine.close();
  });

  it("ending one session (Settings → Sécurité) closes that session's socket only", async () => {
    const family = await familyOnTwoDevices();
    const [mine, other] = await connected(family.first, family.second);
    const [, otherId] = await sessionIds(family.userId);
    const revoked = await call("DELETE", `/api/account/sessions/${otherId}`, { cookie: family.first });
    expect(revoked.status).toBe(200);
    expect(await other.closedWith(AT_ONCE_MS)).toBe(ENDED);
    await onlyReaches(mine, other, await sitterWrites(family.conversationId, "Toujours là ?"));
    await mine.close();
  });

  it("sign-out closes the signed-out session's socket, not the other device's", async () => {
    const family = await familyOnTwoDevices();
    const [staying, leaving] = await connected(family.first, family.second);
    const out = await call("POST", "/api/auth/sign-out", {
      json: {},
      cookie: family.second,
      headers: { origin: baseUrl() },
    });
    expect(out.status).toBe(200);
    expect(await leaving.closedWith(AT_ONCE_MS)).toBe(ENDED);
    await onlyReaches(staying, leaving, await sitterWrites(family.conversationId, "Après la déconnexion"));
    await staying.close();
  });

  it("a password change closes the other sessions' sockets and keeps the caller's, bound to its fresh session", async () => {
    const family = await familyOnTwoDevices();
    const [mine, other] = await connected(family.first, family.second);
    const changed = await call("POST", "/api/auth/change-password", {
      json: { currentPassword: family.password, newPassword: "Nouveau2026" },
      cookie: family.first,
      headers: { origin: baseUrl(), ...fromAddress(freshAddress()) },
    });
    expect(changed.status).toBe(200);
    expect(await other.closedWith(AT_ONCE_MS)).toBe(ENDED);

    const after = await sitterWrites(family.conversationId, "Nouveau mot de passe ?");
    await onlyReaches(mine, other, after);
    // Every session before the change is gone; the caller's socket syncs on its fresh one.
    expect(await sessionIds(family.userId)).toHaveLength(1);
    expect((await mine.syncFrom(after.id - 1)).map((m) => m.id)).toEqual([after.id]);
    expect(mine.isOpen).toBe(true);
    await mine.close();
  });

  it("switching two-factor on, then off, keeps the caller's socket, bound to each fresh session", async () => {
    const family = await familyOnTwoDevices();
    const [mine] = await connected(family.first);
    const twoFactor = (path: string, json: unknown, cookie: string) =>
      call("POST", `/api/auth/two-factor/${path}`, {
        json,
        cookie,
        headers: { origin: baseUrl(), ...fromAddress(freshAddress()) },
      });
    const setup = await twoFactor("enable", { password: family.password }, family.first);
    expect(setup.status).toBe(200);
    const on = await twoFactor("verify-totp", { code: totp(secretOf(setup.body.totpURI)) }, family.first);
    expect(on.status).toBe(200);
    const renewed = cookieFrom(on.headers);
    expect(renewed).not.toBe(family.first);
    const off = await twoFactor("disable", { password: family.password }, renewed);
    expect(off.status).toBe(200);

    // Two renewals later the socket never closed, and it still syncs (its session is the newest).
    const after = await sitterWrites(family.conversationId, "Double authentification ?");
    await mine.waitFor(isMessage(after.id));
    expect((await mine.syncFrom(after.id - 1)).map((m) => m.id)).toEqual([after.id]);
    expect(mine.isOpen).toBe(true);
    await mine.close();
  });

  it("a password reset closes every socket of the account", async () => {
    const family = await familyOnTwoDevices();
    const sockets = await connected(family.first, family.second);
    const asked = await call("POST", "/api/auth/request-password-reset", {
      json: { email: family.email, redirectTo: "/reset-password" },
      headers: { origin: baseUrl(), ...fromAddress(freshAddress()) },
    });
    expect(asked.status).toBe(200);
    const token = resetTokenIn(await waitForEmail(family.email, "Réinitialisation de votre mot de passe Veilleuse"));
    const reset = await call("POST", "/api/auth/reset-password", {
      json: { newPassword: "Nouveau2026", token },
      headers: { origin: baseUrl() },
    });
    expect(reset.status).toBe(200);
    expect(await Promise.all(sockets.map((socket) => socket.closedWith(AT_ONCE_MS)))).toEqual([ENDED, ENDED]);
  });

  it("account deletion closes every socket of the account, and a ticket taken before opens nothing", async () => {
    const family = await familyOnTwoDevices();
    const sockets = await connected(family.first, family.second);
    const ticketTakenBefore = await realtimeTicket(baseUrl(), { cookie: family.second });
    const deleted = await call("POST", "/api/account/delete", {
      cookie: family.first,
      json: { confirmation: "SUPPRIMER" },
    });
    expect(deleted.status).toBe(200);
    expect(await Promise.all(sockets.map((socket) => socket.closedWith(AT_ONCE_MS)))).toEqual([ENDED, ENDED]);
    await expect(InboxSocket.open(socketUrl(baseUrl(), ticketTakenBefore))).rejects.toMatchObject({ status: 401 });
  });
});

describe("a sync on a socket whose session is gone", () => {
  /** Sends `sync` and expects the refusal, then the close. */
  async function syncRefused(socket: InboxSocket) {
    socket.clear();
    socket.send({ type: "sync", after: 0 });
    expect(await socket.waitFor((frame) => frame.type === "error")).toEqual({ type: "error", code: "session_ended" });
    expect(await socket.closedWith(AT_ONCE_MS)).toBe(ENDED);
    expect(socket.frames.filter((frame) => frame.type === "synced")).toEqual([]);
  }

  it("is refused when the session expired", async () => {
    const family = await familyOnTwoDevices();
    const [expiring, other] = await connected(family.first, family.second);
    const [firstId] = await sessionIds(family.userId);
    await execute("UPDATE session SET expires_at = ? WHERE id = ?", [Date.now() - 1000, firstId]);
    await syncRefused(expiring);
    // The other session's socket is untouched.
    expect(await other.syncFrom(0)).toEqual(expect.any(Array));
    await other.close();
  });

  it("is refused when the session row is gone (ended without telling the inbox)", async () => {
    const family = await familyOnTwoDevices();
    const [socket] = await connected(family.first);
    const [firstId] = await sessionIds(family.userId);
    await execute("DELETE FROM session WHERE id = ?", [firstId]);
    await syncRefused(socket);
  });

  it("is refused when the account is deleted (user.deleted_at), whatever the session", async () => {
    const family = await familyOnTwoDevices();
    const [socket] = await connected(family.first);
    await execute("UPDATE user SET deleted_at = ? WHERE id = ?", [Date.now(), family.userId]);
    await syncRefused(socket);
  });
});

describe("a socket does not outlive its session's expiry", () => {
  it("closes when the expiry its ticket carried passes, with no sync and no ending call", async () => {
    const family = await familyOnTwoDevices();
    const [firstId] = await sessionIds(family.userId);
    // A session about to expire: the ticket the route would issue for it, signed with the test
    // stack's own secret (scripts/stack.ts keeps it beside the database file).
    const secret = readFileSync(`${ownStack().dbFile}.dev-secret`, "utf8").trim();
    const ticket = await issueTicket(secret, {
      profileId: family.profileId,
      sessionId: firstId,
      sessionExpiresAt: Date.now() + 1500,
    });
    const socket = await InboxSocket.open(socketUrl(baseUrl(), ticket));
    // A ping, as every client's first words are (under wrangler dev, a socket that never spoke keeps
    // its TCP connection after the server's close until the object hibernates).
    socket.send({ type: "ping" });
    await socket.waitFor((frame) => frame.type === "pong");
    expect(await socket.closedWith(6000)).toBe(ENDED);
    expect(socket.frames).toEqual([{ type: "pong" }]);
  });
});
