-- Free-text search over babysitters (name, city, bio) with SQLite FTS5, built into libSQL (the
-- `libsql` package locally, sqld and Turso in production). 'remove_diacritics 2' folds accents, so
-- "helene" finds "Hélène"; queries use prefix terms ("hel"*) so results follow the typing.
-- One row per babysitter profile, keyed by the profile's rowid; the triggers below keep it in sync.
-- `cells` holds where the sitter is, as two grid-cell words (0.1 and 0.5 degree cells, e.g.
-- "f1388x1823 c277x364"): a text search also asks for the cells around its origin, so FTS5 only
-- ranks the matches nearby instead of every match in the country (edge/services/search-sql.ts).
-- A later migration that rebuilds `profiles` (drizzle-kit's copy-drop-rename) drops these triggers
-- and renumbers rowids: it must recreate them and rebuild the index (see the last statement here).
-- tests/unit/search-sql.test.ts fails when the triggers are missing.
CREATE VIRTUAL TABLE `babysitter_search` USING fts5(
	`name`,
	`city`,
	`bio`,
	`cells`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `babysitter_search_after_insert` AFTER INSERT ON `profiles`
WHEN new.`user_type` = 'babysitter'
BEGIN
	INSERT INTO `babysitter_search` (rowid, `name`, `city`, `bio`, `cells`)
	VALUES (new.rowid, new.`first_name` || ' ' || new.`last_name`, coalesce(new.`city`, ''), coalesce(new.`bio`, ''),
		CASE WHEN new.`latitude` IS NULL OR new.`longitude` IS NULL THEN '' ELSE 'f' || CAST((new.`latitude` + 90) * 10 AS INTEGER) || 'x' || CAST((new.`longitude` + 180) * 10 AS INTEGER) || ' c' || CAST((new.`latitude` + 90) * 2 AS INTEGER) || 'x' || CAST((new.`longitude` + 180) * 2 AS INTEGER) END);
END;
--> statement-breakpoint
CREATE TRIGGER `babysitter_search_after_update` AFTER UPDATE OF `first_name`, `last_name`, `city`, `bio`, `user_type`, `latitude`, `longitude` ON `profiles`
BEGIN
	DELETE FROM `babysitter_search` WHERE rowid = old.rowid;
	INSERT INTO `babysitter_search` (rowid, `name`, `city`, `bio`, `cells`)
	SELECT new.rowid, new.`first_name` || ' ' || new.`last_name`, coalesce(new.`city`, ''), coalesce(new.`bio`, ''),
		CASE WHEN new.`latitude` IS NULL OR new.`longitude` IS NULL THEN '' ELSE 'f' || CAST((new.`latitude` + 90) * 10 AS INTEGER) || 'x' || CAST((new.`longitude` + 180) * 10 AS INTEGER) || ' c' || CAST((new.`latitude` + 90) * 2 AS INTEGER) || 'x' || CAST((new.`longitude` + 180) * 2 AS INTEGER) END
	WHERE new.`user_type` = 'babysitter';
END;
--> statement-breakpoint
CREATE TRIGGER `babysitter_search_after_delete` AFTER DELETE ON `profiles`
BEGIN
	DELETE FROM `babysitter_search` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
INSERT INTO `babysitter_search` (rowid, `name`, `city`, `bio`, `cells`)
SELECT p.rowid, p.`first_name` || ' ' || p.`last_name`, coalesce(p.`city`, ''), coalesce(p.`bio`, ''),
	CASE WHEN p.`latitude` IS NULL OR p.`longitude` IS NULL THEN '' ELSE 'f' || CAST((p.`latitude` + 90) * 10 AS INTEGER) || 'x' || CAST((p.`longitude` + 180) * 10 AS INTEGER) || ' c' || CAST((p.`latitude` + 90) * 2 AS INTEGER) || 'x' || CAST((p.`longitude` + 180) * 2 AS INTEGER) END
FROM `profiles` p WHERE p.`user_type` = 'babysitter';
