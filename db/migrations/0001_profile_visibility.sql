-- drizzle-kit 0.31 copies the new column from the old table; the old rows take its default.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_type` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`address` text,
	`city` text,
	`postal_code` text,
	`bio` text,
	`photo_url` text,
	`is_verified` integer DEFAULT false NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`total_reviews` integer DEFAULT 0 NOT NULL,
	`profile_visibility` text DEFAULT 'public' NOT NULL,
	`latitude` real,
	`longitude` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_user_type_check" CHECK("__new_profiles"."user_type" IN ('parent', 'babysitter', 'admin')),
	CONSTRAINT "profiles_rating_check" CHECK("__new_profiles"."rating" BETWEEN 0 AND 5),
	CONSTRAINT "profiles_total_reviews_check" CHECK("__new_profiles"."total_reviews" >= 0),
	CONSTRAINT "profiles_visibility_check" CHECK("__new_profiles"."profile_visibility" IN ('public', 'members', 'hidden')),
	CONSTRAINT "profiles_bio_length_check" CHECK("__new_profiles"."bio" IS NULL OR length("__new_profiles"."bio") <= 500),
	CONSTRAINT "profiles_latitude_check" CHECK("__new_profiles"."latitude" IS NULL OR "__new_profiles"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "profiles_longitude_check" CHECK("__new_profiles"."longitude" IS NULL OR "__new_profiles"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
INSERT INTO `__new_profiles`("id", "user_id", "user_type", "first_name", "last_name", "email", "phone", "address", "city", "postal_code", "bio", "photo_url", "is_verified", "rating", "total_reviews", "profile_visibility", "latitude", "longitude", "created_at", "updated_at") SELECT "id", "user_id", "user_type", "first_name", "last_name", "email", "phone", "address", "city", "postal_code", "bio", "photo_url", "is_verified", "rating", "total_reviews", 'public', "latitude", "longitude", "created_at", "updated_at" FROM `profiles`;--> statement-breakpoint
DROP TABLE `profiles`;--> statement-breakpoint
ALTER TABLE `__new_profiles` RENAME TO `profiles`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_user_id_unique` ON `profiles` (`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_user_type_city_idx` ON `profiles` (`user_type`,`city`);--> statement-breakpoint
CREATE INDEX `profiles_lat_lng_idx` ON `profiles` (`latitude`,`longitude`);