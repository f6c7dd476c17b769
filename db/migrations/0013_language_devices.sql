CREATE TABLE `known_devices` (
	`user_id` text NOT NULL,
	`device` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `device`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `profiles` ADD `language` text DEFAULT 'fr' NOT NULL;