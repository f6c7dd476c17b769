// POST /api/verification/documents: a multipart form (kind, issued_on, detail, file, back). The
// browser writes the multipart content type (with its boundary) itself. The server's checks on a
// file (10 MB, JPEG/PNG/WebP/PDF read from its first bytes) run here first, as soon as it is chosen.
import { useMutation } from "@tanstack/react-query";
import { DOCUMENT_MAX_BYTES } from "@db/constants/verification";
import { DOCUMENT_SNIFF_BYTES, sniffDocumentType } from "@db/validators/document-bytes";
import { client, unwrap } from "@web/lib/api-client";
import { type DocumentKind, refetchVerification } from "./get-verification";

/** The formats the file inputs offer (the bytes decide, not this list). */
export const DOCUMENT_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf";
export const DOCUMENT_MAX_MEGABYTES = DOCUMENT_MAX_BYTES / (1024 * 1024);

/**
 * The i18n key of what is wrong with `file` before sending it, or null: empty, over the size
 * limit, or not a JPEG, PNG, WebP or PDF by its first bytes (a text file named scan.pdf is not a PDF).
 */
export async function documentProblem(file: File): Promise<string | null> {
  if (file.size === 0) return "verification.form.errors.empty";
  if (file.size > DOCUMENT_MAX_BYTES) return "verification.form.errors.tooLarge";
  const head = new Uint8Array(await file.slice(0, DOCUMENT_SNIFF_BYTES).arrayBuffer());
  return sniffDocumentType(head) ? null : "verification.form.errors.unsupportedType";
}

export type DocumentUpload = {
  kind: DocumentKind;
  file: File;
  /** An identity card's back. */
  back?: File | null;
  /** A criminal record's issue date, YYYY-MM-DD. */
  issuedOn?: string;
  /** A diploma's name, a reference's note. */
  detail?: string;
};

export async function sendDocument({ kind, file, back, issuedOn, detail }: DocumentUpload) {
  const form = new FormData();
  form.set("kind", kind);
  if (issuedOn) form.set("issued_on", issuedOn);
  if (detail) form.set("detail", detail);
  form.set("file", file);
  if (back) form.set("back", back);
  return unwrap(client.api.verification.documents.$post(undefined, { init: { body: form } }));
}

/** Sends a document; the list is asked again either way (a 409 means it was out of date). */
export function useSendDocument() {
  return useMutation({ mutationFn: sendDocument, onSettled: refetchVerification });
}
