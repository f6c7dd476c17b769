// HMAC-SHA-256 signatures of the Worker's secret, each for one purpose: the purpose prefixes what is
// signed, so a signature made for one use (a file link) never passes for another.
import { base64UrlToBytes, bytesToBase64Url } from "@db/text/base64url";

const encoder = new TextEncoder();

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

const signed = (purpose: string, text: string) => encoder.encode(`${purpose}:${text}`);

/** The base64url signature of `text` for `purpose`. */
export async function hmacSign(secret: string, purpose: string, text: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), signed(purpose, text));
  return bytesToBase64Url(new Uint8Array(signature));
}

/** Whether `signature` is `text`'s for `purpose` (compared in constant time by WebCrypto). */
export async function hmacVerify(secret: string, purpose: string, text: string, signature: string): Promise<boolean> {
  const bytes = base64UrlToBytes(signature);
  if (!bytes) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, signed(purpose, text));
}
