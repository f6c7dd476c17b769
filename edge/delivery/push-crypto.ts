// RFC 8291 and RFC 8292 on WebCrypto (which workerd has): a push payload encrypted for one browser
// ("aes128gcm"), and the VAPID signature (an ES256 JWT) the push service checks.
//
// Why no library: `web-push` needs Node's crypto (createECDH, https) that workerd does not give;
// the two Workers-compatible ones (@pushforge/builder, @block65/webcrypto-web-push) still encrypt
// with the obsolete draft "aesgcm" content coding (Crypto-Key / Encryption headers) instead of the
// standard's aes128gcm, which Apple's service and the newer browsers ask for. The standard is a page
// of WebCrypto calls, so it lives here.
import { base64UrlToBytes, bytesToBase64Url, type Bytes } from "@db/text/base64url";

/** The VAPID JWT's lifetime: at most 24 h (RFC 8292 §2), 12 h leaves room for clock skew. */
const VAPID_JWT_SECONDS = 12 * 3600;
/** One aes128gcm record for the whole payload (push services accept 4096 bytes of body). */
const RECORD_SIZE = 4096;

/** A browser's subscription keys (PushSubscription.toJSON().keys), base64url. */
export type PushKeys = { p256dh: string; auth: string };

// --- base64url and bytes -------------------------------------------------------------------------

/** Keys as configured or as a browser gave them (base64url, padding tolerated); throws when they are not. */
function keyBytes(value: string): Bytes {
  const bytes = base64UrlToBytes(value.replace(/=+$/, ""));
  if (!bytes) throw new Error("a key is not base64url");
  return bytes;
}

const concat = (...parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const text = (value: string): Bytes => new TextEncoder().encode(value) as Bytes;

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

// --- RFC 8291: the payload, encrypted for one browser --------------------------------------------

/**
 * The aes128gcm body (RFC 8188 header: salt, record size, our ephemeral public key; then one record)
 * of `payload` for the browser holding `p256dh` and `auth`.
 */
export async function encryptPayload(payload: string, keys: PushKeys): Promise<Bytes> {
  const uaPublic = keyBytes(keys.p256dh);
  const authSecret = keyBytes(keys.auth);
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error("p256dh is not an uncompressed P-256 point");
  if (authSecret.length !== 16) throw new Error("auth is not 16 bytes");
  const plaintext = text(payload);
  if (plaintext.length > RECORD_SIZE - 16 - 1 - 86) throw new Error("payload too large for one push");

  const local = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const asPublic = new Uint8Array((await crypto.subtle.exportKey("raw", local.publicKey)) as ArrayBuffer);
  const uaKey = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: uaKey } as EcdhKeyDeriveParams, local.privateKey, 256),
  );
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)
  const ikm = await hkdf(authSecret, ecdhSecret, concat(text("WebPush: info\0"), uaPublic, asPublic), 32);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const aesKey = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  // The last (and only) record ends with the 0x02 delimiter, no padding.
  const record = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, aesKey, concat(plaintext, new Uint8Array([2]))),
  );
  const header = new Uint8Array(16 + 4 + 1);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, record);
}

// --- RFC 8292: VAPID ----------------------------------------------------------------------------

/**
 * `Authorization: vapid t=<ES256 JWT>, k=<public key>` for the endpoint's push service.
 * The keys: VAPID_PUBLIC_KEY the uncompressed P-256 point (65 bytes), VAPID_PRIVATE_KEY the private
 * scalar d (32 bytes), both base64url: the format `web-push generate-vapid-keys` prints.
 */
export async function vapidAuthorization(
  keys: { publicKey: string; privateKey: string; subject: string },
  endpoint: string,
  now = Date.now(),
): Promise<string> {
  const point = keyBytes(keys.publicKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error("VAPID_PUBLIC_KEY is not an uncompressed P-256 point");
  const signingKey = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: bytesToBase64Url(point.slice(1, 33)),
      y: bytesToBase64Url(point.slice(33, 65)),
      d: keys.privateKey,
      ext: false,
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const header = bytesToBase64Url(text(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = bytesToBase64Url(
    text(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        exp: Math.floor(now / 1000) + VAPID_JWT_SECONDS,
        sub: keys.subject,
      }),
    ),
  );
  // WebCrypto's ECDSA signature is r || s (64 bytes), which is JWS's ES256 form.
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    signingKey,
    text(`${header}.${claims}`),
  );
  return `vapid t=${header}.${claims}.${bytesToBase64Url(signature)}, k=${keys.publicKey}`;
}
