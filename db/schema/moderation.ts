// Trust and safety: flagged content for the moderation queue, and identity documents.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, real, index, check, uniqueIndex } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import {
  FLAG_SOURCES,
  FLAGGED_CONTENT_TYPES,
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_DOCUMENT_STATUSES,
  MODERATION_STATUSES,
  SEVERITIES,
} from "./enums";
import { createdAt, NOW_ISO, uuidPk } from "./columns";
import { above, between, nullOr, oneOf } from "./checks";
import { AI_SCORE_MAX, AI_SCORE_MIN } from "../constants/limits";

export const flaggedContent = sqliteTable(
  "flagged_content",
  {
    id: uuidPk(),
    type: text("type", { enum: FLAGGED_CONTENT_TYPES }).notNull(),
    /** The author of the flagged content. */
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Id of the flagged message / review / photo (polymorphic, so no foreign key). */
    resourceId: text("resource_id"),
    content: text("content").notNull(),
    reason: text("reason").notNull(),
    /** Null when flagged by the AI filter rather than a person. */
    reportedBy: text("reported_by").references(() => profiles.id, { onDelete: "set null" }),
    reportedAt: text("reported_at").notNull().default(NOW_ISO),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("pending"),
    severity: text("severity", { enum: SEVERITIES }).notNull(),
    aiScore: real("ai_score"),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    reviewedAt: text("reviewed_at"),
    /** A person's report, or the automatic filter's flag. */
    source: text("source", { enum: FLAG_SOURCES }).notNull().default("report"),
    /** The reporter's reason (REPORT_REASONS) and own words; the filter's signals. */
    reasonCode: text("reason_code"),
    details: text("details"),
    signals: text("signals", { mode: "json" }).$type<string[]>(),
    /** When the content was hidden: at once by the filter (autoBlockEnabled), or on rejection. */
    hiddenAt: text("hidden_at"),
    /** The statement of reasons sent to the author with the decision. */
    statement: text("statement"),
    /** An appeal is an item of its own, pointing at the decision it contests... */
    appealOf: text("appeal_of"),
    /** ...and the contested decision records that it was appealed (once). */
    appealedAt: text("appealed_at"),
  },
  (t) => [
    check("flagged_content_type_check", oneOf(t.type, FLAGGED_CONTENT_TYPES)),
    check("flagged_content_source_check", oneOf(t.source, FLAG_SOURCES)),
    // One open report per reporter and content: a second click thanks again and adds nothing.
    uniqueIndex("flagged_content_one_open_report_idx")
      .on(t.reportedBy, t.type, t.resourceId)
      .where(sql`${t.status} = 'pending' AND ${t.reportedBy} IS NOT NULL`),
    // The filter flags a content once while its item is open.
    uniqueIndex("flagged_content_one_open_auto_idx")
      .on(t.type, t.resourceId)
      .where(sql`${t.status} = 'pending' AND ${t.source} = 'auto' AND ${t.appealOf} IS NULL`),
    // One appeal per decision.
    uniqueIndex("flagged_content_one_appeal_idx").on(t.appealOf),
    index("flagged_content_resource_idx").on(t.type, t.resourceId),
    check("flagged_content_status_check", oneOf(t.status, MODERATION_STATUSES)),
    check("flagged_content_severity_check", oneOf(t.severity, SEVERITIES)),
    check("flagged_content_ai_score_check", nullOr(t.aiScore, between(t.aiScore, AI_SCORE_MIN, AI_SCORE_MAX))),
    index("flagged_content_status_reported_idx").on(t.status, t.reportedAt),
    index("flagged_content_profile_idx").on(t.profileId),
  ],
);

export const identityDocuments = sqliteTable(
  "identity_documents",
  {
    id: uuidPk(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: IDENTITY_DOCUMENT_KINDS }).notNull(),
    /** A diploma's name (DIPLOMAS) or a reference's note; '' for the other kinds. */
    detail: text("detail").notNull().default(""),
    status: text("status", { enum: IDENTITY_DOCUMENT_STATUSES }).notNull().default("pending"),
    /** Key in the private document store (never a public URL): the front, or the only page. */
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** An identity card's back, when sent as a second file. */
    backStorageKey: text("back_storage_key"),
    backMimeType: text("back_mime_type"),
    backSizeBytes: integer("back_size_bytes"),
    /** A criminal record extract's issue date (YYYY-MM-DD, as printed on it). */
    issuedOn: text("issued_on"),
    /** When an approved criminal record lapses (a year after its issue date). */
    expiresAt: text("expires_at"),
    /** The smallest of EXPIRY_NOTICE_DAYS already announced (claimed before the notice is sent). */
    expiryNoticeDays: integer("expiry_notice_days"),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    reviewedAt: text("reviewed_at"),
    /** One of REJECTION_REASONS. */
    rejectionCode: text("rejection_code"),
    /** The reviewer's own words, sent with the reason. */
    rejectionReason: text("rejection_reason"),
    /** When the files were deleted (DOCUMENT_FILE_RETENTION_DAYS after the decision, or withdrawn). */
    filesDeletedAt: text("files_deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("identity_documents_kind_check", oneOf(t.kind, IDENTITY_DOCUMENT_KINDS)),
    check("identity_documents_status_check", oneOf(t.status, IDENTITY_DOCUMENT_STATUSES)),
    check("identity_documents_size_check", above(t.sizeBytes, 0)),
    index("identity_documents_profile_kind_idx").on(t.profileId, t.kind),
    index("identity_documents_status_created_idx").on(t.status, t.createdAt),
    index("identity_documents_status_expires_idx").on(t.status, t.expiresAt),
    // One document of a kind (and detail) waiting for the team at a time: twenty uploads at the same
    // instant leave one, and the others are told one is already being checked.
    uniqueIndex("identity_documents_one_pending_idx")
      .on(t.profileId, t.kind, t.detail)
      .where(sql`${t.status} = 'pending'`),
  ],
);
