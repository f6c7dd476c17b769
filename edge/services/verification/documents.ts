// A person's own identity documents: sending one (checked by its bytes, stored in the private
// DOCUMENTS bucket, never under a public address), withdrawing one still waiting, and where they
// stand. The rules (which kinds, for whom, how recent a criminal record) are
// db/constants/verification.ts's; docs/trust-and-safety.md tells the whole flow.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import {
  CRIMINAL_RECORD_MAX_AGE_DAYS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  REJECTION_REASONS,
  RENEWAL_WINDOW_DAYS,
  REPEATABLE_DOCUMENTS,
  documentKey,
  type DocumentType,
} from "@db/constants/verification";
import { identityDocuments } from "@db/schema/moderation";
import type { IdentityDocumentKind } from "@db/schema/enums";
import { DAY_MS, dateMsOf, parisToday } from "@db/time/paris-time";
import { sniffDocumentType } from "@db/validators/document-bytes";
import { diplomaSchema, type DocumentUploadFields, type OwnDocumentDto } from "@db/validators/verification";
import type { CallerProfile } from "../../lib/caller-profile";
import { ApiError, forbidden, notFound } from "../../lib/errors";
import { isDatabaseRefusal } from "../../lib/db-errors";
import { profileActor, recordAudit, type AuditOrigin } from "../audit/audit";
import { requiredDocumentsOf } from "./verified-status";

export type DocumentRow = typeof identityDocuments.$inferSelect;
export type DocumentFile = { bytes: Uint8Array; type: DocumentType; name: string };
/** A form's files, not yet read: they are checked once the sender may send this kind at all. */
export type DocumentUpload = { fields: DocumentUploadFields; front: File | null; back: File | null };

const invalid = (key: string) => new ApiError(400, "VALIDATION_ERROR", `verification.errors.${key}`);
export const documentTooLarge = () => new ApiError(413, "PAYLOAD_TOO_LARGE", "verification.errors.tooLarge");
const unsupportedType = () => new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "verification.errors.unsupportedType");
const alreadyPending = () => new ApiError(409, "DOCUMENT_PENDING", "verification.errors.alreadyPending");
const alreadyApproved = () => new ApiError(409, "DOCUMENT_APPROVED", "verification.errors.alreadyApproved");
export const notPending = () => new ApiError(409, "NOT_PENDING", "verification.errors.notPending");

/** identity_documents_one_pending_idx: one document of a kind waits for the team at a time. */
const ONE_PENDING = /UNIQUE constraint failed: identity_documents\.profile_id/;

/** The kinds a role may send: a parent her identity and address; a sitter everything. */
const mayBeSentBy = (profile: CallerProfile, kind: IdentityDocumentKind) =>
  profile.userType === "babysitter" || (profile.userType === "parent" && requiredDocumentsOf("parent").includes(kind));

/** A file of the form: its bytes decide the type; a declared type that disagrees is refused. */
export async function checkDocumentFile(file: File | null): Promise<DocumentFile | null> {
  if (!file) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) throw invalid("fileMissing");
  if (bytes.byteLength > DOCUMENT_MAX_BYTES) throw documentTooLarge();
  const type = sniffDocumentType(bytes);
  if (!type) throw unsupportedType();
  const declared = file.type.split(";")[0].trim().toLowerCase();
  if ((DOCUMENT_TYPES as readonly string[]).includes(declared) && declared !== type) throw unsupportedType();
  return { bytes, type, name: safeFileName(file.name, type) };
}

/** The name shown to reviewers: its last path part, printable characters only, 100 at most. */
function safeFileName(name: string, type: DocumentType): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[^\p{L}\p{N} ._()-]/gu, "").trim();
  return base.slice(0, 100) || `document.${type === "application/pdf" ? "pdf" : type.slice("image/".length)}`;
}

/** The detail a kind carries: a diploma's name, a reference's note, nothing for the others. */
function detailOf(fields: DocumentUploadFields): string {
  if (fields.kind === "diploma") {
    const diploma = diplomaSchema.safeParse(fields.detail);
    if (!diploma.success) throw invalid("diploma");
    return diploma.data;
  }
  if (fields.kind === "reference") {
    if (!fields.detail || fields.detail.length < 2) throw invalid("referenceNote");
    return fields.detail;
  }
  return "";
}

/** A criminal record extract's issue date: required, a real day, not ahead, at most 3 months old. */
function issuedOnOf(fields: DocumentUploadFields, nowMs: number): string | null {
  if (fields.kind !== "criminal_record") return null;
  const issuedMs = fields.issued_on ? dateMsOf(fields.issued_on) : null;
  if (issuedMs === null || !fields.issued_on) throw invalid("issuedOn");
  const todayMs = dateMsOf(parisToday(nowMs))!;
  if (issuedMs > todayMs) throw invalid("issuedOnFuture");
  if (issuedMs < todayMs - CRIMINAL_RECORD_MAX_AGE_DAYS * DAY_MS) throw invalid("recordTooOld");
  return fields.issued_on;
}

/**
 * A kind sent once is not sent again while approved, but for a criminal record within
 * RENEWAL_WINDOW_DAYS of its expiry (the yearly renewal); repeatable kinds are never refused here.
 */
