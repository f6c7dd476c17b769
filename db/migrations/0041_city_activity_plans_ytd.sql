-- The Geography's sums per commune (city_activity, migration 0028) gain two things, so that a screen
-- reads a few rows per city instead of a year of month rows and 25,000 plans:
-- - each paid plan's start and end (plans_started, plans_ended), kept like the rest: a city's
--   subscribers at an instant are the plans started before it less those ended before it;
-- - year-to-date rows (span 'ytd', start "2026-11"): a city's sums from January of that year through
--   that month. Any run of whole months is then at most three rows (December of the year before it
--   less the month before it, plus the year-to-date of its last month) instead of one per month.
--   Each contribution dated in month m adds to that year's rows m..12, so the rows of a year exist
--   from a city's first month with activity on, and a missing one means nothing so far that year.
-- The views and triggers of 0028 are made again with the two new measures (a view's columns cannot
-- be added to), and the table rebuilt for its new span (a CHECK cannot be altered): the day and month
-- rows copied, the year-to-date rows summed from the month rows, and the plans summed once.
DROP TRIGGER `city_activity_delta_apply`;
--> statement-breakpoint
DROP TRIGGER `invoices_city_activity_insert`;
--> statement-breakpoint
DROP TRIGGER `invoices_city_activity_before_update`;
--> statement-breakpoint
DROP TRIGGER `invoices_city_activity_after_update`;
--> statement-breakpoint
DROP TRIGGER `invoices_city_activity_delete`;
--> statement-breakpoint
DROP TRIGGER `bookings_city_activity_insert`;
--> statement-breakpoint
DROP TRIGGER `bookings_city_activity_before_update`;
--> statement-breakpoint
DROP TRIGGER `bookings_city_activity_after_update`;
--> statement-breakpoint
DROP TRIGGER `bookings_city_activity_delete`;
--> statement-breakpoint
DROP TRIGGER `reviews_city_activity_insert`;
--> statement-breakpoint
DROP TRIGGER `reviews_city_activity_before_update`;
--> statement-breakpoint
DROP TRIGGER `reviews_city_activity_after_update`;
--> statement-breakpoint
DROP TRIGGER `reviews_city_activity_delete`;
--> statement-breakpoint
DROP TRIGGER `search_events_city_activity_insert`;
--> statement-breakpoint
DROP TRIGGER `search_events_city_activity_delete`;
--> statement-breakpoint
DROP TRIGGER `profiles_city_activity_before_move`;
--> statement-breakpoint
DROP TRIGGER `profiles_city_activity_after_move`;
--> statement-breakpoint
DROP TRIGGER `profiles_city_activity_delete`;
--> statement-breakpoint
DROP VIEW `city_activity_delta`;
--> statement-breakpoint
DROP VIEW `city_activity_sources`;
--> statement-breakpoint
DROP VIEW `city_activity_searches`;
--> statement-breakpoint
DROP VIEW `city_activity_reviews`;
--> statement-breakpoint
DROP VIEW `city_activity_answers`;
--> statement-breakpoint
DROP VIEW `city_activity_requests`;
--> statement-breakpoint
DROP VIEW `city_activity_invoices`;
--> statement-breakpoint
ALTER TABLE `city_activity` RENAME TO `city_activity_before_0041`;
--> statement-breakpoint
CREATE TABLE `city_activity` (
	`span` text NOT NULL,
	`start` text NOT NULL,
	`city_id` text NOT NULL,
	`revenue_cents` integer DEFAULT 0 NOT NULL,
	`went_ahead` integer DEFAULT 0 NOT NULL,
	`went_ahead_cents` integer DEFAULT 0 NOT NULL,
	`declined` integer DEFAULT 0 NOT NULL,
	`expired` integer DEFAULT 0 NOT NULL,
	`reviews` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`thin_searches` integer DEFAULT 0 NOT NULL,
	`plans_started` integer DEFAULT 0 NOT NULL,
	`plans_ended` integer DEFAULT 0 NOT NULL,
	`a00` integer DEFAULT 0 NOT NULL,
	`a01` integer DEFAULT 0 NOT NULL,
	`a02` integer DEFAULT 0 NOT NULL,
	`a03` integer DEFAULT 0 NOT NULL,
	`a04` integer DEFAULT 0 NOT NULL,
	`a05` integer DEFAULT 0 NOT NULL,
	`a06` integer DEFAULT 0 NOT NULL,
	`a07` integer DEFAULT 0 NOT NULL,
	`a08` integer DEFAULT 0 NOT NULL,
	`a09` integer DEFAULT 0 NOT NULL,
	`a10` integer DEFAULT 0 NOT NULL,
	`a11` integer DEFAULT 0 NOT NULL,
	`a12` integer DEFAULT 0 NOT NULL,
	`a13` integer DEFAULT 0 NOT NULL,
	`a14` integer DEFAULT 0 NOT NULL,
	`a15` integer DEFAULT 0 NOT NULL,
	`a16` integer DEFAULT 0 NOT NULL,
	`a17` integer DEFAULT 0 NOT NULL,
	`a18` integer DEFAULT 0 NOT NULL,
	`a19` integer DEFAULT 0 NOT NULL,
	`s00` integer DEFAULT 0 NOT NULL,
	`s01` integer DEFAULT 0 NOT NULL,
	`s02` integer DEFAULT 0 NOT NULL,
	`s03` integer DEFAULT 0 NOT NULL,
	`s04` integer DEFAULT 0 NOT NULL,
	`s05` integer DEFAULT 0 NOT NULL,
	`s06` integer DEFAULT 0 NOT NULL,
	`s07` integer DEFAULT 0 NOT NULL,
	`s08` integer DEFAULT 0 NOT NULL,
	`s09` integer DEFAULT 0 NOT NULL,
	`s10` integer DEFAULT 0 NOT NULL,
	`s11` integer DEFAULT 0 NOT NULL,
	`s12` integer DEFAULT 0 NOT NULL,
	`s13` integer DEFAULT 0 NOT NULL,
	`s14` integer DEFAULT 0 NOT NULL,
	`s15` integer DEFAULT 0 NOT NULL,
	`s16` integer DEFAULT 0 NOT NULL,
	`s17` integer DEFAULT 0 NOT NULL,
	`s18` integer DEFAULT 0 NOT NULL,
	`s19` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`span`, `start`, `city_id`),
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "city_activity_span_check" CHECK("city_activity"."span" IN ('day', 'month', 'ytd')),
	CONSTRAINT "city_activity_start_check" CHECK(length("city_activity"."start") = CASE "city_activity"."span" WHEN 'day' THEN 10 ELSE 7 END)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `city_activity` (`span`, `start`, `city_id`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `a00`, `a01`, `a02`, `a03`, `a04`, `a05`, `a06`, `a07`, `a08`, `a09`, `a10`, `a11`, `a12`, `a13`, `a14`, `a15`, `a16`, `a17`, `a18`, `a19`, `s00`, `s01`, `s02`, `s03`, `s04`, `s05`, `s06`, `s07`, `s08`, `s09`, `s10`, `s11`, `s12`, `s13`, `s14`, `s15`, `s16`, `s17`, `s18`, `s19`)
