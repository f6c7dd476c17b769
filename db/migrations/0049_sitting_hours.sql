PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_flagged_content` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`profile_id` text NOT NULL,
	`resource_id` text,
	`content` text NOT NULL,
	`reason` text NOT NULL,
	`reported_by` text,
	`reported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`severity` text NOT NULL,
	`ai_score` real,
	`reviewed_by` text,
	`reviewed_at` text,
	`source` text DEFAULT 'report' NOT NULL,
	`reason_code` text,
	`details` text,
	`signals` text,
	`hidden_at` text,
	`statement` text,
	`appeal_of` text,
	`appealed_at` text,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "flagged_content_type_check" CHECK("__new_flagged_content"."type" IN ('profile', 'message', 'review', 'photo', 'hours')),
	CONSTRAINT "flagged_content_source_check" CHECK("__new_flagged_content"."source" IN ('report', 'auto')),
	CONSTRAINT "flagged_content_status_check" CHECK("__new_flagged_content"."status" IN ('pending', 'approved', 'rejected', 'escalated')),
	CONSTRAINT "flagged_content_severity_check" CHECK("__new_flagged_content"."severity" IN ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "flagged_content_ai_score_check" CHECK("__new_flagged_content"."ai_score" IS NULL OR "__new_flagged_content"."ai_score" BETWEEN 0 AND 1)
);
--> statement-breakpoint
INSERT INTO `__new_flagged_content`("id", "type", "profile_id", "resource_id", "content", "reason", "reported_by", "reported_at", "status", "severity", "ai_score", "reviewed_by", "reviewed_at", "source", "reason_code", "details", "signals", "hidden_at", "statement", "appeal_of", "appealed_at") SELECT "id", "type", "profile_id", "resource_id", "content", "reason", "reported_by", "reported_at", "status", "severity", "ai_score", "reviewed_by", "reviewed_at", "source", "reason_code", "details", "signals", "hidden_at", "statement", "appeal_of", "appealed_at" FROM `flagged_content`;--> statement-breakpoint
DROP TABLE `flagged_content`;--> statement-breakpoint
ALTER TABLE `__new_flagged_content` RENAME TO `flagged_content`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `flagged_content_one_open_report_idx` ON `flagged_content` (`reported_by`,`type`,`resource_id`) WHERE "flagged_content"."status" = 'pending' AND "flagged_content"."reported_by" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `flagged_content_one_open_auto_idx` ON `flagged_content` (`type`,`resource_id`) WHERE "flagged_content"."status" = 'pending' AND "flagged_content"."source" = 'auto' AND "flagged_content"."appeal_of" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `flagged_content_one_appeal_idx` ON `flagged_content` (`appeal_of`);--> statement-breakpoint
CREATE INDEX `flagged_content_resource_idx` ON `flagged_content` (`type`,`resource_id`);--> statement-breakpoint
CREATE INDEX `flagged_content_status_reported_idx` ON `flagged_content` (`status`,`reported_at`);--> statement-breakpoint
CREATE INDEX `flagged_content_profile_idx` ON `flagged_content` (`profile_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `hours_start` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `hours_end` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `hours_status` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `hours_proposed_at` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `hours_answered_at` text;