// Socket tickets: a signed-in tab (cookie) or the desktop app (bearer token) asks POST
// /api/realtime/ticket, then opens GET /api/realtime?ticket=…. Browsers cannot put a header on a
// WebSocket, and a session token in a URL ends up in logs; a ticket lives REALTIME_TICKET_TTL_SECONDS
// and works once (its nonce is spent in the user's UserInbox), so a logged URL opens nothing.
// Format: base64url(JSON payload) "." base64url(HMAC-SHA-256 of "realtime-ticket." + payload).
import { REALTIME_TICKET_TTL_SECONDS } from "@db/constants/limits";
import { base64UrlToBytes, bytesToBase64Url } from "@db/text/base64url";

export type TicketClaims = { profileId: string; nonce: string; expiresAt: number };

const encoder = new TextEncoder();
const PURPOSE = "realtime-ticket.";

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

export async function issueTicket(secret: string, profileId: string, now = Date.now()): Promise<string> {
  const claims: TicketClaims = {
    profileId,
    nonce: crypto.randomUUID(),
    expiresAt: now + REALTIME_TICKET_TTL_SECONDS * 1000,
  };
  const payload = bytesToBase64Url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(PURPOSE + payload));
  return `${payload}.${bytesToBase64Url(new Uint8Array(signature))}`;
}

/** The ticket's claims when its signature holds and it has not expired; null otherwise. */
export async function verifyTicket(secret: string, ticket: string, now = Date.now()): Promise<TicketClaims | null> {
  const [payload, signature, extra] = ticket.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const signatureBytes = base64UrlToBytes(signature);
  const payloadBytes = base64UrlToBytes(payload);
  if (!signatureBytes || !payloadBytes) return null;
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    signatureBytes,
    encoder.encode(PURPOSE + payload),
  );
  if (!valid) return null;
  const claims = JSON.parse(new TextDecoder().decode(payloadBytes)) as TicketClaims;
  return claims.expiresAt > now ? claims : null;
}
