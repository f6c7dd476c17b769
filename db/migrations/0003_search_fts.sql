-- Free-text search over babysitters (name, city, bio) with SQLite FTS5, built into libSQL (the
-- `libsql` package locally, sqld and Turso in production). 'remove_diacritics 2' folds accents, so
-- "helene" finds "Hélène"; queries use prefix terms ("hel"*) so results follow the typing.
-- One row per babysitter profile, keyed by the profile's rowid; the triggers below keep it in sync.
-- A later migration that rebuilds `profiles` (drizzle-kit's copy-drop-rename) drops these triggers
-- and renumbers rowids: it must recreate them and rebuild the index (see the last statement here).
-- tests/unit/search-fts.test.ts fails when the triggers are missing.
CREATE VIRTUAL TABLE `babysitter_search` USING fts5(
	`name`,
	`city`,
	`bio`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `babysitter_search_after_insert` AFTER INSERT ON `profiles`
WHEN new.`user_type` = 'babysitter'
BEGIN
	INSERT INTO `babysitter_search` (rowid, `name`, `city`, `bio`)
	VALUES (new.rowid, new.`first_name` || ' ' || new.`last_name`, coalesce(new.`city`, ''), coalesce(new.`bio`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `babysitter_search_after_update` AFTER UPDATE OF `first_name`, `last_name`, `city`, `bio`, `user_type` ON `profiles`
BEGIN
	DELETE FROM `babysitter_search` WHERE rowid = old.rowid;
	INSERT INTO `babysitter_search` (rowid, `name`, `city`, `bio`)
	SELECT new.rowid, new.`first_name` || ' ' || new.`last_name`, coalesce(new.`city`, ''), coalesce(new.`bio`, '')
	WHERE new.`user_type` = 'babysitter';
END;
--> statement-breakpoint
CREATE TRIGGER `babysitter_search_after_delete` AFTER DELETE ON `profiles`
BEGIN
	DELETE FROM `babysitter_search` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
INSERT INTO `babysitter_search` (rowid, `name`, `city`, `bio`)
SELECT rowid, `first_name` || ' ' || `last_name`, coalesce(`city`, ''), coalesce(`bio`, '')
FROM `profiles` WHERE `user_type` = 'babysitter';
