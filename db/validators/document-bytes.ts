// What an identity document's file is, read from its first bytes (never its name or declared type):
// the photo formats, or PDF ("%PDF-"). One rule for the server and for the upload page, which refuses
// a wrong file as soon as it is chosen.
import type { DocumentType } from "../constants/verification";
import { PHOTO_SNIFF_BYTES, sniffImageType } from "./photo-bytes";

export const DOCUMENT_SNIFF_BYTES = PHOTO_SNIFF_BYTES;

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (PDF_SIGNATURE.every((byte, i) => bytes[i] === byte)) return "application/pdf";
  return sniffImageType(bytes);
}
