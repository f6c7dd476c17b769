-- The cities table becomes the commune register (INSEE code, folded name, postal codes). Its rows
-- are reference data that scripts/import-communes.ts writes after the migrations, so the old rows
-- (the demo world's 16 cities, without INSEE code) are dropped with the old table rather than given
-- a made-up code; nothing references them.
DROP TABLE `cities`;--> statement-breakpoint
CREATE TABLE `cities` (
	`id` text PRIMARY KEY NOT NULL,
	`insee_code` text NOT NULL,
	`name` text NOT NULL,
	`name_folded` text NOT NULL,
	`department` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`approximate` integer DEFAULT false NOT NULL,
	`population` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cities_latitude_check" CHECK("cities"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "cities_longitude_check" CHECK("cities"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "cities_population_check" CHECK("cities"."population" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cities_insee_code_unique` ON `cities` (`insee_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `cities_name_department_unique` ON `cities` (`name`,`department`);--> statement-breakpoint
CREATE INDEX `cities_name_folded_idx` ON `cities` (`name_folded`,`population`);--> statement-breakpoint
CREATE TABLE `city_postal_codes` (
	`postal_code` text NOT NULL,
	`city_id` text NOT NULL,
	PRIMARY KEY(`postal_code`, `city_id`),
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `city_postal_codes_city_idx` ON `city_postal_codes` (`city_id`);--> statement-breakpoint
CREATE TABLE `data_imports` (
	`name` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`row_count` integer NOT NULL,
	`imported_at` text NOT NULL
);
