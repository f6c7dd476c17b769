ALTER TABLE `bookings` ADD `checked_in_at` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `checked_out_at` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `check_in_distance_m` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `check_out_distance_m` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `no_show_alerted_at` text;