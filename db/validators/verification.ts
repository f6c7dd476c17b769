// Identity verification's contract: what a person sends (POST /api/verification/documents, a
// multipart form), what they see of their own documents (GET /api/verification), the signed links
// to a file, and the console's queue and decisions (/api/admin/verifications).
import { z } from "zod";
import {
  DIPLOMAS,
  DOCUMENT_DETAIL_MAX_LENGTH,
  DOCUMENT_TYPES,
  REJECTION_NOTE_MAX_LENGTH,
  REJECTION_REASONS,
} from "../constants/verification";
import { IDENTITY_DOCUMENT_KINDS, IDENTITY_DOCUMENT_STATUSES, USER_TYPES } from "../schema/enums";
import { LIST_PAGE_FIELDS } from "./admin-users";

const invalid = { error: "validation.formatInvalid" };

/** The upload form's text fields (the files, `file` and `back`, are checked by their bytes). */
export const documentUploadFieldsSchema = z
  .object({
    kind: z.enum(IDENTITY_DOCUMENT_KINDS, { error: "verification.errors.kind" }),
    /** A criminal record extract's issue date, YYYY-MM-DD; required for that kind only. */
    issued_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "verification.errors.issuedOn")
      .optional(),
    /** A diploma's name (DIPLOMAS) or a reference's note (who, how to reach them). */
    detail: z.string().trim().max(DOCUMENT_DETAIL_MAX_LENGTH, "validation.formatInvalid").optional(),
  })
  .strict();
export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;

export const diplomaSchema = z.enum(DIPLOMAS, { error: "verification.errors.diploma" });

const documentFields = {
  id: z.string(),
  kind: z.enum(IDENTITY_DOCUMENT_KINDS),
  detail: z.string(),
  status: z.enum(IDENTITY_DOCUMENT_STATUSES),
  file_name: z.string(),
  mime_type: z.enum(DOCUMENT_TYPES),
  size_bytes: z.number().int(),
  has_back: z.boolean(),
  /** The back's own type (an ID card's front may be a photo and its back a PDF); null without one. */
  back_mime_type: z.enum(DOCUMENT_TYPES).nullable(),
  /** YYYY-MM-DD, criminal records only. */
  issued_on: z.string().nullable(),
  /** UTC ISO-8601: when an approved criminal record lapses. */
  expires_at: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  rejection_code: z.enum(REJECTION_REASONS).nullable(),
  rejection_note: z.string().nullable(),
  /** The files are gone (30 days after the decision, or withdrawn); the decision stays. */
  files_deleted: z.boolean(),
};

/** One of the caller's own documents. */
export const ownDocumentSchema = z.object(documentFields).meta({ id: "IdentityDocument" });
export type OwnDocumentDto = z.infer<typeof ownDocumentSchema>;

/** GET /api/verification: where the caller stands. */
export const verificationStatusSchema = z
  .object({
    /** The kinds that make this profile verified, in the order the page lists them. */
    required: z.array(z.enum(IDENTITY_DOCUMENT_KINDS)),
    verified: z.boolean(),
    /** Newest first. */
    documents: z.array(ownDocumentSchema),
  })
  .meta({ id: "VerificationStatus" });
export type VerificationStatusDto = z.infer<typeof verificationStatusSchema>;

/** POST /api/verification/documents/{id}/links: short-lived addresses of the files. */
export const documentLinksSchema = z
  .object({ front: z.string(), back: z.string().nullable(), expires_at: z.string() })
  .meta({ id: "DocumentLinks" });
export type DocumentLinksDto = z.infer<typeof documentLinksSchema>;

/** GET /api/verification/files/{id}/{side}: the signature the links carry. */
export const signedFileQuerySchema = z
  .object({
    expires: z.coerce.number(invalid).int(invalid.error),
    sig: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "validation.formatInvalid"),
  })
  .strict();

// --- The console ---

export const VERIFICATION_QUEUE_STATUSES = IDENTITY_DOCUMENT_STATUSES;
export const VERIFICATION_PAGE_SIZE = 25;

/** The queue: pending ones oldest first (who waited longest comes first); the others newest decision first. */
export const verificationQueueQuerySchema = z
  .object({
    status: z.enum(IDENTITY_DOCUMENT_STATUSES, invalid).default("pending"),
    page: LIST_PAGE_FIELDS.page,
  })
  .strict();
export type VerificationQueueQuery = z.infer<typeof verificationQueueQuerySchema>;

/** The person a document belongs to, as the reviewer needs to compare it. */
const ownerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  is_verified: z.boolean(),
});

export const reviewDocumentSchema = z
  .object({ ...documentFields, owner: ownerSchema, reviewer_name: z.string().nullable() })
  .meta({ id: "ReviewDocument" });
export type ReviewDocumentDto = z.infer<typeof reviewDocumentSchema>;

export const verificationQueueSchema = z
  .object({
    rows: z.array(reviewDocumentSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** The stat cards: waiting now, decided in the last 30 days, records lapsing within 30 days. */
    stats: z.object({
      pending: z.number().int(),
      approved_30d: z.number().int(),
      rejected_30d: z.number().int(),
      expiring_30d: z.number().int(),
    }),
  })
  .meta({ id: "VerificationQueue" });
export type VerificationQueueDto = z.infer<typeof verificationQueueSchema>;

/** GET /api/admin/verifications/{id}: the document and the owner's others (context for the decision). */
export const verificationReviewSchema = z
  .object({ document: reviewDocumentSchema, others: z.array(ownDocumentSchema) })
  .meta({ id: "VerificationReview" });
export type VerificationReviewDto = z.infer<typeof verificationReviewSchema>;

/** POST /api/admin/verifications/{id}/reject: a reason from the list, and a note ('other' needs one). */
export const rejectDocumentSchema = z
  .object({
    reason: z.enum(REJECTION_REASONS, { error: "verification.errors.reason" }),
    note: z.string().trim().max(REJECTION_NOTE_MAX_LENGTH, "validation.formatInvalid").optional(),
  })
  .strict()
  .refine((body) => body.reason !== "other" || Boolean(body.note), {
    path: ["note"],
    message: "verification.errors.noteRequired",
  });
export type RejectDocumentBody = z.infer<typeof rejectDocumentSchema>;
