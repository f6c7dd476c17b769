// RFC 6238 TOTP (SHA-1, 6 digits, 30 s), for the tests that sign in with two-factor on: the code an
// authenticator app would show for the secret in an otpauth:// URI.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The code for a base32 secret at `nowMs` (RFC 4226's dynamic truncation of HMAC-SHA1). */
export function totp(secret: string, nowMs = Date.now(), period = 30, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 1000 / period)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return value.toString().padStart(digits, "0");
}

/** The secret of an otpauth://totp/...?secret=... URI. */
export const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";
