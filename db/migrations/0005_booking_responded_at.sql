-- drizzle-kit 0.31 copies the new column from the old table; the old rows take NULL (not answered yet).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text NOT NULL,
	`babysitter_id` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`hourly_rate_cents` integer NOT NULL,
	`total_amount_cents` integer NOT NULL,
	`special_instructions` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`responded_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`babysitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bookings_status_check" CHECK("__new_bookings"."status" IN ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_time_order_check" CHECK("__new_bookings"."end_time" > "__new_bookings"."start_time"),
	CONSTRAINT "bookings_rate_check" CHECK("__new_bookings"."hourly_rate_cents" BETWEEN 100 AND 100000),
	CONSTRAINT "bookings_total_check" CHECK("__new_bookings"."total_amount_cents" >= 0),
	CONSTRAINT "bookings_parties_check" CHECK("__new_bookings"."parent_id" <> "__new_bookings"."babysitter_id"),
	CONSTRAINT "bookings_special_instructions_check" CHECK("__new_bookings"."special_instructions" IS NULL OR length("__new_bookings"."special_instructions") <= 500)
);
--> statement-breakpoint
INSERT INTO `__new_bookings`("id", "parent_id", "babysitter_id", "start_time", "end_time", "hourly_rate_cents", "total_amount_cents", "special_instructions", "status", "responded_at", "created_at", "updated_at") SELECT "id", "parent_id", "babysitter_id", "start_time", "end_time", "hourly_rate_cents", "total_amount_cents", "special_instructions", "status", NULL, "created_at", "updated_at" FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `bookings_parent_start_idx` ON `bookings` (`parent_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_babysitter_start_idx` ON `bookings` (`babysitter_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_overlap_idx` ON `bookings` (`babysitter_id`,`status`,`start_time`,`end_time`);