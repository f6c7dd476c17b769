CREATE TABLE `urgent_request_children` (
	`request_id` text NOT NULL,
	`child_id` text NOT NULL,
	PRIMARY KEY(`request_id`, `child_id`),
	FOREIGN KEY (`request_id`) REFERENCES `urgent_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `urgent_request_recipients` (
	`request_id` text NOT NULL,
	`sitter_id` text NOT NULL,
	`wave` integer NOT NULL,
	`declined_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`request_id`, `sitter_id`),
	FOREIGN KEY (`request_id`) REFERENCES `urgent_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `urgent_request_recipients_sitter_idx` ON `urgent_request_recipients` (`sitter_id`,`request_id`);--> statement-breakpoint
CREATE TABLE `urgent_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text NOT NULL,
	`agency_id` text,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`address` text NOT NULL,
	`special_instructions` text,
	`status` text DEFAULT 'open' NOT NULL,
	`booking_id` text,
	`filled_by` text,
	`radius_km` integer NOT NULL,
	`widened_at` text,
	`closed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agency_id`) REFERENCES `agencies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`filled_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "urgent_requests_status_check" CHECK("urgent_requests"."status" IN ('open', 'filled', 'expired', 'cancelled')),
	CONSTRAINT "urgent_requests_address_check" CHECK(length("urgent_requests"."address") <= 200),
	CONSTRAINT "urgent_requests_instructions_check" CHECK("urgent_requests"."special_instructions" IS NULL OR length("urgent_requests"."special_instructions") <= 500),
	CONSTRAINT "urgent_requests_times_check" CHECK("urgent_requests"."end_time" > "urgent_requests"."start_time")
);
--> statement-breakpoint
CREATE INDEX `urgent_requests_open_created_idx` ON `urgent_requests` (`status`,`widened_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `urgent_requests_open_start_idx` ON `urgent_requests` (`status`,`start_time`);--> statement-breakpoint
CREATE INDEX `urgent_requests_parent_idx` ON `urgent_requests` (`parent_id`,`created_at`);