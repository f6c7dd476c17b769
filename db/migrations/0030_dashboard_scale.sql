CREATE INDEX `bookings_created_value_idx` ON `bookings` (`created_at`,`status`,`total_amount_cents`,`parent_id`);--> statement-breakpoint
CREATE INDEX `bookings_responded_sitter_idx` ON `bookings` (`responded_at`,`babysitter_id`);--> statement-breakpoint
CREATE INDEX `messages_created_sender_idx` ON `messages` (`created_at`,`sender_id`);