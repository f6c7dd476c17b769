CREATE TABLE `audit_days` (
	`day` text NOT NULL,
	`status` text NOT NULL,
	`severity` text NOT NULL,
	`events` integer NOT NULL,
	PRIMARY KEY(`day`, `status`, `severity`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `city_people` (
	`city_id` text NOT NULL,
	`user_type` text NOT NULL,
	`placed` integer NOT NULL,
	`deleted` integer NOT NULL,
	PRIMARY KEY(`city_id`, `user_type`)
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX `audit_events_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_events_created_status_idx` ON `audit_events` (`created_at`,`status`,`severity`);--> statement-breakpoint
CREATE INDEX `profiles_id_city_idx` ON `profiles` (`id`,`city_id`);--> statement-breakpoint
-- The console's Audit and Geography read these counts instead of every entry of a period or every
-- person (db/schema/console-rollups.ts describes the tables; WITHOUT ROWID added by hand to
-- drizzle-kit's CREATE TABLE above: a span of days, or a commune's roles, is one run of rows).
--
-- audit_days: the audit log's entries per UTC day (substr(created_at, 1, 10)), status and severity.
-- The log is append-only: migration 0023's triggers refuse every DELETE and every change of
-- created_at, status and severity (anonymisation may only clear the person's name, address and
-- browser), so an entry is counted once, when it is written, and its count never changes.
CREATE TRIGGER `audit_events_days_insert` AFTER INSERT ON `audit_events`
BEGIN
  INSERT INTO `audit_days` (`day`, `status`, `severity`, `events`)
  VALUES (substr(NEW.`created_at`, 1, 10), NEW.`status`, NEW.`severity`, 1)
  ON CONFLICT (`day`, `status`, `severity`) DO UPDATE SET `events` = `events` + 1;
END;
--> statement-breakpoint
INSERT INTO `audit_days` (`day`, `status`, `severity`, `events`)
SELECT substr(`created_at`, 1, 10), `status`, `severity`, count(*) FROM `audit_events` GROUP BY 1, 2, 3;
--> statement-breakpoint
-- city_people: the parents and sitters placed in each commune (profiles.city_id, kept by migration
-- 0027's triggers) per role, `placed`, and of those the ones whose account is deleted (user.deleted_at
-- set), `deleted`. The view city_people_sources is the rule: one row per placed profile of the two
-- roles, with whether its account is deleted; a profile whose account row is missing is not deleted.
-- The triggers take a profile's contribution away before it changes or goes and add it back after,
-- through the view city_people_delta, whose INSTEAD OF trigger is the one writer of city_people.
CREATE VIEW `city_people_sources` AS
SELECT p.`id` AS `profile_id`, p.`user_id` AS `user_id`, p.`city_id` AS `city_id`, p.`user_type` AS `user_type`,
  EXISTS (SELECT 1 FROM `user` u WHERE u.`id` = p.`user_id` AND u.`deleted_at` IS NOT NULL) AS `deleted`
FROM `profiles` p
WHERE p.`city_id` IS NOT NULL AND p.`user_type` IN ('parent', 'babysitter');
--> statement-breakpoint
-- Inserting into this view (it holds no row) adds `placed` and `deleted` to the commune's role.
CREATE VIEW `city_people_delta` AS SELECT '' AS `city_id`, '' AS `user_type`, 0 AS `placed`, 0 AS `deleted` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `city_people_delta_apply` INSTEAD OF INSERT ON `city_people_delta`
BEGIN
  INSERT INTO `city_people` (`city_id`, `user_type`, `placed`, `deleted`)
  VALUES (NEW.`city_id`, NEW.`user_type`, NEW.`placed`, NEW.`deleted`)
  ON CONFLICT (`city_id`, `user_type`) DO UPDATE SET `placed` = `placed` + excluded.`placed`, `deleted` = `deleted` + excluded.`deleted`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, 1, `deleted` FROM `city_people_sources` WHERE `profile_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_before_update` BEFORE UPDATE OF `city_id`, `user_type`, `user_id` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, -1, -`deleted` FROM `city_people_sources` WHERE `profile_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_after_update` AFTER UPDATE OF `city_id`, `user_type`, `user_id` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, 1, `deleted` FROM `city_people_sources` WHERE `profile_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, -1, -`deleted` FROM `city_people_sources` WHERE `profile_id` = OLD.`id`;
END;
--> statement-breakpoint
-- An account deleted or restored moves its profile between the two counts.
CREATE TRIGGER `user_city_people_before_deletion` BEFORE UPDATE OF `deleted_at` ON `user`
WHEN (OLD.`deleted_at` IS NULL) IS NOT (NEW.`deleted_at` IS NULL)
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, -1, -`deleted` FROM `city_people_sources` WHERE `user_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `user_city_people_after_deletion` AFTER UPDATE OF `deleted_at` ON `user`
WHEN (OLD.`deleted_at` IS NULL) IS NOT (NEW.`deleted_at` IS NULL)
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, 1, `deleted` FROM `city_people_sources` WHERE `user_id` = NEW.`id`;
END;
--> statement-breakpoint
-- An account row removed: by the time its profile is removed with it (ON DELETE CASCADE), the row is
-- already gone and the profile reads as not deleted, so it is moved out of `deleted` first.
CREATE TRIGGER `user_city_people_delete` BEFORE DELETE ON `user`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, 0, -`deleted` FROM `city_people_sources` WHERE `user_id` = OLD.`id`;
END;
--> statement-breakpoint
INSERT INTO `city_people` (`city_id`, `user_type`, `placed`, `deleted`)
SELECT `city_id`, `user_type`, count(*), sum(`deleted`) FROM `city_people_sources` GROUP BY 1, 2;
