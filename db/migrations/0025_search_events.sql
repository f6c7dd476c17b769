CREATE TABLE `search_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`city_id` text,
	`origin_source` text NOT NULL,
	`query_text` text,
	`filters` text DEFAULT '' NOT NULL,
	`sort` text NOT NULL,
	`result_count` integer NOT NULL,
	`signed_in` integer NOT NULL,
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "search_events_origin_source_check" CHECK("search_events"."origin_source" IN ('position', 'location', 'default')),
	CONSTRAINT "search_events_result_count_check" CHECK("search_events"."result_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `search_events_created_idx` ON `search_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `search_events_city_created_idx` ON `search_events` (`city_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `first_search_at` text;