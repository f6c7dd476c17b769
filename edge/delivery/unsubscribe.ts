// One-click unsubscribe of non-essential mail (RFC 2369 List-Unsubscribe, RFC 8058
// List-Unsubscribe-Post): what one link turns off, and the signed token that is its only
// credential. Pure functions and WebCrypto, so the Worker, the tests and any script compute the
// same tokens.
//
// The token is `<base64url(userId:list)>.<base64url(HMAC-SHA256(BETTER_AUTH_SECRET, "unsubscribe:userId:list"))>`.
// It never expires: a link in an old email must keep working (RFC 8058 section 3). It only ever
// switches one kind of mail off, so a leaked link can do nothing worse than that.
import { base64UrlToBytes, bytesToBase64Url } from "@db/text/base64url";
import { UNSUBSCRIBE_LISTS, type UnsubscribeList } from "@db/validators/unsubscribe";
import type { Env } from "../env";
import { publicOrigin } from "../lib/config";
import { hmacSign, hmacVerify } from "../lib/hmac";
import type { NoticeKind, Preferences } from "./rules";

/**
 * What one link turns off (the lists are the API contract's, db/validators/unsubscribe.ts). Essential
 * mail (security, password reset, invoices, emergencies, account deletion) carries no link and
 * belongs to no list.
 */
export { UNSUBSCRIBE_LISTS, type UnsubscribeList };

/** The preference each list switches off (communication_preferences). */
export const UNSUBSCRIBE_SWITCH = {
  /** Every notification email: bookings, messages, reviews. */
  notifications: "emailEnabled",
  reminders: "bookingReminders",
  /** Renewal notices; a failed payment is high priority and still arrives. */
  payments: "paymentNotifications",
  marketing: "marketingEmails",
} as const satisfies Record<UnsubscribeList, keyof Preferences>;

/** The list an email of this kind belongs to, or null for essential mail (no unsubscribe link). */
export function unsubscribeListOf(kind: NoticeKind): UnsubscribeList | null {
  switch (kind) {
    case "bookings":
    case "messages":
    case "reviews":
      return "notifications";
    case "reminders":
      return "reminders";
    case "payments":
      return "payments";
    case "marketing":
      return "marketing";
    default:
      // security, emergencies and the account's own mail: essential.
      return null;
  }
}

export const isUnsubscribeList = (value: string): value is UnsubscribeList =>
  (UNSUBSCRIBE_LISTS as readonly string[]).includes(value);

/** Tokens are short (an id and a list); anything longer is refused before any crypto. */
const TOKEN_MAX_LENGTH = 512;
/** Where the page and the one-click endpoint are. */
export const UNSUBSCRIBE_PAGE_PATH = "/unsubscribe";
export const UNSUBSCRIBE_API_PATH = "/api/unsubscribe";

const encoder = new TextEncoder();

/** What is signed: prefixed ("unsubscribe:"), so no other HMAC of the same secret can pass for an unsubscribe token. */
const PURPOSE = "unsubscribe";
const signedText = (userId: string, list: UnsubscribeList) => `${userId}:${list}`;

/** The token of `userId` for `list` (the same every time: links in old emails keep working). */
export async function unsubscribeToken(secret: string, userId: string, list: UnsubscribeList): Promise<string> {
  const signature = await hmacSign(secret, PURPOSE, signedText(userId, list));
  return `${bytesToBase64Url(encoder.encode(signedText(userId, list)))}.${signature}`;
}

/** The page shown in the email's body, and the endpoint the List-Unsubscribe header names. */
export async function unsubscribeLinks(
  env: Env,
  userId: string,
  list: UnsubscribeList,
): Promise<{ page: string; oneClick: string }> {
  const origin = publicOrigin(env);
  const token = encodeURIComponent(await unsubscribeToken(env.BETTER_AUTH_SECRET, userId, list));
  return {
    page: `${origin}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`,
    oneClick: `${origin}${UNSUBSCRIBE_API_PATH}?token=${token}`,
  };
}

/** The headers of non-essential mail (RFC 2369, RFC 8058): mail providers show their own button. */
export function unsubscribeHeaders(oneClick: string): {
  "List-Unsubscribe": string;
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click";
} {
  return { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Whose token this is and for which list, or null when it is malformed, forged or tampered with. */
export async function readToken(
  secret: string,
  token: string,
): Promise<{ userId: string; list: UnsubscribeList } | null> {
  if (!secret || token.length > TOKEN_MAX_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const payloadBytes = base64UrlToBytes(parts[0]);
  if (!payloadBytes) return null;
  let payload: string;
  try {
    payload = new TextDecoder("utf-8", { fatal: true }).decode(payloadBytes);
  } catch {
    return null;
  }
  const colon = payload.lastIndexOf(":");
  const userId = payload.slice(0, colon);
  const list = payload.slice(colon + 1);
  if (colon <= 0 || !isUnsubscribeList(list)) return null;
  // crypto.subtle.verify (inside hmacVerify) compares in constant time.
  const valid = await hmacVerify(secret, PURPOSE, signedText(userId, list), parts[1]);
  return valid ? { userId, list } : null;
}

/** The Worker's reading of a token (its secret from the env). */
export const readUnsubscribeToken = (env: Pick<Env, "BETTER_AUTH_SECRET">, token: string) =>
  readToken(env.BETTER_AUTH_SECRET, token);