SELECT `span`, `start`, `city_id`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `a00`, `a01`, `a02`, `a03`, `a04`, `a05`, `a06`, `a07`, `a08`, `a09`, `a10`, `a11`, `a12`, `a13`, `a14`, `a15`, `a16`, `a17`, `a18`, `a19`, `s00`, `s01`, `s02`, `s03`, `s04`, `s05`, `s06`, `s07`, `s08`, `s09`, `s10`, `s11`, `s12`, `s13`, `s14`, `s15`, `s16`, `s17`, `s18`, `s19` FROM `city_activity_before_0041`;
--> statement-breakpoint
DROP TABLE `city_activity_before_0041`;
--> statement-breakpoint
-- Year-to-date rows from the month rows: for each city, year and month k from its first month on, the
-- months of that year up to k.
INSERT INTO `city_activity` (`span`, `start`, `city_id`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `a00`, `a01`, `a02`, `a03`, `a04`, `a05`, `a06`, `a07`, `a08`, `a09`, `a10`, `a11`, `a12`, `a13`, `a14`, `a15`, `a16`, `a17`, `a18`, `a19`, `s00`, `s01`, `s02`, `s03`, `s04`, `s05`, `s06`, `s07`, `s08`, `s09`, `s10`, `s11`, `s12`, `s13`, `s14`, `s15`, `s16`, `s17`, `s18`, `s19`)
SELECT 'ytd', substr(m.`start`, 1, 5) || k.`column1`, m.`city_id`, sum(m.`revenue_cents`), sum(m.`went_ahead`), sum(m.`went_ahead_cents`), sum(m.`declined`), sum(m.`expired`), sum(m.`reviews`), sum(m.`rating_sum`), sum(m.`thin_searches`), sum(m.`plans_started`), sum(m.`plans_ended`), sum(m.`a00`), sum(m.`a01`), sum(m.`a02`), sum(m.`a03`), sum(m.`a04`), sum(m.`a05`), sum(m.`a06`), sum(m.`a07`), sum(m.`a08`), sum(m.`a09`), sum(m.`a10`), sum(m.`a11`), sum(m.`a12`), sum(m.`a13`), sum(m.`a14`), sum(m.`a15`), sum(m.`a16`), sum(m.`a17`), sum(m.`a18`), sum(m.`a19`), sum(m.`s00`), sum(m.`s01`), sum(m.`s02`), sum(m.`s03`), sum(m.`s04`), sum(m.`s05`), sum(m.`s06`), sum(m.`s07`), sum(m.`s08`), sum(m.`s09`), sum(m.`s10`), sum(m.`s11`), sum(m.`s12`), sum(m.`s13`), sum(m.`s14`), sum(m.`s15`), sum(m.`s16`), sum(m.`s17`), sum(m.`s18`), sum(m.`s19`)
FROM `city_activity` m JOIN (VALUES ('01'), ('02'), ('03'), ('04'), ('05'), ('06'), ('07'), ('08'), ('09'), ('10'), ('11'), ('12')) k ON k.`column1` >= substr(m.`start`, 6, 2)
WHERE m.`span` = 'month'
GROUP BY m.`city_id`, substr(m.`start`, 1, 5), k.`column1`;
--> statement-breakpoint
-- The admin Geography's activity per commune, kept by the database as it is written (the table's
-- columns are described in db/schema/city-activity.ts). Why the database: every writer (the routes,
-- the cron, webhooks, the seed, tests, scripts) then keeps it without knowing, and each rule below is
-- written once, in a view, which the triggers and the screen's live reads (the hours at a period's
-- edges) both go through.
--
-- Each source view gives one contribution per source row: the profile that places it (place_id), that
-- profile's commune now (city_id), the instant it counts at (at, ISO UTC), and what it adds. A row
-- whose profile is not placed contributes nothing.
-- The triggers take a row's contribution away before it changes or goes (BEFORE UPDATE, BEFORE
-- DELETE: the row and its profile are still as they were) and add it back after (AFTER INSERT, AFTER
-- UPDATE), both through the view city_activity_delta, whose INSTEAD OF trigger is the one place that
-- writes city_activity. When a profile moves to another commune or changes role, all it placed is
-- taken from the old city and added to the new one, so the sums always place people where they live
-- now, as a live read of the sources would.
--
-- The table is WITHOUT ROWID (added by hand to drizzle-kit's CREATE TABLE above): its rows are stored
-- in primary-key order, so a period's rows are one contiguous run instead of a lookup each. Each view
-- reads its source table first (CROSS JOIN fixes that order in SQLite): by a date index for the live
-- reads, by the profile's index when a profile moves; the planner would otherwise start from the
-- profiles of a role and look up each one's rows.
-- Revenue: a paid invoice, net of refunds, on the day it was paid, in its sitter's commune.
CREATE VIEW `city_activity_invoices` AS
SELECT i.`id` AS `source_id`, i.`profile_id` AS `place_id`, p.`city_id` AS `city_id`, coalesce(i.`paid_at`, i.`created_at`) AS `at`, i.`amount_paid_cents` - i.`refunded_cents` AS `revenue_cents`, 0 AS `went_ahead`, 0 AS `went_ahead_cents`, 0 AS `declined`, 0 AS `expired`, 0 AS `reviews`, 0 AS `rating_sum`, 0 AS `thin_searches`, NULL AS `bucket`, 0 AS `seconds`, 0 AS `plans_started`, 0 AS `plans_ended`
FROM `invoices` i CROSS JOIN `profiles` p ON p.`id` = i.`profile_id`
WHERE i.`status` = 'paid' AND p.`city_id` IS NOT NULL;
--> statement-breakpoint
-- Requests: a booking, on the day it was requested, in its parent's commune, by its outcome now.
CREATE VIEW `city_activity_requests` AS
SELECT b.`id` AS `source_id`, b.`parent_id` AS `place_id`, p.`city_id` AS `city_id`, b.`created_at` AS `at`, b.`status` IN ('confirmed', 'completed') AS `went_ahead`, CASE WHEN b.`status` IN ('confirmed', 'completed') THEN b.`total_amount_cents` ELSE 0 END AS `went_ahead_cents`, coalesce(b.`status` = 'cancelled' AND b.`cancel_reason` = 'declined', 0) AS `declined`, coalesce(b.`status` = 'cancelled' AND b.`cancel_reason` = 'expired', 0) AS `expired`, 0 AS `revenue_cents`, 0 AS `reviews`, 0 AS `rating_sum`, 0 AS `thin_searches`, NULL AS `bucket`, 0 AS `seconds`, 0 AS `plans_started`, 0 AS `plans_ended`
FROM `bookings` b CROSS JOIN `profiles` p ON p.`id` = b.`parent_id`
WHERE p.`city_id` IS NOT NULL;
--> statement-breakpoint
-- Answers: a booking accepted or declined, on the day of the answer, in its sitter's commune, with the
-- seconds from request to answer and their bucket (upper bounds in minutes: 1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440, then
-- open; RESPONSE_BUCKET_UPPER_MINUTES in db/constants/analytics.ts, checked equal by a test).
CREATE VIEW `city_activity_answers` AS
SELECT b.`id` AS `source_id`, b.`babysitter_id` AS `place_id`, p.`city_id` AS `city_id`, b.`responded_at` AS `at`, 0 AS `revenue_cents`, 0 AS `went_ahead`, 0 AS `went_ahead_cents`, 0 AS `declined`, 0 AS `expired`, 0 AS `reviews`, 0 AS `rating_sum`, 0 AS `thin_searches`, CASE WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 60 THEN 0 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 120 THEN 1 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 180 THEN 2 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 300 THEN 3 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 420 THEN 4 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 600 THEN 5 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 900 THEN 6 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 1200 THEN 7 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 1800 THEN 8 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 2700 THEN 9 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 3600 THEN 10 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 5400 THEN 11 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 7200 THEN 12 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 10800 THEN 13 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 14400 THEN 14 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 21600 THEN 15 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 28800 THEN 16 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 43200 THEN 17 WHEN CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) < 86400 THEN 18 ELSE 19 END AS `bucket`, CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) AS `seconds`, 0 AS `plans_started`, 0 AS `plans_ended`
FROM `bookings` b CROSS JOIN `profiles` p ON p.`id` = b.`babysitter_id`
WHERE b.`responded_at` IS NOT NULL AND p.`city_id` IS NOT NULL;
--> statement-breakpoint
-- Satisfaction: a review about a sitter, on the day it was written, in her commune.
CREATE VIEW `city_activity_reviews` AS
SELECT r.`id` AS `source_id`, r.`reviewed_id` AS `place_id`, p.`city_id` AS `city_id`, r.`created_at` AS `at`, 1 AS `reviews`, r.`rating` AS `rating_sum`, 0 AS `revenue_cents`, 0 AS `went_ahead`, 0 AS `went_ahead_cents`, 0 AS `declined`, 0 AS `expired`, 0 AS `thin_searches`, NULL AS `bucket`, 0 AS `seconds`, 0 AS `plans_started`, 0 AS `plans_ended`
FROM `reviews` r CROSS JOIN `profiles` p ON p.`id` = r.`reviewed_id`
WHERE p.`user_type` = 'babysitter' AND p.`city_id` IS NOT NULL;
--> statement-breakpoint
-- Unmet demand: a search naming the commune that found fewer than 3 sitters (UNMET_DEMAND_MIN_RESULTS in
-- db/constants/analytics.ts, checked equal by a test). It places no person.
CREATE VIEW `city_activity_searches` AS
SELECT e.`id` AS `source_id`, NULL AS `place_id`, e.`city_id` AS `city_id`, e.`created_at` AS `at`, 1 AS `thin_searches`, 0 AS `revenue_cents`, 0 AS `went_ahead`, 0 AS `went_ahead_cents`, 0 AS `declined`, 0 AS `expired`, 0 AS `reviews`, 0 AS `rating_sum`, NULL AS `bucket`, 0 AS `seconds`, 0 AS `plans_started`, 0 AS `plans_ended`
FROM `search_events` e
WHERE e.`result_count` < 3 AND e.`city_id` IS NOT NULL;
--> statement-breakpoint
-- Paid plans: one started when it was created, in its sitter's commune; a cancelled one ended when it
-- ran out (its period's end) or else when it was cancelled (as the admin dashboard counts plans). The
-- Discovery plan and trials are not paid plans.
CREATE VIEW `city_activity_plan_starts` AS
SELECT s.`id` AS `source_id`, s.`profile_id` AS `place_id`, p.`city_id` AS `city_id`, s.`created_at` AS `at`, 1 AS `plans_started`, 0 AS `plans_ended`, 0 AS `revenue_cents`, 0 AS `went_ahead`, 0 AS `went_ahead_cents`, 0 AS `declined`, 0 AS `expired`, 0 AS `reviews`, 0 AS `rating_sum`, 0 AS `thin_searches`, NULL AS `bucket`, 0 AS `seconds`
FROM `subscriptions` s CROSS JOIN `profiles` p ON p.`id` = s.`profile_id`
WHERE s.`plan` <> 'discovery' AND s.`status` <> 'trialing' AND p.`city_id` IS NOT NULL;
--> statement-breakpoint
CREATE VIEW `city_activity_plan_ends` AS
SELECT s.`id` AS `source_id`, s.`profile_id` AS `place_id`, p.`city_id` AS `city_id`, (CASE WHEN s.`cancel_at_period_end` THEN s.`current_period_end` ELSE coalesce(s.`canceled_at`, s.`updated_at`) END) AS `at`, 0 AS `plans_started`, 1 AS `plans_ended`, 0 AS `revenue_cents`, 0 AS `went_ahead`, 0 AS `went_ahead_cents`, 0 AS `declined`, 0 AS `expired`, 0 AS `reviews`, 0 AS `rating_sum`, 0 AS `thin_searches`, NULL AS `bucket`, 0 AS `seconds`
FROM `subscriptions` s CROSS JOIN `profiles` p ON p.`id` = s.`profile_id`
WHERE s.`status` = 'canceled' AND s.`plan` <> 'discovery' AND p.`city_id` IS NOT NULL;
--> statement-breakpoint
-- The live reads of a period's edges find the plans ended in it through this index (the view's
-- expression, for cancelled plans only).
CREATE INDEX `subscriptions_ended_idx` ON `subscriptions` ((CASE WHEN `cancel_at_period_end` THEN `current_period_end` ELSE coalesce(`canceled_at`, `updated_at`) END)) WHERE `status` = 'canceled';
--> statement-breakpoint
-- Every source at once, for the live reads of a period's edges.
CREATE VIEW `city_activity_sources` AS
SELECT 'invoices' AS `source`, `source_id`, `place_id`, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices`
UNION ALL SELECT 'requests' AS `source`, `source_id`, `place_id`, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests`
UNION ALL SELECT 'answers' AS `source`, `source_id`, `place_id`, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers`
UNION ALL SELECT 'reviews' AS `source`, `source_id`, `place_id`, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews`
UNION ALL SELECT 'searches' AS `source`, `source_id`, `place_id`, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_searches`
UNION ALL SELECT 'plan_starts' AS `source`, `source_id`, `place_id`, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts`
UNION ALL SELECT 'plan_ends' AS `source`, `source_id`, `place_id`, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends`;
--> statement-breakpoint
-- What a contribution does to city_activity: inserting into this view (it holds no row) adds `sign` times
-- the contribution to its city's day, month, and year-to-date rows from its month to December.
CREATE VIEW `city_activity_delta` AS SELECT 1 AS `sign`, '' AS `city_id`, '' AS `at`, 0 AS `revenue_cents`, 0 AS `went_ahead`, 0 AS `went_ahead_cents`, 0 AS `declined`, 0 AS `expired`, 0 AS `reviews`, 0 AS `rating_sum`, 0 AS `thin_searches`, 0 AS `plans_started`, 0 AS `plans_ended`, NULL AS `bucket`, 0 AS `seconds` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `city_activity_delta_apply` INSTEAD OF INSERT ON `city_activity_delta`
WHEN NEW.`city_id` IS NOT NULL
BEGIN
  INSERT INTO `city_activity` (`span`, `start`, `city_id`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `a00`, `a01`, `a02`, `a03`, `a04`, `a05`, `a06`, `a07`, `a08`, `a09`, `a10`, `a11`, `a12`, `a13`, `a14`, `a15`, `a16`, `a17`, `a18`, `a19`, `s00`, `s01`, `s02`, `s03`, `s04`, `s05`, `s06`, `s07`, `s08`, `s09`, `s10`, `s11`, `s12`, `s13`, `s14`, `s15`, `s16`, `s17`, `s18`, `s19`)
  SELECT span.`name`, span.`start`, NEW.`city_id`, NEW.`sign` * NEW.`revenue_cents`, NEW.`sign` * NEW.`went_ahead`, NEW.`sign` * NEW.`went_ahead_cents`, NEW.`sign` * NEW.`declined`, NEW.`sign` * NEW.`expired`, NEW.`sign` * NEW.`reviews`, NEW.`sign` * NEW.`rating_sum`, NEW.`sign` * NEW.`thin_searches`, NEW.`sign` * NEW.`plans_started`, NEW.`sign` * NEW.`plans_ended`, NEW.`sign` * coalesce(NEW.`bucket` = 0, 0), NEW.`sign` * coalesce(NEW.`bucket` = 1, 0), NEW.`sign` * coalesce(NEW.`bucket` = 2, 0), NEW.`sign` * coalesce(NEW.`bucket` = 3, 0), NEW.`sign` * coalesce(NEW.`bucket` = 4, 0), NEW.`sign` * coalesce(NEW.`bucket` = 5, 0), NEW.`sign` * coalesce(NEW.`bucket` = 6, 0), NEW.`sign` * coalesce(NEW.`bucket` = 7, 0), NEW.`sign` * coalesce(NEW.`bucket` = 8, 0), NEW.`sign` * coalesce(NEW.`bucket` = 9, 0), NEW.`sign` * coalesce(NEW.`bucket` = 10, 0), NEW.`sign` * coalesce(NEW.`bucket` = 11, 0), NEW.`sign` * coalesce(NEW.`bucket` = 12, 0), NEW.`sign` * coalesce(NEW.`bucket` = 13, 0), NEW.`sign` * coalesce(NEW.`bucket` = 14, 0), NEW.`sign` * coalesce(NEW.`bucket` = 15, 0), NEW.`sign` * coalesce(NEW.`bucket` = 16, 0), NEW.`sign` * coalesce(NEW.`bucket` = 17, 0), NEW.`sign` * coalesce(NEW.`bucket` = 18, 0), NEW.`sign` * coalesce(NEW.`bucket` = 19, 0), NEW.`sign` * CASE WHEN NEW.`bucket` = 0 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 1 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 2 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 3 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 4 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 5 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 6 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 7 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 8 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 9 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 10 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 11 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 12 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 13 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 14 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 15 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 16 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 17 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 18 THEN NEW.`seconds` ELSE 0 END, NEW.`sign` * CASE WHEN NEW.`bucket` = 19 THEN NEW.`seconds` ELSE 0 END
  FROM (SELECT 'day' AS `name`, substr(NEW.`at`, 1, 10) AS `start` UNION ALL SELECT 'month', substr(NEW.`at`, 1, 7)
    UNION ALL SELECT 'ytd', substr(NEW.`at`, 1, 5) || `column1` FROM (VALUES ('01'), ('02'), ('03'), ('04'), ('05'), ('06'), ('07'), ('08'), ('09'), ('10'), ('11'), ('12')) WHERE `column1` >= substr(NEW.`at`, 6, 2)) span WHERE true
  ON CONFLICT (`span`, `start`, `city_id`) DO UPDATE SET `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`, `went_ahead` = `went_ahead` + excluded.`went_ahead`, `went_ahead_cents` = `went_ahead_cents` + excluded.`went_ahead_cents`, `declined` = `declined` + excluded.`declined`, `expired` = `expired` + excluded.`expired`, `reviews` = `reviews` + excluded.`reviews`, `rating_sum` = `rating_sum` + excluded.`rating_sum`, `thin_searches` = `thin_searches` + excluded.`thin_searches`, `plans_started` = `plans_started` + excluded.`plans_started`, `plans_ended` = `plans_ended` + excluded.`plans_ended`, `a00` = `a00` + excluded.`a00`, `a01` = `a01` + excluded.`a01`, `a02` = `a02` + excluded.`a02`, `a03` = `a03` + excluded.`a03`, `a04` = `a04` + excluded.`a04`, `a05` = `a05` + excluded.`a05`, `a06` = `a06` + excluded.`a06`, `a07` = `a07` + excluded.`a07`, `a08` = `a08` + excluded.`a08`, `a09` = `a09` + excluded.`a09`, `a10` = `a10` + excluded.`a10`, `a11` = `a11` + excluded.`a11`, `a12` = `a12` + excluded.`a12`, `a13` = `a13` + excluded.`a13`, `a14` = `a14` + excluded.`a14`, `a15` = `a15` + excluded.`a15`, `a16` = `a16` + excluded.`a16`, `a17` = `a17` + excluded.`a17`, `a18` = `a18` + excluded.`a18`, `a19` = `a19` + excluded.`a19`, `s00` = `s00` + excluded.`s00`, `s01` = `s01` + excluded.`s01`, `s02` = `s02` + excluded.`s02`, `s03` = `s03` + excluded.`s03`, `s04` = `s04` + excluded.`s04`, `s05` = `s05` + excluded.`s05`, `s06` = `s06` + excluded.`s06`, `s07` = `s07` + excluded.`s07`, `s08` = `s08` + excluded.`s08`, `s09` = `s09` + excluded.`s09`, `s10` = `s10` + excluded.`s10`, `s11` = `s11` + excluded.`s11`, `s12` = `s12` + excluded.`s12`, `s13` = `s13` + excluded.`s13`, `s14` = `s14` + excluded.`s14`, `s15` = `s15` + excluded.`s15`, `s16` = `s16` + excluded.`s16`, `s17` = `s17` + excluded.`s17`, `s18` = `s18` + excluded.`s18`, `s19` = `s19` + excluded.`s19`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_city_activity_insert` AFTER INSERT ON `invoices`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_city_activity_before_update` BEFORE UPDATE OF `status`, `amount_paid_cents`, `refunded_cents`, `paid_at`, `created_at`, `profile_id` ON `invoices`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_city_activity_after_update` AFTER UPDATE OF `status`, `amount_paid_cents`, `refunded_cents`, `paid_at`, `created_at`, `profile_id` ON `invoices`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_city_activity_delete` BEFORE DELETE ON `invoices`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_city_activity_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `source_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_city_activity_before_update` BEFORE UPDATE OF `status`, `cancel_reason`, `total_amount_cents`, `created_at`, `responded_at`, `parent_id`, `babysitter_id` ON `bookings`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `source_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_city_activity_after_update` AFTER UPDATE OF `status`, `cancel_reason`, `total_amount_cents`, `created_at`, `responded_at`, `parent_id`, `babysitter_id` ON `bookings`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `source_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_city_activity_delete` BEFORE DELETE ON `bookings`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `source_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_city_activity_insert` AFTER INSERT ON `reviews`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_city_activity_before_update` BEFORE UPDATE OF `rating`, `created_at`, `reviewed_id` ON `reviews`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_city_activity_after_update` AFTER UPDATE OF `rating`, `created_at`, `reviewed_id` ON `reviews`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_city_activity_delete` BEFORE DELETE ON `reviews`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
