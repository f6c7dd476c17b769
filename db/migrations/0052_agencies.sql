-- Agencies, and 'agency' among profiles.user_type (the role of an agency's managers).
-- SQLite cannot change a CHECK constraint, so profiles is rebuilt. drizzle-kit's rebuild is
-- edited by hand in three ways: the rows keep their rowids (profiles_text, babysitter_search and
-- sitter_text are keyed by them); the rename runs with legacy_alter_table on (the views that read
-- profiles would otherwise stop it: "no such table" between the drop and the rename), so the new
-- table's CHECKs name their columns unqualified; and the 30 triggers on profiles, dropped with the
-- old table, are created again exactly as migrations 0003-0044 left them. Checked on a seeded
-- database: every table's count, every other schema object and every profile's rowid unchanged.
CREATE TABLE `agencies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`siren` text NOT NULL,
	`sap_number` text,
	`contact_email` text NOT NULL,
	`contact_phone` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "agencies_name_check" CHECK(length("agencies"."name") BETWEEN 2 AND 120),
	CONSTRAINT "agencies_siren_check" CHECK(length("agencies"."siren") = 9 AND "agencies"."siren" NOT GLOB '*[^0-9]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agencies_siren_unique` ON `agencies` (`siren`);--> statement-breakpoint
CREATE INDEX `agencies_name_idx` ON `agencies` (`name`);--> statement-breakpoint
CREATE TABLE `agency_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`email` text NOT NULL,
	`invited_by` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`responded_at` text,
	FOREIGN KEY (`agency_id`) REFERENCES `agencies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "agency_invitations_status_check" CHECK("agency_invitations"."status" IN ('pending', 'accepted', 'declined', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agency_invitations_pending_idx` ON `agency_invitations` (`agency_id`,`email`) WHERE "agency_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `agency_invitations_email_idx` ON `agency_invitations` (`email`,`status`);--> statement-breakpoint
CREATE INDEX `agency_invitations_agency_idx` ON `agency_invitations` (`agency_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `agency_managers` (
	`profile_id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agency_id`) REFERENCES `agencies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agency_managers_agency_idx` ON `agency_managers` (`agency_id`);--> statement-breakpoint
CREATE TABLE `agency_members` (
	`sitter_id` text PRIMARY KEY NOT NULL,
	`agency_id` text NOT NULL,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`sitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agency_id`) REFERENCES `agencies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agency_members_agency_idx` ON `agency_members` (`agency_id`,`sitter_id`);--> statement-breakpoint
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
	`language` text DEFAULT 'fr' NOT NULL,
	`latitude` real,
	`longitude` real,
	`city_id` text,
	`first_search_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "profiles_user_type_check" CHECK("user_type" IN ('parent', 'babysitter', 'admin', 'agency')),
	CONSTRAINT "profiles_rating_check" CHECK("rating" BETWEEN 0 AND 5),
	CONSTRAINT "profiles_total_reviews_check" CHECK("total_reviews" >= 0),
	CONSTRAINT "profiles_visibility_check" CHECK("profile_visibility" IN ('public', 'members', 'hidden')),
	CONSTRAINT "profiles_bio_length_check" CHECK("bio" IS NULL OR length("bio") <= 500),
	CONSTRAINT "profiles_latitude_check" CHECK("latitude" IS NULL OR "latitude" BETWEEN -90 AND 90),
	CONSTRAINT "profiles_longitude_check" CHECK("longitude" IS NULL OR "longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
INSERT INTO `__new_profiles`("rowid", "id", "user_id", "user_type", "first_name", "last_name", "email", "phone", "address", "city", "postal_code", "bio", "photo_url", "is_verified", "rating", "total_reviews", "profile_visibility", "language", "latitude", "longitude", "city_id", "first_search_at", "created_at", "updated_at") SELECT "rowid", "id", "user_id", "user_type", "first_name", "last_name", "email", "phone", "address", "city", "postal_code", "bio", "photo_url", "is_verified", "rating", "total_reviews", "profile_visibility", "language", "latitude", "longitude", "city_id", "first_search_at", "created_at", "updated_at" FROM `profiles`;--> statement-breakpoint
DROP TABLE `profiles`;--> statement-breakpoint
PRAGMA legacy_alter_table=ON;--> statement-breakpoint
ALTER TABLE `__new_profiles` RENAME TO `profiles`;--> statement-breakpoint
PRAGMA legacy_alter_table=OFF;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_user_id_unique` ON `profiles` (`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_user_type_city_idx` ON `profiles` (`user_type`,`city`);--> statement-breakpoint
CREATE INDEX `profiles_lat_lng_idx` ON `profiles` (`latitude`,`longitude`);--> statement-breakpoint
CREATE INDEX `profiles_city_type_idx` ON `profiles` (`city_id`,`user_type`);--> statement-breakpoint
CREATE INDEX `profiles_id_city_idx` ON `profiles` (`id`,`city_id`);--> statement-breakpoint
CREATE INDEX `profiles_type_created_idx` ON `profiles` (`user_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `profiles_created_idx` ON `profiles` (`created_at`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_name_idx` ON `profiles` (`last_name`,`first_name`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_email_idx` ON `profiles` (`email`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_city_idx` ON `profiles` (`city`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_type_id_idx` ON `profiles` (`user_type`,`id`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_search_idx` ON `profiles` (`first_name`,`last_name`,`email`,`city`,`phone`,`user_type`,`is_verified`,`id`);--> statement-breakpoint
-- The triggers on profiles, as migrations 0003-0044 left them (dropped with the old table).
CREATE TRIGGER `profiles_activity_days_role` AFTER UPDATE OF `user_type` ON `profiles`
WHEN NEW.`user_type` IS NOT OLD.`user_type`
BEGIN
  UPDATE `member_activity_days` SET `role` = NEW.`user_type` WHERE `profile_id` = NEW.`id`;
  DELETE FROM `active_people_counts`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_activity_after_move` AFTER UPDATE OF `city_id`, `user_type` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type`
BEGIN
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `place_id` = NEW.`id`;
  INSERT INTO `city_activity_delta` SELECT 1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `place_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_activity_before_move` BEFORE UPDATE OF `city_id`, `user_type` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `place_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_activity_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_invoices` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_requests` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_answers` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_reviews` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_starts` WHERE `place_id` = OLD.`id`;
  INSERT INTO `city_activity_delta` SELECT -1, `city_id`, `at`, `revenue_cents`, `went_ahead`, `went_ahead_cents`, `declined`, `expired`, `reviews`, `rating_sum`, `thin_searches`, `plans_started`, `plans_ended`, `bucket`, `seconds` FROM `city_activity_plan_ends` WHERE `place_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_after_insert` AFTER INSERT ON `profiles`
WHEN NEW.`postal_code` IS NOT NULL OR NEW.`city` IS NOT NULL
BEGIN
  UPDATE `profiles` SET `postal_code` = `postal_code` WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_after_update` AFTER UPDATE OF `postal_code`, `city` ON `profiles`
BEGIN
  UPDATE `profiles` SET `city_id` = (
    WITH f(code, department, name) AS (SELECT trim(coalesce(NEW.`postal_code`, '')) AS code,
      CASE WHEN trim(coalesce(NEW.`postal_code`, '')) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN
        CASE WHEN trim(coalesce(NEW.`postal_code`, '')) GLOB '9[78]*' THEN substr(trim(coalesce(NEW.`postal_code`, '')), 1, 3)
          WHEN trim(coalesce(NEW.`postal_code`, '')) GLOB '20*' THEN CASE WHEN CAST(trim(coalesce(NEW.`postal_code`, '')) AS INTEGER) < 20200 THEN '2A' ELSE '2B' END
          ELSE substr(trim(coalesce(NEW.`postal_code`, '')), 1, 2) END END AS department,
      -- The typed city folded one character at a time: ASCII letters and digits lowercased, other
      -- ASCII to a space, combining accents dropped, accented letters and ligatures of French names
      -- spelled plain, typographic punctuation to a space (runs of spaces kept to one), then "st" and
      -- "ste" spelled out before another word (a chain of replace() this long overflows SQLite's parser).
      (WITH RECURSIVE chars(i, out) AS (
        SELECT 1, ''
        UNION ALL
        SELECT i + 1, out || (
          SELECT CASE WHEN m = ' ' AND (out = '' OR substr(out, -1) = ' ') THEN '' ELSE m END
          FROM (SELECT CASE
              WHEN c GLOB '[A-Za-z0-9]' THEN lower(c)
              WHEN unicode(c) < 128 THEN ' '
              WHEN unicode(c) BETWEEN 768 AND 879 THEN ''
              WHEN c IN ('œ', 'Œ') THEN 'oe'
              WHEN c IN ('æ', 'Æ') THEN 'ae'
              WHEN c = 'ß' THEN 'ss'
              WHEN instr('àáâãäåÀÁÂÃÄÅçÇèéêëÈÉÊËìíîïÌÍÎÏñÑòóôõöÒÓÔÕÖùúûüÙÚÛÜýÿÝŸ’‘«» –—‐‑', c) > 0
                THEN substr('aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy         ', instr('àáâãäåÀÁÂÃÄÅçÇèéêëÈÉÊËìíîïÌÍÎÏñÑòóôõöÒÓÔÕÖùúûüÙÚÛÜýÿÝŸ’‘«» –—‐‑', c), 1)
              ELSE c END AS m
            FROM (SELECT substr(NEW.`city`, i, 1) AS c)))
        FROM chars WHERE i <= length(NEW.`city`))
      SELECT substr(replace(replace(' ' || trim(out), ' st ', ' saint '), ' ste ', ' sainte '), 2)
      FROM chars ORDER BY i DESC LIMIT 1))
    SELECT coalesce(
      (SELECT c.`id` FROM f, `city_postal_codes` cp JOIN `cities` c ON c.`id` = cp.`city_id`
        WHERE cp.`postal_code` = f.code
        ORDER BY c.`name_folded` = f.name DESC, c.`population` DESC, c.`id` LIMIT 1),
      (SELECT c.`id` FROM f, `cities` c WHERE c.`name_folded` = f.name
        ORDER BY c.`department` IS f.department DESC, c.`population` DESC, c.`id` LIMIT 1)))
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_after_update` AFTER UPDATE OF `city_id`, `user_type`, `user_id` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, 1, `deleted` FROM `city_people_sources` WHERE `profile_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_before_update` BEFORE UPDATE OF `city_id`, `user_type`, `user_id` ON `profiles`
WHEN OLD.`city_id` IS NOT NEW.`city_id` OR OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, -1, -`deleted` FROM `city_people_sources` WHERE `profile_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, -1, -`deleted` FROM `city_people_sources` WHERE `profile_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_city_people_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `city_people_delta` SELECT `city_id`, `user_type`, 1, `deleted` FROM `city_people_sources` WHERE `profile_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_after_update` AFTER UPDATE OF `user_type`, `created_at` ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_before_update` BEFORE UPDATE OF `user_type`, `created_at` ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT -1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_dashboard_hours_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `dashboard_hours_delta` SELECT 1, `at`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents` FROM `dashboard_hour_signups` WHERE `source_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_first_booking_sign_up` AFTER UPDATE OF `created_at` ON `profiles`
BEGIN
  UPDATE `parent_first_bookings` SET `signed_up_at` = NEW.`created_at` WHERE `parent_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_activity_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `member_activity` SELECT NEW.`id`, `created_at` FROM `audit_events` WHERE `user_id` = NEW.`user_id` AND `action` = 'auth.sign_in';
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_activity_update` AFTER UPDATE OF `user_type`, `created_at`, `user_id` ON `profiles`
WHEN OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  INSERT INTO `member_activity_recount` VALUES (NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_after_update` AFTER UPDATE OF `user_type`, `created_at` ON `profiles`
WHEN OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT 1, `cohort` FROM `members` WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_before_update` BEFORE UPDATE OF `user_type`, `created_at` ON `profiles`
WHEN OLD.`user_type` IS NOT NEW.`user_type` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT -1, `cohort` FROM `members` WHERE `id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_delete` BEFORE DELETE ON `profiles`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT -1, `cohort` FROM `members` WHERE `id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_cohort_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `member_cohort_delta` SELECT 1, `cohort` FROM `members` WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_funnel_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `profiles_member_funnel_update` AFTER UPDATE OF `user_type`, `created_at`, `first_search_at`, `bio` ON `profiles`
BEGIN
  INSERT INTO `member_funnel_refresh` VALUES (NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `profiles_text_delete` AFTER DELETE ON `profiles`
BEGIN
  DELETE FROM `profiles_text` WHERE rowid = OLD.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_text_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `profiles_text` (rowid, `name`, `email`, `city`, `phone`)
  VALUES (NEW.rowid, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`email`, NEW.`city`, NEW.`phone`);
END;--> statement-breakpoint
CREATE TRIGGER `profiles_text_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `city`, `phone` ON `profiles`
BEGIN
  DELETE FROM `profiles_text` WHERE rowid = OLD.rowid;
  INSERT INTO `profiles_text` (rowid, `name`, `email`, `city`, `phone`)
  VALUES (NEW.rowid, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`email`, NEW.`city`, NEW.`phone`);
END;--> statement-breakpoint
CREATE TRIGGER `search_data_version_profile_delete` AFTER DELETE ON `profiles`
WHEN OLD.`user_type` = 'babysitter'
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `search_data_version_profile_update` AFTER UPDATE ON `profiles`
WHEN OLD.`user_type` = 'babysitter' OR NEW.`user_type` = 'babysitter'
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_profile_update` AFTER UPDATE OF `user_type`, `profile_visibility`, `latitude`, `longitude`, `rating`, `total_reviews`, `is_verified`, `photo_url`, `bio` ON `profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = new.`id`;
	INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
	SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source` WHERE `profile_id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `sitter_text_after_profile_update` AFTER UPDATE OF `first_name`, `last_name`, `city`, `bio` ON `profiles`
BEGIN
	UPDATE `sitter_text` SET (`name_words`, `city_words`, `bio_words`) =
		(SELECT `name_words`, `city_words`, `bio_words` FROM `sitter_text_source` WHERE `id` = new.rowid)
	WHERE (`latitude`, `longitude`, `id`) IN (SELECT `latitude`, `longitude`, `id` FROM `sitter_search` WHERE `id` = new.rowid);
END;
