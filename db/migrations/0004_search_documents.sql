-- What search reads: one row per placeable babysitter with every filter and ranking input in plain
-- columns (languages, specialties and age groups as bit masks, each weekday's latest slot end), kept
-- by the triggers below from profiles and babysitter_profiles, never written by the app. A search
-- filters and scores thousands of rows; reading each one's JSON, or fetching rows scattered over the
-- profiles table, cost ten times more (tests/bench/search.ts).
-- WITHOUT ROWID with the coordinates first in the primary key: rows are stored in latitude order, so
-- the bounding box of a search reads neighbouring pages instead of one random page per sitter.
-- Sitters without coordinates cannot be placed: they have no row here, so no search finds them.
-- `id` is the profile's rowid, as in the FTS5 table babysitter_search, so free text joins on it.
-- The masks' bit orders are those of LANGUAGES, SPECIALTIES, AGE_GROUPS and WEEKDAYS
-- (db/schema/enums.ts; tests/unit/search-sql.test.ts checks them): a value added to those lists needs
-- a migration that recreates the view. A later migration that rebuilds `profiles` drops the triggers
-- on it and may renumber rowids: it must recreate them and refill this table and the FTS index (as at
-- the end of this file and of 0003_search_fts.sql).
CREATE TABLE `sitter_search` (
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`id` integer NOT NULL,
	`profile_id` text NOT NULL REFERENCES `profiles`(`id`) ON DELETE cascade,
	`visibility` text NOT NULL,
	`hourly_rate_cents` integer NOT NULL,
	`rating` real NOT NULL,
	`total_reviews` integer NOT NULL,
	`experience_years` integer NOT NULL,
	`is_verified` integer NOT NULL,
	`emergency_available` integer NOT NULL,
	`has_references` integer NOT NULL,
	`has_photo` integer NOT NULL,
	`has_bio` integer NOT NULL,
	`plan` text NOT NULL,
	`languages_mask` integer NOT NULL,
	`specialties_mask` integer NOT NULL,
	`age_groups_mask` integer NOT NULL,
	`available_days` integer NOT NULL,
	`mon_end` text,
	`tue_end` text,
	`wed_end` text,
	`thu_end` text,
	`fri_end` text,
	`sat_end` text,
	`sun_end` text,
	PRIMARY KEY (`latitude`, `longitude`, `id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE UNIQUE INDEX `sitter_search_id_unique` ON `sitter_search` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sitter_search_profile_id_unique` ON `sitter_search` (`profile_id`);--> statement-breakpoint
CREATE VIEW `sitter_search_source` AS
SELECT d.*, (((d.`mon_end` IS NOT NULL) << 0) | ((d.`tue_end` IS NOT NULL) << 1) | ((d.`wed_end` IS NOT NULL) << 2) | ((d.`thu_end` IS NOT NULL) << 3) | ((d.`fri_end` IS NOT NULL) << 4) | ((d.`sat_end` IS NOT NULL) << 5) | ((d.`sun_end` IS NOT NULL) << 6)) AS `available_days` FROM (
	SELECT p.`latitude`, p.`longitude`, p.rowid AS `id`, p.`id` AS `profile_id`, p.`profile_visibility` AS `visibility`,
		bp.`hourly_rate_cents`, p.`rating`, p.`total_reviews`, bp.`experience_years`, p.`is_verified`,
		bp.`emergency_available`, bp.`has_references`,
		(p.`photo_url` IS NOT NULL AND p.`photo_url` <> '') AS `has_photo`,
		(p.`bio` IS NOT NULL AND trim(p.`bio`) <> '') AS `has_bio`,
		bp.`subscription_plan` AS `plan`,
		(SELECT coalesce(sum(bit), 0) FROM (SELECT DISTINCT CASE j.value WHEN 'fr' THEN 1 WHEN 'en' THEN 2 WHEN 'es' THEN 4 WHEN 'it' THEN 8 WHEN 'de' THEN 16 WHEN 'ar' THEN 32 WHEN 'zh' THEN 64 END AS bit FROM json_each(bp.`languages`) j)) AS `languages_mask`,
		(SELECT coalesce(sum(bit), 0) FROM (SELECT DISTINCT CASE j.value WHEN 'newborn' THEN 1 WHEN 'toddler' THEN 2 WHEN 'preschool' THEN 4 WHEN 'school_age' THEN 8 WHEN 'teen' THEN 16 WHEN 'special_needs' THEN 32 WHEN 'homework' THEN 64 WHEN 'creative' THEN 128 WHEN 'sports' THEN 256 WHEN 'cooking' THEN 512 WHEN 'first_aid' THEN 1024 WHEN 'foreign_languages' THEN 2048 END AS bit FROM json_each(bp.`specialties`) j)) AS `specialties_mask`,
		(SELECT coalesce(sum(bit), 0) FROM (SELECT DISTINCT CASE j.value WHEN '0-12m' THEN 1 WHEN '1-2' THEN 2 WHEN '3-5' THEN 4 WHEN '6-12' THEN 8 WHEN '13+' THEN 16 END AS bit FROM json_each(bp.`age_groups`) j)) AS `age_groups_mask`,
		(SELECT max(json_extract(s.value, '$[1]')) FROM json_each(bp.`available_hours`, '$.mon') s) AS `mon_end`,
		(SELECT max(json_extract(s.value, '$[1]')) FROM json_each(bp.`available_hours`, '$.tue') s) AS `tue_end`,
		(SELECT max(json_extract(s.value, '$[1]')) FROM json_each(bp.`available_hours`, '$.wed') s) AS `wed_end`,
		(SELECT max(json_extract(s.value, '$[1]')) FROM json_each(bp.`available_hours`, '$.thu') s) AS `thu_end`,
		(SELECT max(json_extract(s.value, '$[1]')) FROM json_each(bp.`available_hours`, '$.fri') s) AS `fri_end`,
		(SELECT max(json_extract(s.value, '$[1]')) FROM json_each(bp.`available_hours`, '$.sat') s) AS `sat_end`,
		(SELECT max(json_extract(s.value, '$[1]')) FROM json_each(bp.`available_hours`, '$.sun') s) AS `sun_end`
	FROM `profiles` p JOIN `babysitter_profiles` bp ON bp.`profile_id` = p.`id`
	WHERE p.`user_type` = 'babysitter' AND p.`latitude` IS NOT NULL AND p.`longitude` IS NOT NULL
) d;
--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_sitter_insert` AFTER INSERT ON `babysitter_profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = new.`profile_id`;
	INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
	SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source` WHERE `profile_id` = new.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_sitter_update` AFTER UPDATE ON `babysitter_profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = old.`profile_id`;
	DELETE FROM `sitter_search` WHERE `profile_id` = new.`profile_id`;
	INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
	SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source` WHERE `profile_id` = new.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_sitter_delete` AFTER DELETE ON `babysitter_profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = old.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_profile_update` AFTER UPDATE OF `user_type`, `profile_visibility`, `latitude`, `longitude`, `rating`, `total_reviews`, `is_verified`, `photo_url`, `bio` ON `profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = new.`id`;
	INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
	SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source` WHERE `profile_id` = new.`id`;
END;
--> statement-breakpoint
INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source`;
