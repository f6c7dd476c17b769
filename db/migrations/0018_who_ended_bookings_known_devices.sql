CREATE TABLE `known_device` (
	`user_id` text NOT NULL,
	`device_hash` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `device_hash`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `babysitter_profiles` ADD `rate_chosen_at` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancelled_by` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancel_reason` text;--> statement-breakpoint
-- Babysitters who exist before this migration have been listed with their rate: it counts as chosen.
UPDATE `babysitter_profiles` SET `rate_chosen_at` = `updated_at`;
