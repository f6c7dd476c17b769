CREATE TABLE `emergency_incidents` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`type` text NOT NULL,
	`location` text NOT NULL,
	`description` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "emergency_incidents_type_check" CHECK("emergency_incidents"."type" IN ('medical', 'accident', 'lost_child', 'safety', 'other')),
	CONSTRAINT "emergency_incidents_location_check" CHECK(length("emergency_incidents"."location") BETWEEN 1 AND 300),
	CONSTRAINT "emergency_incidents_description_check" CHECK("emergency_incidents"."description" IS NULL OR length("emergency_incidents"."description") <= 1000)
);
--> statement-breakpoint
CREATE INDEX `emergency_incidents_booking_created_idx` ON `emergency_incidents` (`booking_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `emergency_incidents_reporter_created_idx` ON `emergency_incidents` (`reporter_id`,`created_at`);