-- A plan's contributions change with its plan, status, dates and sitter (updated_at: a plan cancelled
-- without a date ended when it was last changed).
CREATE TRIGGER `subscriptions_city_activity_insert` AFTER INSERT ON `subscriptions`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `source_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_city_activity_before_update` BEFORE UPDATE OF `plan`, `status`, `created_at`, `cancel_at_period_end`, `current_period_end`, `canceled_at`, `updated_at`, `profile_id` ON `subscriptions`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `source_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_city_activity_after_update` AFTER UPDATE OF `plan`, `status`, `created_at`, `cancel_at_period_end`, `current_period_end`, `canceled_at`, `updated_at`, `profile_id` ON `subscriptions`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `source_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_city_activity_delete` BEFORE DELETE ON `subscriptions`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `source_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
-- Search events are only ever inserted, and deleted by the cron once past their retention.
CREATE TRIGGER `search_events_city_activity_insert` AFTER INSERT ON `search_events`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_searches` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_events_city_activity_delete` BEFORE DELETE ON `search_events`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_searches` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
-- A profile that moves or changes role takes what it placed along.
CREATE TRIGGER `profiles_city_activity_before_move` BEFORE UPDATE OF `city_id`, `user_type` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `place_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_city_activity_after_move` AFTER UPDATE OF `city_id`, `user_type` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `place_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_city_activity_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `place_id` = OLD.`id`;
END;
--> statement-breakpoint
-- The plans that already exist, summed once (into their day, month and year-to-date rows).
INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts`;
--> statement-breakpoint
INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends`;
