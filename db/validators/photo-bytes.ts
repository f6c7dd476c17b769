// What a profile photo is, read from its first bytes (magic numbers), never from its name or its
// declared type: one rule for the server, which refuses anything else, and for the photo picker,
// which refuses it as soon as it is chosen.
import type { PhotoType } from "../constants/limits";

/** How many leading bytes sniffImageType needs (WebP's "WEBP" ends at byte 12). */
export const PHOTO_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** JPEG (FF D8 FF), PNG (its 8-byte signature) or WebP (RIFF....WEBP); null for anything else. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}
