-- Search reads whether a babysitter chose her own rate (one of the three facts of the listing rule,
-- edge/services/search/listing.ts) from sitter_search's own row: `rate_chosen`, kept by the same
-- triggers as every other column. Reading it from babysitter_profiles, one lookup per row of the box,
-- was 80 % of a search's time at 1,000,000 sitters (a 10 km search of Paris: 1.4 s, of which 1.1 s
-- were those lookups; tests/bench/search.ts).
-- SQLite cannot alter a view, and the triggers name every column they copy: both are recreated.
ALTER TABLE `sitter_search` ADD `rate_chosen` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP VIEW `sitter_search_source`;
--> statement-breakpoint
CREATE VIEW `sitter_search_source` AS
SELECT d.*, (((d.`mon_end` IS NOT NULL) << 0) | ((d.`tue_end` IS NOT NULL) << 1) | ((d.`wed_end` IS NOT NULL) << 2) | ((d.`thu_end` IS NOT NULL) << 3) | ((d.`fri_end` IS NOT NULL) << 4) | ((d.`sat_end` IS NOT NULL) << 5) | ((d.`sun_end` IS NOT NULL) << 6)) AS `available_days` FROM (
	SELECT p.`latitude`, p.`longitude`, p.rowid AS `id`, p.`id` AS `profile_id`, p.`profile_visibility` AS `visibility`,
		bp.`hourly_rate_cents`, p.`rating`, p.`total_reviews`, bp.`experience_years`, p.`is_verified`,
		bp.`emergency_available`, bp.`has_references`,
		(bp.`rate_chosen_at` IS NOT NULL) AS `rate_chosen`,
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
DROP TRIGGER `sitter_search_after_sitter_insert`;
--> statement-breakpoint
DROP TRIGGER `sitter_search_after_sitter_update`;
--> statement-breakpoint
DROP TRIGGER `sitter_search_after_profile_update`;
--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_sitter_insert` AFTER INSERT ON `babysitter_profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = new.`profile_id`;
	INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
	SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source` WHERE `profile_id` = new.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_sitter_update` AFTER UPDATE ON `babysitter_profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = old.`profile_id`;
	DELETE FROM `sitter_search` WHERE `profile_id` = new.`profile_id`;
	INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
	SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source` WHERE `profile_id` = new.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sitter_search_after_profile_update` AFTER UPDATE OF `user_type`, `profile_visibility`, `latitude`, `longitude`, `rating`, `total_reviews`, `is_verified`, `photo_url`, `bio` ON `profiles`
BEGIN
	DELETE FROM `sitter_search` WHERE `profile_id` = new.`id`;
	INSERT INTO `sitter_search` (`latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end`)
	SELECT `latitude`, `longitude`, `id`, `profile_id`, `visibility`, `hourly_rate_cents`, `rating`, `total_reviews`, `experience_years`, `is_verified`, `emergency_available`, `has_references`, `rate_chosen`, `has_photo`, `has_bio`, `plan`, `languages_mask`, `specialties_mask`, `age_groups_mask`, `available_days`, `mon_end`, `tue_end`, `wed_end`, `thu_end`, `fri_end`, `sat_end`, `sun_end` FROM `sitter_search_source` WHERE `profile_id` = new.`id`;
END;
--> statement-breakpoint
UPDATE `sitter_search` SET `rate_chosen` = coalesce((SELECT bp.`rate_chosen_at` IS NOT NULL FROM `babysitter_profiles` bp WHERE bp.`profile_id` = `sitter_search`.`profile_id`), 0);
