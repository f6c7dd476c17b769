CREATE TABLE `booking_reassignments` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`from_sitter_id` text NOT NULL,
	`to_sitter_id` text NOT NULL,
	`hourly_rate_cents` integer NOT NULL,
	`total_amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`proposed_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`answered_at` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agency_id`) REFERENCES `agencies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_sitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_sitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "booking_reassignments_status_check" CHECK("booking_reassignments"."status" IN ('pending', 'accepted', 'refused')),
	CONSTRAINT "booking_reassignments_sitters_check" CHECK("booking_reassignments"."from_sitter_id" <> "booking_reassignments"."to_sitter_id")
);
