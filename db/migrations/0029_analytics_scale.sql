CREATE TABLE `member_activity_counts` (
	`cohort` text NOT NULL,
	`month` text NOT NULL,
	`members` integer NOT NULL,
	PRIMARY KEY(`cohort`, `month`)
);
--> statement-breakpoint
CREATE TABLE `member_activity_months` (
	`profile_id` text NOT NULL,
	`month` text NOT NULL,
	`first_at` text NOT NULL,
	`cohort` text,
	PRIMARY KEY(`profile_id`, `month`),
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_activity_months_month_idx` ON `member_activity_months` (`month`,`first_at`);--> statement-breakpoint
CREATE TABLE `member_cohorts` (
	`cohort` text PRIMARY KEY NOT NULL,
	`members` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pair_first_booking_days` (
	`day` text NOT NULL,
	`messages_before` integer NOT NULL,
	`pairs` integer NOT NULL,
	PRIMARY KEY(`day`, `messages_before`)
);
--> statement-breakpoint
CREATE TABLE `pair_first_bookings` (
	`parent_id` text NOT NULL,
	`babysitter_id` text NOT NULL,
	`booked_at` text NOT NULL,
	`messages_before` integer NOT NULL,
	PRIMARY KEY(`parent_id`, `babysitter_id`),
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`babysitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pair_first_bookings_booked_idx` ON `pair_first_bookings` (`booked_at`,`messages_before`);--> statement-breakpoint
CREATE TABLE `parent_first_bookings` (
	`parent_id` text PRIMARY KEY NOT NULL,
	`booked_at` text NOT NULL,
	`signed_up_at` text NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `parent_first_bookings_booked_idx` ON `parent_first_bookings` (`booked_at`,`signed_up_at`);--> statement-breakpoint
CREATE TABLE `paris_months` (
	`month` text PRIMARY KEY NOT NULL,
	`starts_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paris_months_starts_at_unique` ON `paris_months` (`starts_at`);--> statement-breakpoint
CREATE TABLE `search_hours` (
	`hour` text PRIMARY KEY NOT NULL,
	`searches` integer NOT NULL,
	`zero_results` integer NOT NULL,
	`filtered` integer NOT NULL,
	`radius` integer DEFAULT 0 NOT NULL,
	`min_rate` integer DEFAULT 0 NOT NULL,
	`max_rate` integer DEFAULT 0 NOT NULL,
	`min_rating` integer DEFAULT 0 NOT NULL,
	`available_today` integer DEFAULT 0 NOT NULL,
	`verified_only` integer DEFAULT 0 NOT NULL,
	`emergency` integer DEFAULT 0 NOT NULL,
	`references` integer DEFAULT 0 NOT NULL,
	`languages` integer DEFAULT 0 NOT NULL,
	`specialties` integer DEFAULT 0 NOT NULL,
	`age_groups` integer DEFAULT 0 NOT NULL,
	`experience` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `search_queries` (
	`span` text NOT NULL,
	`start` text NOT NULL,
	`query_text` text NOT NULL,
	`searches` integer NOT NULL,
	`zero_results` integer NOT NULL,
	PRIMARY KEY(`span`, `start`, `query_text`),
	CONSTRAINT "search_queries_span_check" CHECK("search_queries"."span" IN ('day', 'month'))
);
--> statement-breakpoint
CREATE INDEX `profiles_type_created_idx` ON `profiles` (`user_type`,`created_at`);
--> statement-breakpoint
-- The console's analytics at scale (edge/services/admin/analytics.ts): what a period of a year would
-- otherwise read from a million rows is kept by the database as the rows are written, so that every
-- writer (the routes, the crons, the seed, the tests' SQL) keeps it without knowing. Each rule is
-- written once, in a view; the triggers go through it. Sums (the searches) take a row's part away when
-- it changes or goes; the firsts and the months of activity, which a deletion cannot simply subtract
-- from, are computed again for the people a changed or deleted row concerns (the app never changes nor
-- deletes these rows: a deleted account is anonymised; only the retention purge deletes search events).
--
-- Searches: what one search event counts for, the one definition the triggers and the screen's live
-- reads (the partial hours and days at a period's edges) both use. A filter counts when its name is
-- in the event's comma-separated list; the names are SEARCH_EVENT_FILTERS (db/constants/analytics.ts),
-- each with its column of search_hours (searchFilterColumn), checked equal by a test.
CREATE VIEW `search_event_counts` AS
SELECT `id`, `created_at`, `query_text`, 1 AS `searches`, `result_count` = 0 AS `zero_results`, `filters` <> '' AS `filtered`,
  instr(',' || `filters` || ',', ',radius,') > 0 AS `radius`,
  instr(',' || `filters` || ',', ',minRate,') > 0 AS `min_rate`,
  instr(',' || `filters` || ',', ',maxRate,') > 0 AS `max_rate`,
  instr(',' || `filters` || ',', ',minRating,') > 0 AS `min_rating`,
  instr(',' || `filters` || ',', ',availableToday,') > 0 AS `available_today`,
  instr(',' || `filters` || ',', ',verifiedOnly,') > 0 AS `verified_only`,
  instr(',' || `filters` || ',', ',emergency,') > 0 AS `emergency`,
  instr(',' || `filters` || ',', ',references,') > 0 AS `references`,
  instr(',' || `filters` || ',', ',languages,') > 0 AS `languages`,
  instr(',' || `filters` || ',', ',specialties,') > 0 AS `specialties`,
  instr(',' || `filters` || ',', ',ageGroups,') > 0 AS `age_groups`,
  instr(',' || `filters` || ',', ',experience,') > 0 AS `experience`
FROM `search_events`;
--> statement-breakpoint
-- Inserting into this view (it holds no row) adds `sign` times an event's counts to its UTC hour and,
-- when it has words, to its words' UTC day and UTC month; a row brought back to zero searches goes.
CREATE VIEW `search_rollup_delta` AS SELECT 1 AS `sign`, `created_at`, `query_text`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience` FROM `search_event_counts` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `search_rollup_delta_apply` INSTEAD OF INSERT ON `search_rollup_delta`
BEGIN
  INSERT INTO `search_hours` (`hour`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience`)
  VALUES (substr(NEW.`created_at`, 1, 13), NEW.`sign` * NEW.`searches`, NEW.`sign` * NEW.`zero_results`, NEW.`sign` * NEW.`filtered`, NEW.`sign` * NEW.`radius`, NEW.`sign` * NEW.`min_rate`, NEW.`sign` * NEW.`max_rate`, NEW.`sign` * NEW.`min_rating`, NEW.`sign` * NEW.`available_today`, NEW.`sign` * NEW.`verified_only`, NEW.`sign` * NEW.`emergency`, NEW.`sign` * NEW.`references`, NEW.`sign` * NEW.`languages`, NEW.`sign` * NEW.`specialties`, NEW.`sign` * NEW.`age_groups`, NEW.`sign` * NEW.`experience`)
  ON CONFLICT (`hour`) DO UPDATE SET `searches` = `searches` + excluded.`searches`, `zero_results` = `zero_results` + excluded.`zero_results`, `filtered` = `filtered` + excluded.`filtered`, `radius` = `radius` + excluded.`radius`, `min_rate` = `min_rate` + excluded.`min_rate`, `max_rate` = `max_rate` + excluded.`max_rate`, `min_rating` = `min_rating` + excluded.`min_rating`, `available_today` = `available_today` + excluded.`available_today`, `verified_only` = `verified_only` + excluded.`verified_only`, `emergency` = `emergency` + excluded.`emergency`, `references` = `references` + excluded.`references`, `languages` = `languages` + excluded.`languages`, `specialties` = `specialties` + excluded.`specialties`, `age_groups` = `age_groups` + excluded.`age_groups`, `experience` = `experience` + excluded.`experience`;
  DELETE FROM `search_hours` WHERE NEW.`sign` < 0 AND `hour` = substr(NEW.`created_at`, 1, 13) AND `searches` = 0;
  INSERT INTO `search_queries` (`span`, `start`, `query_text`, `searches`, `zero_results`)
  SELECT span.`name`, substr(NEW.`created_at`, 1, span.`length`), NEW.`query_text`, NEW.`sign` * NEW.`searches`, NEW.`sign` * NEW.`zero_results`
  FROM (SELECT 'day' AS `name`, 10 AS `length` UNION ALL SELECT 'month', 7) span WHERE NEW.`query_text` IS NOT NULL
  ON CONFLICT (`span`, `start`, `query_text`) DO UPDATE SET `searches` = `searches` + excluded.`searches`, `zero_results` = `zero_results` + excluded.`zero_results`;
  DELETE FROM `search_queries` WHERE NEW.`sign` < 0 AND `query_text` = NEW.`query_text` AND `searches` = 0
    AND (`span`, `start`) IN (VALUES ('day', substr(NEW.`created_at`, 1, 10)), ('month', substr(NEW.`created_at`, 1, 7)));
END;
--> statement-breakpoint
CREATE TRIGGER `search_events_rollup_insert` AFTER INSERT ON `search_events`
BEGIN
  INSERT INTO `search_rollup_delta` SELECT 1, `created_at`, `query_text`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience` FROM `search_event_counts` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- The retention purge (edge/services/search/search-events.ts) deletes events past 400 days: their
-- hours and days go with them, so the rollups never hold more than the events.
CREATE TRIGGER `search_events_rollup_delete` BEFORE DELETE ON `search_events`
BEGIN
  INSERT INTO `search_rollup_delta` SELECT -1, `created_at`, `query_text`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience` FROM `search_event_counts` WHERE `id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_events_rollup_before_update` BEFORE UPDATE OF `created_at`, `query_text`, `result_count`, `filters` ON `search_events`
BEGIN
  INSERT INTO `search_rollup_delta` SELECT -1, `created_at`, `query_text`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience` FROM `search_event_counts` WHERE `id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_events_rollup_after_update` AFTER UPDATE OF `created_at`, `query_text`, `result_count`, `filters` ON `search_events`
BEGIN
  INSERT INTO `search_rollup_delta` SELECT 1, `created_at`, `query_text`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience` FROM `search_event_counts` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- What already exists, summed once from the same view.
INSERT INTO `search_hours` (`hour`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience`)
SELECT substr(`created_at`, 1, 13), sum(`searches`), sum(`zero_results`), sum(`filtered`), sum(`radius`), sum(`min_rate`), sum(`max_rate`), sum(`min_rating`), sum(`available_today`), sum(`verified_only`), sum(`emergency`), sum(`references`), sum(`languages`), sum(`specialties`), sum(`age_groups`), sum(`experience`) FROM `search_event_counts` GROUP BY 1;
--> statement-breakpoint
INSERT INTO `search_queries` (`span`, `start`, `query_text`, `searches`, `zero_results`)
SELECT span.`name`, substr(e.`created_at`, 1, span.`length`), e.`query_text`, sum(e.`searches`), sum(e.`zero_results`)
FROM `search_event_counts` e, (SELECT 'day' AS `name`, 10 AS `length` UNION ALL SELECT 'month', 7) span
WHERE e.`query_text` IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Paris months: SQLite has no time zones. Paris is UTC+1, and UTC+2 from the last Sunday of March
-- 01:00 UTC to the last Sunday of October 01:00 UTC (the rule since 1996). A month starts on its 1st
-- at 00:00 Paris; the changes fall between the 25th and the 31st, so every 1st from April to October
-- is in summer time (the month starts at 22:00 UTC the day before) and every other 1st in winter time
-- (23:00 UTC the day before). The one place this is written: every Paris month below is looked up in
-- this table (the last month starting at or before an instant), and a test checks each start against
-- parisToUtcIso (db/time/paris-time.ts). 22:30 UTC on 31 March is April in Paris; on 31 January, January.
WITH RECURSIVE m(y, n) AS (SELECT 1996, 1 UNION ALL SELECT y + (n = 12), n % 12 + 1 FROM m WHERE y < 2199 OR n < 12)
INSERT INTO `paris_months` (`month`, `starts_at`)
SELECT printf('%04d-%02d', y, n), strftime('%Y-%m-%dT%H:%M:%fZ', printf('%04d-%02d-01', y, n), CASE WHEN n BETWEEN 4 AND 10 THEN '-2 hours' ELSE '-1 hours' END) FROM m;
--> statement-breakpoint
-- The members the retention follows: parents and sitters (no admin), each in the cohort of the Paris
-- month she signed up in.
CREATE VIEW `members` AS
SELECT p.`id`, p.`created_at`, (SELECT `month` FROM `paris_months` WHERE `starts_at` <= p.`created_at` ORDER BY `starts_at` DESC LIMIT 1) AS `cohort`
FROM `profiles` p WHERE p.`user_type` IN ('parent', 'babysitter');
--> statement-breakpoint
-- Retention: a person is active in a Paris month when she signed in (audit action auth.sign_in, by her
-- account), sent a message, requested a booking (the parent) or answered one (the sitter, responded_at)
-- in it. This view is that rule over every row; the insert triggers below apply it to the new row.
CREATE VIEW `member_activity_sources` AS
SELECT p.`id` AS `profile_id`, a.`created_at` AS `at` FROM `audit_events` a JOIN `profiles` p ON p.`user_id` = a.`user_id` WHERE a.`action` = 'auth.sign_in'
UNION ALL SELECT `sender_id`, `created_at` FROM `messages`
UNION ALL SELECT `parent_id`, `created_at` FROM `bookings`
UNION ALL SELECT `babysitter_id`, `responded_at` FROM `bookings` WHERE `responded_at` IS NOT NULL;
--> statement-breakpoint
-- Inserting (profile_id, at) into this view (it holds no row) records an activity at the instant `at`:
-- the person's row of its Paris month, or an earlier first_at in it, with her cohort when she is a member.
CREATE VIEW `member_activity` AS SELECT `profile_id`, `first_at` AS `at` FROM `member_activity_months` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `member_activity_record` INSTEAD OF INSERT ON `member_activity`
BEGIN
  INSERT INTO `member_activity_months` (`profile_id`, `month`, `first_at`, `cohort`)
  SELECT p.`id`, m.`month`, NEW.`at`, (SELECT `cohort` FROM `members` WHERE `id` = p.`id`)
  FROM `profiles` p, (SELECT `month` FROM `paris_months` WHERE `starts_at` <= NEW.`at` ORDER BY `starts_at` DESC LIMIT 1) m
  WHERE p.`id` = NEW.`profile_id`
  ON CONFLICT (`profile_id`, `month`) DO UPDATE SET `first_at` = excluded.`first_at` WHERE excluded.`first_at` < `first_at`;
END;
--> statement-breakpoint
-- Inserting a profile id into this view computes her months again from every source (a row of hers
-- changed or went, or her role or sign-up did).
CREATE VIEW `member_activity_recount` AS SELECT `profile_id` FROM `member_activity_months` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `member_activity_recount_apply` INSTEAD OF INSERT ON `member_activity_recount`
BEGIN
  DELETE FROM `member_activity_months` WHERE `profile_id` = NEW.`profile_id`;
  INSERT INTO `member_activity` SELECT `profile_id`, `at` FROM `member_activity_sources` WHERE `profile_id` = NEW.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `audit_events_member_activity` AFTER INSERT ON `audit_events`
WHEN NEW.`action` = 'auth.sign_in' AND NEW.`user_id` IS NOT NULL
BEGIN
  INSERT INTO `member_activity` SELECT `id`, NEW.`created_at` FROM `profiles` WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
-- A profile created after its account's first sign-ins counts them too.
CREATE TRIGGER `profiles_member_activity_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `member_activity` SELECT NEW.`id`, `created_at` FROM `audit_events` WHERE `user_id` = NEW.`user_id` AND `action` = 'auth.sign_in';
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_member_activity_update` AFTER UPDATE OF `user_type`, `created_at`, `user_id` ON `profiles`
WHEN OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  INSERT INTO `member_activity_recount` VALUES (NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_member_activity_insert` AFTER INSERT ON `messages`
BEGIN
  INSERT INTO `member_activity` VALUES (NEW.`sender_id`, NEW.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_member_activity_change` AFTER UPDATE OF `sender_id`, `created_at` ON `messages`
WHEN OLD.`sender_id` IS NOT NEW.`sender_id` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `member_activity_recount` VALUES (OLD.`sender_id`), (NEW.`sender_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_member_activity_delete` AFTER DELETE ON `messages`
BEGIN
  INSERT INTO `member_activity_recount` VALUES (OLD.`sender_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_member_activity_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO `member_activity` VALUES (NEW.`parent_id`, NEW.`created_at`), (NEW.`babysitter_id`, NEW.`responded_at`);
END;
--> statement-breakpoint
-- The sitter's answer (responded_at, set once when she accepts or declines).
CREATE TRIGGER `bookings_member_activity_answer` AFTER UPDATE OF `responded_at` ON `bookings`
WHEN OLD.`responded_at` IS NULL AND NEW.`responded_at` IS NOT NULL
BEGIN
  INSERT INTO `member_activity` VALUES (NEW.`babysitter_id`, NEW.`responded_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_member_activity_change` AFTER UPDATE OF `parent_id`, `babysitter_id`, `created_at`, `responded_at` ON `bookings`
WHEN OLD.`parent_id` IS NOT NEW.`parent_id` OR OLD.`babysitter_id` IS NOT NEW.`babysitter_id`
  OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`responded_at` IS NOT NULL AND OLD.`responded_at` IS NOT NEW.`responded_at`
BEGIN
  INSERT INTO `member_activity_recount` VALUES (OLD.`parent_id`), (OLD.`babysitter_id`), (NEW.`parent_id`), (NEW.`babysitter_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_member_activity_delete` AFTER DELETE ON `bookings`
BEGIN
  INSERT INTO `member_activity_recount` VALUES (OLD.`parent_id`), (OLD.`babysitter_id`);
END;
--> statement-breakpoint
INSERT INTO `member_activity` SELECT `profile_id`, `at` FROM `member_activity_sources`;
--> statement-breakpoint
-- The counts the retention reads: members per cohort (member_cohorts), and members of a cohort active
-- in a month (member_activity_counts, the rows of member_activity_months counted). Inserting into
-- these views (they hold no row) adds `sign` to a count; a count brought back to zero goes. A profile's
-- part is taken away before it changes or goes and added back after, as the view members gives it.
CREATE VIEW `member_cohort_delta` AS SELECT 1 AS `sign`, `cohort` FROM `member_cohorts` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `member_cohort_delta_apply` INSTEAD OF INSERT ON `member_cohort_delta`
WHEN NEW.`cohort` IS NOT NULL
BEGIN
  INSERT INTO `member_cohorts` (`cohort`, `members`) VALUES (NEW.`cohort`, NEW.`sign`)
  ON CONFLICT (`cohort`) DO UPDATE SET `members` = `members` + excluded.`members`;
  DELETE FROM `member_cohorts` WHERE `cohort` = NEW.`cohort` AND `members` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT 1, `cohort` FROM `members` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_before_update` BEFORE UPDATE OF `user_type`, `created_at` ON `profiles`
WHEN OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT -1, `cohort` FROM `members` WHERE `id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_after_update` AFTER UPDATE OF `user_type`, `created_at` ON `profiles`
WHEN OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT 1, `cohort` FROM `members` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT -1, `cohort` FROM `members` WHERE `id` = OLD.`id`;
END;
--> statement-breakpoint
INSERT INTO `member_cohorts` (`cohort`, `members`) SELECT `cohort`, count(*) FROM `members` WHERE `cohort` IS NOT NULL GROUP BY `cohort`;
--> statement-breakpoint
CREATE VIEW `member_activity_count_delta` AS SELECT 1 AS `sign`, `cohort`, `month` FROM `member_activity_counts` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `member_activity_count_delta_apply` INSTEAD OF INSERT ON `member_activity_count_delta`
WHEN NEW.`cohort` IS NOT NULL
BEGIN
  INSERT INTO `member_activity_counts` (`cohort`, `month`, `members`) VALUES (NEW.`cohort`, NEW.`month`, NEW.`sign`)
  ON CONFLICT (`cohort`, `month`) DO UPDATE SET `members` = `members` + excluded.`members`;
  DELETE FROM `member_activity_counts` WHERE `cohort` = NEW.`cohort` AND `month` = NEW.`month` AND `members` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `member_activity_months_count_insert` AFTER INSERT ON `member_activity_months`
BEGIN
  INSERT INTO `member_activity_count_delta` VALUES (1, NEW.`cohort`, NEW.`month`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_activity_months_count_update` AFTER UPDATE OF `cohort`, `month` ON `member_activity_months`
BEGIN
  INSERT INTO `member_activity_count_delta` VALUES (-1, OLD.`cohort`, OLD.`month`), (1, NEW.`cohort`, NEW.`month`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_activity_months_count_delete` AFTER DELETE ON `member_activity_months`
BEGIN
  INSERT INTO `member_activity_count_delta` VALUES (-1, OLD.`cohort`, OLD.`month`);
END;
--> statement-breakpoint
INSERT INTO `member_activity_counts` (`cohort`, `month`, `members`)
SELECT `cohort`, `month`, count(*) FROM `member_activity_months` WHERE `cohort` IS NOT NULL GROUP BY `cohort`, `month`;
--> statement-breakpoint
-- First bookings: a parent's first booking request ever is the earliest created_at of her bookings; a
-- pair's (parent and sitter) the earliest of their bookings together, with the messages of their
-- conversation (one per pair, smaller profile id first; both ways) sent before it. A new booking
-- earlier than the kept one replaces it; a message sent before the pair's first booking adds one;
-- a booking or message that changes or goes has its parent's and pair's firsts computed again.
--
-- Inserting (parent_id, babysitter_id) into this view counts that pair's messages before its first booking.
CREATE VIEW `pair_first_booking_recount` AS SELECT `parent_id`, `babysitter_id` FROM `pair_first_bookings` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `pair_first_booking_recount_apply` INSTEAD OF INSERT ON `pair_first_booking_recount`
BEGIN
  UPDATE `pair_first_bookings` SET `messages_before` = (
    SELECT count(*) FROM `conversations` c JOIN `messages` m ON m.`conversation_id` = c.`id`
    WHERE c.`participant_a` = min(NEW.`parent_id`, NEW.`babysitter_id`) AND c.`participant_b` = max(NEW.`parent_id`, NEW.`babysitter_id`)
      AND m.`created_at` < `pair_first_bookings`.`booked_at`)
  WHERE `parent_id` = NEW.`parent_id` AND `babysitter_id` = NEW.`babysitter_id`;
END;
--> statement-breakpoint
-- Inserting a booking's (parent_id, babysitter_id, created_at) into this view records it as a first
-- request when it is the earliest of the parent's, or of the pair's.
CREATE VIEW `first_booking_record` AS SELECT `parent_id`, `babysitter_id`, `booked_at` FROM `pair_first_bookings` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `first_booking_record_apply` INSTEAD OF INSERT ON `first_booking_record`
BEGIN
  INSERT INTO `parent_first_bookings` (`parent_id`, `booked_at`, `signed_up_at`)
  SELECT NEW.`parent_id`, NEW.`booked_at`, `created_at` FROM `profiles` WHERE `id` = NEW.`parent_id`
  ON CONFLICT (`parent_id`) DO UPDATE SET `booked_at` = excluded.`booked_at` WHERE excluded.`booked_at` < `booked_at`;
  INSERT INTO `pair_first_bookings` (`parent_id`, `babysitter_id`, `booked_at`, `messages_before`)
  VALUES (NEW.`parent_id`, NEW.`babysitter_id`, NEW.`booked_at`, 0)
  ON CONFLICT (`parent_id`, `babysitter_id`) DO UPDATE SET `booked_at` = excluded.`booked_at` WHERE excluded.`booked_at` < `booked_at`;
  INSERT INTO `pair_first_booking_recount` SELECT `parent_id`, `babysitter_id` FROM `pair_first_bookings`
  WHERE `parent_id` = NEW.`parent_id` AND `babysitter_id` = NEW.`babysitter_id` AND `booked_at` = NEW.`booked_at`;
END;
--> statement-breakpoint
-- Inserting a parent and a sitter into this view computes their firsts again from their bookings.
CREATE VIEW `first_booking_recount` AS SELECT `parent_id`, `babysitter_id` FROM `pair_first_bookings` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `first_booking_recount_apply` INSTEAD OF INSERT ON `first_booking_recount`
BEGIN
  DELETE FROM `parent_first_bookings` WHERE `parent_id` = NEW.`parent_id`;
  DELETE FROM `pair_first_bookings` WHERE `parent_id` = NEW.`parent_id` AND `babysitter_id` = NEW.`babysitter_id`;
  INSERT INTO `first_booking_record` SELECT `parent_id`, `babysitter_id`, `created_at` FROM `bookings` WHERE `parent_id` = NEW.`parent_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_first_booking_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO `first_booking_record` VALUES (NEW.`parent_id`, NEW.`babysitter_id`, NEW.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_first_booking_change` AFTER UPDATE OF `parent_id`, `babysitter_id`, `created_at` ON `bookings`
WHEN OLD.`parent_id` IS NOT NEW.`parent_id` OR OLD.`babysitter_id` IS NOT NEW.`babysitter_id` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `first_booking_recount` VALUES (OLD.`parent_id`, OLD.`babysitter_id`), (NEW.`parent_id`, NEW.`babysitter_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_first_booking_delete` AFTER DELETE ON `bookings`
BEGIN
  INSERT INTO `first_booking_recount` VALUES (OLD.`parent_id`, OLD.`babysitter_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_first_booking_sign_up` AFTER UPDATE OF `created_at` ON `profiles`
BEGIN
  UPDATE `parent_first_bookings` SET `signed_up_at` = NEW.`created_at` WHERE `parent_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_first_booking_insert` AFTER INSERT ON `messages`
BEGIN
  UPDATE `pair_first_bookings` SET `messages_before` = `messages_before` + 1
  WHERE `parent_id` = (SELECT `participant_a` FROM `conversations` WHERE `id` = NEW.`conversation_id`)
    AND `babysitter_id` = (SELECT `participant_b` FROM `conversations` WHERE `id` = NEW.`conversation_id`)
    AND `booked_at` > NEW.`created_at`;
  UPDATE `pair_first_bookings` SET `messages_before` = `messages_before` + 1
  WHERE `parent_id` = (SELECT `participant_b` FROM `conversations` WHERE `id` = NEW.`conversation_id`)
    AND `babysitter_id` = (SELECT `participant_a` FROM `conversations` WHERE `id` = NEW.`conversation_id`)
    AND `booked_at` > NEW.`created_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_first_booking_change` AFTER UPDATE OF `conversation_id`, `created_at` ON `messages`
WHEN OLD.`conversation_id` IS NOT NEW.`conversation_id` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `pair_first_booking_recount` SELECT f.`parent_id`, f.`babysitter_id` FROM `conversations` c
    JOIN `pair_first_bookings` f ON f.`parent_id` IN (c.`participant_a`, c.`participant_b`) AND f.`babysitter_id` IN (c.`participant_a`, c.`participant_b`)
    WHERE c.`id` IN (OLD.`conversation_id`, NEW.`conversation_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_first_booking_delete` AFTER DELETE ON `messages`
BEGIN
  INSERT INTO `pair_first_booking_recount` SELECT f.`parent_id`, f.`babysitter_id` FROM `conversations` c
    JOIN `pair_first_bookings` f ON f.`parent_id` IN (c.`participant_a`, c.`participant_b`) AND f.`babysitter_id` IN (c.`participant_a`, c.`participant_b`)
    WHERE c.`id` = OLD.`conversation_id`;
END;
--> statement-breakpoint
INSERT INTO `first_booking_record` SELECT `parent_id`, `babysitter_id`, `created_at` FROM `bookings`;
--> statement-breakpoint
-- The pairs per UTC day of their first booking and number of messages before it (the period's whole
-- days; its partial days are read live from pair_first_bookings): inserting into this view (it holds
-- no row) adds `sign` to a count; a count brought back to zero goes.
CREATE VIEW `pair_first_booking_day_delta` AS SELECT 1 AS `sign`, `booked_at`, `messages_before` FROM `pair_first_bookings` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `pair_first_booking_day_delta_apply` INSTEAD OF INSERT ON `pair_first_booking_day_delta`
BEGIN
  INSERT INTO `pair_first_booking_days` (`day`, `messages_before`, `pairs`) VALUES (substr(NEW.`booked_at`, 1, 10), NEW.`messages_before`, NEW.`sign`)
  ON CONFLICT (`day`, `messages_before`) DO UPDATE SET `pairs` = `pairs` + excluded.`pairs`;
  DELETE FROM `pair_first_booking_days` WHERE `day` = substr(NEW.`booked_at`, 1, 10) AND `messages_before` = NEW.`messages_before` AND `pairs` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `pair_first_bookings_day_insert` AFTER INSERT ON `pair_first_bookings`
BEGIN
  INSERT INTO `pair_first_booking_day_delta` VALUES (1, NEW.`booked_at`, NEW.`messages_before`);
END;
--> statement-breakpoint
CREATE TRIGGER `pair_first_bookings_day_update` AFTER UPDATE OF `booked_at`, `messages_before` ON `pair_first_bookings`
BEGIN
  INSERT INTO `pair_first_booking_day_delta` VALUES (-1, OLD.`booked_at`, OLD.`messages_before`), (1, NEW.`booked_at`, NEW.`messages_before`);
END;
--> statement-breakpoint
CREATE TRIGGER `pair_first_bookings_day_delete` AFTER DELETE ON `pair_first_bookings`
BEGIN
  INSERT INTO `pair_first_booking_day_delta` VALUES (-1, OLD.`booked_at`, OLD.`messages_before`);
END;
--> statement-breakpoint
INSERT INTO `pair_first_booking_days` (`day`, `messages_before`, `pairs`)
SELECT substr(`booked_at`, 1, 10), `messages_before`, count(*) FROM `pair_first_bookings` GROUP BY 1, 2;
