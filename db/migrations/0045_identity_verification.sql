PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_identity_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`kind` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`storage_key` text NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`back_storage_key` text,
	`back_mime_type` text,
	`back_size_bytes` integer,
	`issued_on` text,
	`expires_at` text,
	`expiry_notice_days` integer,
	`reviewed_by` text,
	`reviewed_at` text,
	`rejection_code` text,
	`rejection_reason` text,
	`files_deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "identity_documents_kind_check" CHECK("__new_identity_documents"."kind" IN ('id_document', 'proof_of_address', 'criminal_record', 'diploma', 'reference')),
	CONSTRAINT "identity_documents_status_check" CHECK("__new_identity_documents"."status" IN ('pending', 'approved', 'rejected', 'expired')),
	CONSTRAINT "identity_documents_size_check" CHECK("__new_identity_documents"."size_bytes" > 0)
);
--> statement-breakpoint
-- Only the columns the table had before; the new ones take their defaults (drizzle-kit listed them all).
INSERT INTO `__new_identity_documents`("id", "profile_id", "kind", "status", "storage_key", "file_name", "mime_type", "size_bytes", "reviewed_by", "reviewed_at", "rejection_reason", "created_at") SELECT "id", "profile_id", "kind", "status", "storage_key", "file_name", "mime_type", "size_bytes", "reviewed_by", "reviewed_at", "rejection_reason", "created_at" FROM `identity_documents`;--> statement-breakpoint
DROP TABLE `identity_documents`;--> statement-breakpoint
ALTER TABLE `__new_identity_documents` RENAME TO `identity_documents`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `identity_documents_profile_kind_idx` ON `identity_documents` (`profile_id`,`kind`);--> statement-breakpoint
CREATE INDEX `identity_documents_status_created_idx` ON `identity_documents` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `identity_documents_status_expires_idx` ON `identity_documents` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `identity_documents_one_pending_idx` ON `identity_documents` (`profile_id`,`kind`,`detail`) WHERE "identity_documents"."status" = 'pending';