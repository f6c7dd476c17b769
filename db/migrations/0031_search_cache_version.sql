-- The version of what search shows, for the search cache (edge/services/search/search-cache.ts): one
-- row whose number every change of what a search reads moves: a sitter's search listing
-- (sitter_search: place, availability, rate, rating, plan...), a babysitter profile, a babysitter's
-- profile (name, photo, presentation...). An answer stored under an older number is never served.
CREATE TABLE `search_data_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_data_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `search_data_version_listing_insert` AFTER INSERT ON `sitter_search`
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `search_data_version_listing_update` AFTER UPDATE ON `sitter_search`
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `search_data_version_listing_delete` AFTER DELETE ON `sitter_search`
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `search_data_version_sitter_insert` AFTER INSERT ON `babysitter_profiles`
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `search_data_version_sitter_update` AFTER UPDATE ON `babysitter_profiles`
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `search_data_version_sitter_delete` AFTER DELETE ON `babysitter_profiles`
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `search_data_version_profile_update` AFTER UPDATE ON `profiles`
WHEN OLD.`user_type` = 'babysitter' OR NEW.`user_type` = 'babysitter'
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `search_data_version_profile_delete` AFTER DELETE ON `profiles`
WHEN OLD.`user_type` = 'babysitter'
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