async function refuseIfApproved(db: Db, profileId: string, kind: IdentityDocumentKind, nowMs: number) {
  if (REPEATABLE_DOCUMENTS.includes(kind)) return;
  const approved = await db
    .select({ expiresAt: identityDocuments.expiresAt })
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.profileId, profileId),
        eq(identityDocuments.kind, kind),
        eq(identityDocuments.status, "approved"),
      ),
    );
  const renewable = (expiresAt: string | null) =>
    expiresAt !== null && Date.parse(expiresAt) - nowMs <= RENEWAL_WINDOW_DAYS * DAY_MS;
  if (approved.some((row) => !renewable(row.expiresAt))) throw alreadyApproved();
}

/**
 * Stores a new document, waiting for the team. The row is written first: it claims the kind's one
 * pending place, so of twenty uploads at the same instant one stores files and the others get 409.
 * If storing a file then fails, the row goes too.
 */
export async function submitDocument(
  db: Db,
  bucket: R2Bucket,
  profile: CallerProfile,
  origin: AuditOrigin,
  upload: DocumentUpload,
  nowMs = Date.now(),
): Promise<OwnDocumentDto> {
  const { fields } = upload;
  if (!mayBeSentBy(profile, fields.kind)) throw forbidden();
  const detail = detailOf(fields);
  const issuedOn = issuedOnOf(fields, nowMs);
  if (upload.back && fields.kind !== "id_document") throw invalid("backNotExpected");
  const front = await checkDocumentFile(upload.front);
  const back = await checkDocumentFile(upload.back);
  if (!front) throw invalid("fileMissing");
  await refuseIfApproved(db, profile.id, fields.kind, nowMs);

  const id = crypto.randomUUID();
  const row = { id, profileId: profile.id };
  let inserted: DocumentRow;
  try {
    [inserted] = await db
      .insert(identityDocuments)
      .values({
        ...row,
        kind: fields.kind,
        detail,
        issuedOn,
        storageKey: documentKey(row, "front"),
        fileName: front.name,
        mimeType: front.type,
        sizeBytes: front.bytes.byteLength,
        backStorageKey: back ? documentKey(row, "back") : null,
        backMimeType: back?.type ?? null,
        backSizeBytes: back?.bytes.byteLength ?? null,
        createdAt: new Date(nowMs).toISOString(),
      })
      .returning();
  } catch (error) {
    if (isDatabaseRefusal(error, ONE_PENDING)) throw alreadyPending();
    throw error;
  }
  try {
    await bucket.put(inserted.storageKey, front.bytes, { httpMetadata: { contentType: front.type } });
    if (back) await bucket.put(inserted.backStorageKey!, back.bytes, { httpMetadata: { contentType: back.type } });
  } catch (error) {
    await db.delete(identityDocuments).where(eq(identityDocuments.id, id));
    await deleteFiles(bucket, inserted);
    throw error;
  }
  await recordAudit(db, profileActor(profile), origin, {
    action: "verification.submit",
    resource: `identity_document:${id}`,
    metadata: { kind: fields.kind },
  });
  return toOwnDocumentDto(inserted);
}

/** Withdraws one of the caller's documents still waiting for the team: its row and files go. */
export async function withdrawDocument(db: Db, bucket: R2Bucket, profile: CallerProfile, id: string): Promise<void> {
  const [removed] = await db
    .delete(identityDocuments)
    .where(
      and(
        eq(identityDocuments.id, id),
        eq(identityDocuments.profileId, profile.id),
        eq(identityDocuments.status, "pending"),
      ),
    )
    .returning();
  if (removed) return deleteFiles(bucket, removed);
  const [own] = await db
    .select({ id: identityDocuments.id })
    .from(identityDocuments)
    .where(and(eq(identityDocuments.id, id), eq(identityDocuments.profileId, profile.id)));
  throw own ? notPending() : notFound();
}

export async function deleteFiles(bucket: R2Bucket, document: Pick<DocumentRow, "storageKey" | "backStorageKey">) {
  await bucket.delete([document.storageKey, ...(document.backStorageKey ? [document.backStorageKey] : [])]);
}

/** Where the caller stands: the kinds that verify her role, the badge, her documents newest first. */
export async function verificationStatus(db: Db, profile: CallerProfile) {
  const documents = await db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.profileId, profile.id))
    .orderBy(desc(identityDocuments.createdAt), desc(identityDocuments.id));
  return {
    required: [...requiredDocumentsOf(profile.userType)],
    verified: profile.isVerified,
    documents: documents.map(toOwnDocumentDto),
  };
}

const rejectionCodeOf = (code: string | null) =>
  (REJECTION_REASONS as readonly string[]).includes(code ?? "") ? (code as (typeof REJECTION_REASONS)[number]) : null;

/** A stored type as the contract names it: the bytes were checked on upload, so only a row written by hand strays. */
const documentTypeOf = (type: string | null): DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(type ?? "") ? (type as DocumentType) : "application/pdf";

export function toOwnDocumentDto(row: DocumentRow): OwnDocumentDto {
  return {
    id: row.id,
    kind: row.kind,
    detail: row.detail,
    status: row.status,
    file_name: row.fileName,
    mime_type: documentTypeOf(row.mimeType),
    size_bytes: row.sizeBytes,
    has_back: row.backStorageKey !== null,
    back_mime_type: row.backStorageKey === null ? null : documentTypeOf(row.backMimeType),
    issued_on: row.issuedOn,
    expires_at: row.expiresAt,
    created_at: row.createdAt,
    reviewed_at: row.reviewedAt,
    rejection_code: rejectionCodeOf(row.rejectionCode),
    rejection_note: row.rejectionReason,
    files_deleted: row.filesDeletedAt !== null,
  };
}
