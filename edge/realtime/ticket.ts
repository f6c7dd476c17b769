// Socket tickets: a signed-in tab (cookie) or the desktop app (bearer token) asks POST
// /api/realtime/ticket, then opens GET /api/realtime?ticket=…. Browsers cannot put a header on a
// WebSocket, and a session token in a URL ends up in logs; a ticket lives REALTIME_TICKET_TTL_SECONDS
// and works once (its nonce is spent in the user's UserInbox), so a logged URL opens nothing.
// A ticket names the session that asked for it: the socket it opens is bound to that session and
// closes when the session ends (user-inbox.ts).
// Format: base64url(JSON payload) "." base64url(HMAC-SHA-256 of "realtime-ticket." + payload).
import { z } from "zod";
import { REALTIME_TICKET_TTL_SECONDS } from "@db/constants/limits";
import { base64UrlToBytes, bytesToBase64Url } from "@db/text/base64url";

export const ticketClaimsSchema = z
  .object({
    profileId: z.string().min(1),
    /** The session that asked for the ticket: the socket lives only as long as it does. */
    sessionId: z.string().min(1),
    /** That session's expiry when the ticket was issued (ms since the epoch): the socket closes then. */
    sessionExpiresAt: z.number().int(),
    nonce: z.string().min(1),
    /** When the ticket was issued (ms): an inbox told "every session ended" at a later time refuses it. */
    issuedAt: z.number().int(),
    /** The ticket's own end (ms), REALTIME_TICKET_TTL_SECONDS after issuedAt. */
    expiresAt: z.number().int(),
  })
  .strict();

export type TicketClaims = z.infer<typeof ticketClaimsSchema>;

/** Who the ticket is for: the caller's profile and the session the request came with. */
export type TicketHolder = Pick<TicketClaims, "profileId" | "sessionId" | "sessionExpiresAt">;

const encoder = new TextEncoder();
const PURPOSE = "realtime-ticket.";

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

export async function issueTicket(secret: string, holder: TicketHolder, now = Date.now()): Promise<string> {
  const claims: TicketClaims = {
    ...holder,
    nonce: crypto.randomUUID(),
    issuedAt: now,
    expiresAt: now + REALTIME_TICKET_TTL_SECONDS * 1000,
  };
  const payload = bytesToBase64Url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(PURPOSE + payload));
  return `${payload}.${bytesToBase64Url(new Uint8Array(signature))}`;
}

/** Claims as JSON text (the payload, or what the Worker forwards to the inbox); null when not that shape. */
export function parseTicketClaims(text: string): TicketClaims | null {
  try {
    const parsed = ticketClaimsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The ticket's claims when its signature holds, its claims have the current shape (a ticket signed
 * before sockets were bound to sessions has no session and opens nothing) and it has not expired;
 * null otherwise.
 */
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
  const claims = parseTicketClaims(new TextDecoder().decode(payloadBytes));
  return claims && claims.expiresAt > now ? claims : null;
}
