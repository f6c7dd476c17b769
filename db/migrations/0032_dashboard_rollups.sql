CREATE TABLE `active_people_counts` (
	`role` text NOT NULL,
	`from_day` text NOT NULL,
	`to_day` text NOT NULL,
	`people` integer NOT NULL,
	PRIMARY KEY(`role`, `from_day`, `to_day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `answer_days` (
	`day` text NOT NULL,
	`bucket` integer NOT NULL,
	`answers` integer NOT NULL,
	`accepted` integer NOT NULL,
	`seconds` integer NOT NULL,
	PRIMARY KEY(`day`, `bucket`),
	CONSTRAINT "answer_days_bucket_check" CHECK("answer_days"."bucket" >= 0 AND "answer_days"."bucket" < 20)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `dashboard_hours` (
	`hour` text PRIMARY KEY NOT NULL,
	`plans_cents` integer DEFAULT 0 NOT NULL,
	`parents` integer DEFAULT 0 NOT NULL,
	`sitters` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`value_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `member_activity_days` (
	`profile_id` text NOT NULL,
	`day` text NOT NULL,
	`role` text NOT NULL,
	`prev_day` text,
	`next_day` text,
	PRIMARY KEY(`profile_id`, `day`),
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `member_activity_days_span_idx` ON `member_activity_days` (`role`,`day`,`prev_day`);--> statement-breakpoint
CREATE INDEX `member_activity_days_last_idx` ON `member_activity_days` (`role`,`next_day`,`day`);--> statement-breakpoint
CREATE TABLE `member_funnel` (
	`profile_id` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`signed_up_at` text NOT NULL,
	`searched` integer NOT NULL,
	`requested` integer NOT NULL,
	`confirmed` integer NOT NULL,
	`completed` integer NOT NULL,
	`listed` integer NOT NULL,
	`accepted` integer NOT NULL,
	`paid` integer NOT NULL,
	`first_paid_at` text,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `member_funnel_cohort_idx` ON `member_funnel` (`role`,`signed_up_at`,`searched`,`requested`,`confirmed`,`completed`,`listed`,`accepted`,`paid`);--> statement-breakpoint
CREATE INDEX `member_funnel_first_paid_idx` ON `member_funnel` (`first_paid_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_profile_plan_idx` ON `subscriptions` (`profile_id`,`created_at`,`plan`,`status`);
--> statement-breakpoint
-- ===== Active people: member_activity_days =====
-- A person is active on a UTC day when she requested a booking that day (the parent, at its
-- created_at), answered one (the sitter, at its responded_at) or sent a message; she counts in her
-- present role. Each row links to the person's previous and next active days. Filled once here (the
-- links by window functions), then kept by the triggers below: a day is recorded with its first event
-- and forgotten with its last.
INSERT INTO `member_activity_days` (`profile_id`, `day`, `role`, `prev_day`, `next_day`)
SELECT a.`profile_id`, a.`day`, p.`user_type`,
  lag(a.`day`) OVER (PARTITION BY a.`profile_id` ORDER BY a.`day`),
  lead(a.`day`) OVER (PARTITION BY a.`profile_id` ORDER BY a.`day`)
FROM (SELECT `parent_id` AS `profile_id`, substr(`created_at`, 1, 10) AS `day` FROM `bookings`
  UNION SELECT `babysitter_id`, substr(`responded_at`, 1, 10) FROM `bookings` WHERE `responded_at` IS NOT NULL
  UNION SELECT `sender_id`, substr(`created_at`, 1, 10) FROM `messages`) a
CROSS JOIN `profiles` p ON p.`id` = a.`profile_id`;
--> statement-breakpoint
-- Recording an activity: inserting (profile_id, at) into this view (it holds no row) records the
-- person's UTC day of `at` once; a null `at` records nothing.
CREATE VIEW `member_activity_record` AS SELECT '' AS `profile_id`, '' AS `at` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `member_activity_record_apply` INSTEAD OF INSERT ON `member_activity_record`
WHEN NEW.`at` IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO `member_activity_days` (`profile_id`, `day`, `role`)
  SELECT p.`id`, substr(NEW.`at`, 1, 10), p.`user_type` FROM `profiles` p WHERE p.`id` = NEW.`profile_id`;
END;
--> statement-breakpoint
-- Every event that makes a person active, with its time (each arm read by its time index).
CREATE VIEW `dashboard_activity_sources` AS
SELECT `parent_id` AS `profile_id`, `created_at` AS `at` FROM `bookings`
UNION ALL SELECT `babysitter_id`, `responded_at` FROM `bookings` WHERE `responded_at` IS NOT NULL
UNION ALL SELECT `sender_id`, `created_at` FROM `messages`;
--> statement-breakpoint
-- Forgetting an activity (a deleted request or message, a changed time): inserting (profile_id, at)
-- into this view removes the person's UTC day of `at` when no event of hers is left on it.
CREATE VIEW `member_activity_forget` AS SELECT '' AS `profile_id`, '' AS `at` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `member_activity_forget_apply` INSTEAD OF INSERT ON `member_activity_forget`
WHEN NEW.`at` IS NOT NULL
BEGIN
  DELETE FROM `member_activity_days` WHERE `profile_id` = NEW.`profile_id` AND `day` = substr(NEW.`at`, 1, 10)
    AND NOT EXISTS (SELECT 1 FROM `dashboard_activity_sources` s WHERE s.`profile_id` = NEW.`profile_id`
      AND s.`at` >= substr(NEW.`at`, 1, 10) AND s.`at` < date(substr(NEW.`at`, 1, 10), '+1 day'));
END;
--> statement-breakpoint
-- A new active day takes its place in the person's chain of days, and the counted spans it falls in
-- are forgotten (spans without it keep their count: whether her next day counts in them depends only
-- on whether her previous one is before their start, and the new day, outside them, is).
CREATE TRIGGER `member_activity_days_link` AFTER INSERT ON `member_activity_days`
BEGIN
  UPDATE `member_activity_days` SET
    `prev_day` = (SELECT max(`day`) FROM `member_activity_days` WHERE `profile_id` = NEW.`profile_id` AND `day` < NEW.`day`),
    `next_day` = (SELECT min(`day`) FROM `member_activity_days` WHERE `profile_id` = NEW.`profile_id` AND `day` > NEW.`day`)
  WHERE `profile_id` = NEW.`profile_id` AND `day` = NEW.`day`;
  UPDATE `member_activity_days` SET `next_day` = NEW.`day`
  WHERE `profile_id` = NEW.`profile_id`
    AND `day` = (SELECT max(`day`) FROM `member_activity_days` WHERE `profile_id` = NEW.`profile_id` AND `day` < NEW.`day`);
  UPDATE `member_activity_days` SET `prev_day` = NEW.`day`
  WHERE `profile_id` = NEW.`profile_id`
    AND `day` = (SELECT min(`day`) FROM `member_activity_days` WHERE `profile_id` = NEW.`profile_id` AND `day` > NEW.`day`);
  DELETE FROM `active_people_counts` WHERE `from_day` <= NEW.`day` AND `to_day` > NEW.`day`;
END;
--> statement-breakpoint
-- A day that goes (forgotten, or a deleted account's) unlinks itself the same way.
CREATE TRIGGER `member_activity_days_unlink` AFTER DELETE ON `member_activity_days`
BEGIN
  UPDATE `member_activity_days` SET `next_day` = OLD.`next_day` WHERE `profile_id` = OLD.`profile_id` AND `day` = OLD.`prev_day`;
  UPDATE `member_activity_days` SET `prev_day` = OLD.`prev_day` WHERE `profile_id` = OLD.`profile_id` AND `day` = OLD.`next_day`;
  DELETE FROM `active_people_counts` WHERE `from_day` <= OLD.`day` AND `to_day` > OLD.`day`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_activity_days_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO `member_activity_record` VALUES (NEW.`parent_id`, NEW.`created_at`), (NEW.`babysitter_id`, NEW.`responded_at`);
END;
--> statement-breakpoint
-- A request whose time or answer changes: the new days are recorded, the old ones forgotten if nothing else placed them.
CREATE TRIGGER `bookings_activity_days_update` AFTER UPDATE OF `created_at`, `responded_at`, `parent_id`, `babysitter_id` ON `bookings`
BEGIN
  INSERT INTO `member_activity_record` VALUES (NEW.`parent_id`, NEW.`created_at`), (NEW.`babysitter_id`, NEW.`responded_at`);
  INSERT INTO `member_activity_forget` VALUES (OLD.`parent_id`, OLD.`created_at`), (OLD.`babysitter_id`, OLD.`responded_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_activity_days_delete` AFTER DELETE ON `bookings`
BEGIN
  INSERT INTO `member_activity_forget` VALUES (OLD.`parent_id`, OLD.`created_at`), (OLD.`babysitter_id`, OLD.`responded_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_activity_days_delete` AFTER DELETE ON `messages`
BEGIN
  INSERT INTO `member_activity_forget` VALUES (OLD.`sender_id`, OLD.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_activity_days_insert` AFTER INSERT ON `messages`
BEGIN
  INSERT INTO `member_activity_record` VALUES (NEW.`sender_id`, NEW.`created_at`);
END;
--> statement-breakpoint
-- A person who changes role takes her days along; every counted span is forgotten.
CREATE TRIGGER `profiles_activity_days_role` AFTER UPDATE OF `user_type` ON `profiles`
WHEN NEW.`user_type` IS NOT OLD.`user_type`
BEGIN
  UPDATE `member_activity_days` SET `role` = NEW.`user_type` WHERE `profile_id` = NEW.`id`;
  DELETE FROM `active_people_counts`;
END;
--> statement-breakpoint
-- ===== The sitters' answers: answer_days =====
-- An answered request: the UTC day of its answer, its seconds from request to answer and their bucket
-- (upper bounds in minutes: 1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720,
-- 1440, then open; RESPONSE_BUCKET_UPPER_MINUTES in db/constants/analytics.ts, checked equal by a
-- test), and whether it was an acceptance.
CREATE VIEW `answer_facts` AS
SELECT `booking_id`, `at`, substr(`at`, 1, 10) AS `day`, CASE WHEN `seconds` < 60 THEN 0 WHEN `seconds` < 120 THEN 1 WHEN `seconds` < 180 THEN 2 WHEN `seconds` < 300 THEN 3 WHEN `seconds` < 420 THEN 4 WHEN `seconds` < 600 THEN 5 WHEN `seconds` < 900 THEN 6 WHEN `seconds` < 1200 THEN 7 WHEN `seconds` < 1800 THEN 8 WHEN `seconds` < 2700 THEN 9 WHEN `seconds` < 3600 THEN 10 WHEN `seconds` < 5400 THEN 11 WHEN `seconds` < 7200 THEN 12 WHEN `seconds` < 10800 THEN 13 WHEN `seconds` < 14400 THEN 14 WHEN `seconds` < 21600 THEN 15 WHEN `seconds` < 28800 THEN 16 WHEN `seconds` < 43200 THEN 17 WHEN `seconds` < 86400 THEN 18 ELSE 19 END AS `bucket`, `seconds`, `accepted`
FROM (SELECT b.`id` AS `booking_id`, b.`responded_at` AS `at`,
    CAST(round((julianday(b.`responded_at`) - julianday(b.`created_at`)) * 86400) AS INTEGER) AS `seconds`,
    (b.`status` IN ('confirmed', 'completed') OR (b.`status` = 'cancelled' AND coalesce(b.`cancel_reason`, '') <> 'declined')) AS `accepted`
  FROM `bookings` b WHERE b.`responded_at` IS NOT NULL);
--> statement-breakpoint
INSERT INTO `answer_days` (`day`, `bucket`, `answers`, `accepted`, `seconds`)
SELECT `day`, `bucket`, count(*), sum(`accepted`), sum(`seconds`) FROM `answer_facts` GROUP BY `day`, `bucket`;
--> statement-breakpoint
-- Inserting into this view (it holds no row) adds `sign` times an answer to its day and bucket; a
-- bucket left with no answer goes.
CREATE VIEW `answer_days_delta` AS SELECT 1 AS `sign`, '' AS `day`, 0 AS `bucket`, 0 AS `seconds`, 0 AS `accepted` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `answer_days_delta_apply` INSTEAD OF INSERT ON `answer_days_delta`
BEGIN
  INSERT INTO `answer_days` (`day`, `bucket`, `answers`, `accepted`, `seconds`)
  VALUES (NEW.`day`, NEW.`bucket`, NEW.`sign`, NEW.`sign` * NEW.`accepted`, NEW.`sign` * NEW.`seconds`)
  ON CONFLICT (`day`, `bucket`) DO UPDATE SET `answers` = `answers` + excluded.`answers`,
    `accepted` = `accepted` + excluded.`accepted`, `seconds` = `seconds` + excluded.`seconds`;
  DELETE FROM `answer_days` WHERE `day` = NEW.`day` AND `bucket` = NEW.`bucket` AND `answers` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_answer_days_insert` AFTER INSERT ON `bookings`
WHEN NEW.`responded_at` IS NOT NULL
BEGIN
  INSERT INTO `answer_days_delta` SELECT 1, `day`, `bucket`, `seconds`, `accepted` FROM `answer_facts` WHERE `booking_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_answer_days_before_update` BEFORE UPDATE OF `created_at`, `responded_at`, `status`, `cancel_reason` ON `bookings`
WHEN OLD.`responded_at` IS NOT NULL
BEGIN
  INSERT INTO `answer_days_delta` SELECT -1, `day`, `bucket`, `seconds`, `accepted` FROM `answer_facts` WHERE `booking_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_answer_days_after_update` AFTER UPDATE OF `created_at`, `responded_at`, `status`, `cancel_reason` ON `bookings`
WHEN NEW.`responded_at` IS NOT NULL
BEGIN
  INSERT INTO `answer_days_delta` SELECT 1, `day`, `bucket`, `seconds`, `accepted` FROM `answer_facts` WHERE `booking_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_answer_days_delete` BEFORE DELETE ON `bookings`
WHEN OLD.`responded_at` IS NOT NULL
BEGIN
  INSERT INTO `answer_days_delta` SELECT -1, `day`, `bucket`, `seconds`, `accepted` FROM `answer_facts` WHERE `booking_id` = OLD.`id`;
END;
--> statement-breakpoint
-- ===== The series: dashboard_hours =====
-- The plans' revenue: a paid invoice, net of refunds, at the hour it was paid.
CREATE VIEW `dashboard_hour_invoices` AS
SELECT i.`id` AS `source_id`, coalesce(i.`paid_at`, i.`created_at`) AS `at`,
  i.`amount_paid_cents` - i.`refunded_cents` AS `plans_cents`, 0 AS `parents`, 0 AS `sitters`, 0 AS `requests`, 0 AS `value_cents`
FROM `invoices` i WHERE i.`status` = 'paid';
--> statement-breakpoint
-- The sign-ups: a parent's or a sitter's profile, at the hour it was created.
CREATE VIEW `dashboard_hour_signups` AS
SELECT p.`id` AS `source_id`, p.`created_at` AS `at`, 0 AS `plans_cents`,
  p.`user_type` = 'parent' AS `parents`, p.`user_type` = 'babysitter' AS `sitters`, 0 AS `requests`, 0 AS `value_cents`
FROM `profiles` p WHERE p.`user_type` IN ('parent', 'babysitter');
--> statement-breakpoint
-- The bookings: a request at the hour it was made, with its amount when it went ahead (confirmed or completed).
CREATE VIEW `dashboard_hour_bookings` AS
SELECT b.`id` AS `source_id`, b.`created_at` AS `at`, 0 AS `plans_cents`, 0 AS `parents`, 0 AS `sitters`, 1 AS `requests`,
  CASE WHEN b.`status` IN ('confirmed', 'completed') THEN b.`total_amount_cents` ELSE 0 END AS `value_cents`
FROM `bookings` b;
--> statement-breakpoint
-- Every source at once, for the fill and the live reads of a period's partial hours.
CREATE VIEW `dashboard_hour_sources` AS
SELECT `source_id`, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_invoices`
UNION ALL SELECT `source_id`, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups`
UNION ALL SELECT `source_id`, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_bookings`;
--> statement-breakpoint
INSERT INTO `dashboard_hours` (`hour`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents`)
SELECT substr(`at`, 1, 13), sum(`plans_cents`), sum(`parents`), sum(`sitters`), sum(`requests`), sum(`value_cents`)
FROM `dashboard_hour_sources` GROUP BY substr(`at`, 1, 13);
--> statement-breakpoint
-- Inserting into this view (it holds no row) adds `sign` times a contribution to its hour; an hour
-- left with nothing goes.
CREATE VIEW `dashboard_hours_delta` AS SELECT 1 AS `sign`, '' AS `at`, 0 AS `plans_cents`, 0 AS `parents`, 0 AS `sitters`, 0 AS `requests`, 0 AS `value_cents` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `dashboard_hours_delta_apply` INSTEAD OF INSERT ON `dashboard_hours_delta`
BEGIN
  INSERT INTO `dashboard_hours` (`hour`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents`)
  VALUES (substr(NEW.`at`, 1, 13), NEW.`sign` * NEW.`plans_cents`, NEW.`sign` * NEW.`parents`, NEW.`sign` * NEW.`sitters`,
    NEW.`sign` * NEW.`requests`, NEW.`sign` * NEW.`value_cents`)
  ON CONFLICT (`hour`) DO UPDATE SET `plans_cents` = `plans_cents` + excluded.`plans_cents`,
    `parents` = `parents` + excluded.`parents`, `sitters` = `sitters` + excluded.`sitters`,
    `requests` = `requests` + excluded.`requests`, `value_cents` = `value_cents` + excluded.`value_cents`;
  DELETE FROM `dashboard_hours` WHERE `hour` = substr(NEW.`at`, 1, 13) AND `plans_cents` = 0 AND `parents` = 0
    AND `sitters` = 0 AND `requests` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_dashboard_hours_insert` AFTER INSERT ON `invoices`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_invoices` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_dashboard_hours_before_update` BEFORE UPDATE OF `status`, `paid_at`, `created_at`, `amount_paid_cents`, `refunded_cents` ON `invoices`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_invoices` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_dashboard_hours_after_update` AFTER UPDATE OF `status`, `paid_at`, `created_at`, `amount_paid_cents`, `refunded_cents` ON `invoices`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_invoices` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_dashboard_hours_delete` BEFORE DELETE ON `invoices`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_invoices` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_before_update` BEFORE UPDATE OF `user_type`, `created_at` ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_after_update` AFTER UPDATE OF `user_type`, `created_at` ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_dashboard_hours_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_bookings` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_dashboard_hours_before_update` BEFORE UPDATE OF `created_at`, `status`, `total_amount_cents` ON `bookings`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_bookings` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_dashboard_hours_after_update` AFTER UPDATE OF `created_at`, `status`, `total_amount_cents` ON `bookings`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_bookings` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_dashboard_hours_delete` BEFORE DELETE ON `bookings`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_bookings` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
-- ===== The conversion funnel: member_funnel =====
-- A parent's or sitter's steps as they stand now. A parent: searched signed in (first_search_at),
-- requested a booking, had one accepted (answered and not declined; a later cancellation keeps it),
-- had one completed. A sitter: listed (the rule of edge/services/search/listing.ts: her own rate
-- chosen, a presentation that is not blank, at least one weekly slot; a test holds the two equal),
-- accepted a request, took a paid plan (not the discovery plan, past its trial), and when the first started.
CREATE VIEW `member_funnel_facts` AS
SELECT p.`id` AS `profile_id`, p.`user_type` AS `role`, p.`created_at` AS `signed_up_at`,
  p.`first_search_at` IS NOT NULL AS `searched`,
  EXISTS (SELECT 1 FROM `bookings` b WHERE b.`parent_id` = p.`id`) AS `requested`,
  EXISTS (SELECT 1 FROM `bookings` b WHERE b.`parent_id` = p.`id` AND b.`responded_at` IS NOT NULL
    AND coalesce(b.`cancel_reason`, '') <> 'declined') AS `confirmed`,
  EXISTS (SELECT 1 FROM `bookings` b WHERE b.`parent_id` = p.`id` AND b.`status` = 'completed') AS `completed`,
  coalesce((SELECT bp.`rate_chosen_at` IS NOT NULL AND p.`bio` IS NOT NULL AND trim(p.`bio`) <> ''
      AND EXISTS (SELECT 1 FROM json_each(bp.`available_hours`) lday
        WHERE json_type(lday.`value`) = 'array' AND json_array_length(lday.`value`) > 0)
    FROM `babysitter_profiles` bp WHERE bp.`profile_id` = p.`id`), 0) AS `listed`,
  EXISTS (SELECT 1 FROM `bookings` b WHERE b.`babysitter_id` = p.`id` AND b.`responded_at` IS NOT NULL
    AND coalesce(b.`cancel_reason`, '') <> 'declined') AS `accepted`,
  EXISTS (SELECT 1 FROM `subscriptions` s WHERE s.`profile_id` = p.`id` AND s.`plan` <> 'discovery'
    AND s.`status` <> 'trialing') AS `paid`,
  (SELECT min(s.`created_at`) FROM `subscriptions` s WHERE s.`profile_id` = p.`id` AND s.`plan` <> 'discovery'
    AND s.`status` <> 'trialing') AS `first_paid_at`
FROM `profiles` p WHERE p.`user_type` IN ('parent', 'babysitter');
--> statement-breakpoint
INSERT INTO `member_funnel` (`profile_id`, `role`, `signed_up_at`, `searched`, `requested`, `confirmed`, `completed`, `listed`, `accepted`, `paid`, `first_paid_at`)
SELECT `profile_id`, `role`, `signed_up_at`, `searched`, `requested`, `confirmed`, `completed`, `listed`, `accepted`, `paid`, `first_paid_at` FROM `member_funnel_facts`;
--> statement-breakpoint
-- Inserting a profile id into this view (it holds no row) recomputes that person's steps.
CREATE VIEW `member_funnel_refresh` AS SELECT '' AS `profile_id` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `member_funnel_refresh_apply` INSTEAD OF INSERT ON `member_funnel_refresh`
BEGIN
  DELETE FROM `member_funnel` WHERE `profile_id` = NEW.`profile_id`;
  INSERT INTO `member_funnel` (`profile_id`, `role`, `signed_up_at`, `searched`, `requested`, `confirmed`, `completed`, `listed`, `accepted`, `paid`, `first_paid_at`)
  SELECT `profile_id`, `role`, `signed_up_at`, `searched`, `requested`, `confirmed`, `completed`, `listed`, `accepted`, `paid`, `first_paid_at`
  FROM `member_funnel_facts` WHERE `profile_id` = NEW.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_member_funnel_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_member_funnel_update` AFTER UPDATE OF `user_type`, `created_at`, `first_search_at`, `bio` ON `profiles`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `babysitter_profiles_member_funnel_insert` AFTER INSERT ON `babysitter_profiles`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`profile_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `babysitter_profiles_member_funnel_update` AFTER UPDATE OF `rate_chosen_at`, `available_hours` ON `babysitter_profiles`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`profile_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `babysitter_profiles_member_funnel_delete` AFTER DELETE ON `babysitter_profiles`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (OLD.`profile_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_member_funnel_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`parent_id`), (NEW.`babysitter_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_member_funnel_update` AFTER UPDATE OF `status`, `responded_at`, `cancel_reason` ON `bookings`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`parent_id`), (NEW.`babysitter_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_member_funnel_delete` AFTER DELETE ON `bookings`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (OLD.`parent_id`), (OLD.`babysitter_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_member_funnel_insert` AFTER INSERT ON `subscriptions`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`profile_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_member_funnel_update` AFTER UPDATE OF `plan`, `status`, `created_at` ON `subscriptions`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`profile_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_member_funnel_delete` AFTER DELETE ON `subscriptions`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (OLD.`profile_id`);
END;
