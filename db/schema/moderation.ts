// Trust and safety: flagged content for the moderation queue, and identity documents.
import { sqliteTable, text, integer, real, index, check } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import {
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
  },
  (t) => [
    check("flagged_content_type_check", oneOf(t.type, FLAGGED_CONTENT_TYPES)),
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
    status: text("status", { enum: IDENTITY_DOCUMENT_STATUSES }).notNull().default("pending"),
    /** Key in the private document store (never a public URL). */
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    reviewedAt: text("reviewed_at"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    check("identity_documents_kind_check", oneOf(t.kind, IDENTITY_DOCUMENT_KINDS)),
    check("identity_documents_status_check", oneOf(t.status, IDENTITY_DOCUMENT_STATUSES)),
    check("identity_documents_size_check", above(t.sizeBytes, 0)),
    index("identity_documents_profile_kind_idx").on(t.profileId, t.kind),
    index("identity_documents_status_created_idx").on(t.status, t.createdAt),
  ],
);
