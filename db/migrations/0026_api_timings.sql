CREATE TABLE `api_timing_alerts` (
	`hour` text PRIMARY KEY NOT NULL,
	`p95_ms` integer NOT NULL,
	`target_ms` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_timings` (
	`hour` text NOT NULL,
	`bucket` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`hour`, `bucket`),
	CONSTRAINT "api_timings_bucket_check" CHECK("api_timings"."bucket" >= 0),
	CONSTRAINT "api_timings_count_check" CHECK("api_timings"."count" >= 1)
);
