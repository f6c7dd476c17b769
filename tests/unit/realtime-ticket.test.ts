// Realtime tickets (edge/realtime/ticket.ts): signed, short-lived, and bound to the session that
// asked for one, so the socket it opens can be closed when that session ends.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { REALTIME_TICKET_TTL_SECONDS } from "../../db/constants/limits";
import { issueTicket, parseTicketClaims, verifyTicket } from "../../edge/realtime/ticket";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const NOW = Date.UTC(2026, 4, 1, 10, 0, 0);
const HOLDER = { profileId: "profile-1", sessionId: "session-1", sessionExpiresAt: NOW + 86_400_000 };

const sign = (claims: unknown) => {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signature = createHmac("sha256", SECRET).update(`realtime-ticket.${payload}`).digest("base64url");
  return `${payload}.${signature}`;
};

describe("realtime tickets", () => {
  it("carry the profile, the session and its expiry, and live REALTIME_TICKET_TTL_SECONDS", async () => {
    const ticket = await issueTicket(SECRET, HOLDER, NOW);
    const claims = await verifyTicket(SECRET, ticket, NOW + 1000);
    expect(claims).toEqual({
      ...HOLDER,
      nonce: expect.any(String),
      issuedAt: NOW,
      expiresAt: NOW + REALTIME_TICKET_TTL_SECONDS * 1000,
    });
    expect(await verifyTicket(SECRET, ticket, NOW + REALTIME_TICKET_TTL_SECONDS * 1000)).toBeNull();
  });

  it("are refused when signed with another secret, altered, or not one token", async () => {
    const ticket = await issueTicket(SECRET, HOLDER, NOW);
    expect(await verifyTicket("another-secret-of-at-least-32-characters", ticket, NOW)).toBeNull();
    const [payload, signature] = ticket.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const otherSession = Buffer.from(JSON.stringify({ ...claims, sessionId: "session-2" })).toString("base64url");
    expect(await verifyTicket(SECRET, `${otherSession}.${signature}`, NOW)).toBeNull();
    expect(await verifyTicket(SECRET, `${ticket}.extra`, NOW)).toBeNull();
    expect(await verifyTicket(SECRET, "", NOW)).toBeNull();
  });

  it("open nothing without a session, even correctly signed (the shape from before sockets had one)", async () => {
    const old = sign({ profileId: "profile-1", nonce: "n", expiresAt: NOW + 30_000 });
    expect(await verifyTicket(SECRET, old, NOW)).toBeNull();
    const noExpiry = sign({
      ...HOLDER,
      sessionExpiresAt: undefined,
      nonce: "n",
      issuedAt: NOW,
      expiresAt: NOW + 30_000,
    });
    expect(await verifyTicket(SECRET, noExpiry, NOW)).toBeNull();
    const valid = sign({ ...HOLDER, nonce: "n", issuedAt: NOW, expiresAt: NOW + 30_000 });
    expect(await verifyTicket(SECRET, valid, NOW)).toMatchObject({ sessionId: "session-1" });
  });

  it("claims forwarded to the inbox parse only in their exact shape", () => {
    const claims = { ...HOLDER, nonce: "n", issuedAt: NOW, expiresAt: NOW + 30_000 };
    expect(parseTicketClaims(JSON.stringify(claims))).toEqual(claims);
    expect(parseTicketClaims(JSON.stringify({ ...claims, admin: true }))).toBeNull();
    expect(parseTicketClaims("{not json")).toBeNull();
    expect(parseTicketClaims("")).toBeNull();
  });
});
