// base64url (RFC 4648 section 5, unpadded): the encoding of our signed tokens (realtime tickets,
// unsubscribe links), VAPID keys and browsers' push subscription keys. One pair of functions for
// the Worker and the web app.

/** Bytes on a plain ArrayBuffer, what WebCrypto and fetch take. */
export type Bytes = Uint8Array<ArrayBuffer>;

export function bytesToBase64Url(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = "";
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of unpadded base64url text; null for anything else (padding, another alphabet, a length base64 cannot have). */
export function base64UrlToBytes(text: string): Bytes | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}
