CREATE TABLE `cookie_choices` (
	`user_id` text PRIMARY KEY NOT NULL,
	`analytics` integer DEFAULT true NOT NULL,
	`marketing` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `user` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `user` ADD `anonymized_at` integer;