-- How many babysitters sitter_search holds in each cell of a grid of 1/50 degree (about 2.2 km
-- north-south, 1.5 km east-west in France), kept by triggers on sitter_search, never written by the
-- app. A search reads the cells around its origin first (edge/services/search/density.ts): where its
-- radius holds more sitters than one query can score quickly (the centre of a big city at 1,000,000
-- sitters), it searches the smaller radius that holds about that many, nearest first, and says so.
-- The cell of a point is floor(degrees * 50) on each axis (density.ts's DENSITY_CELLS_PER_DEGREE;
-- tests/unit/search-density.test.ts checks both agree). sitter_search's rows only ever change by
-- DELETE and INSERT (its own triggers), so those two keep the counts.
CREATE TABLE `search_density` (
	`cell_lat` integer NOT NULL,
	`cell_lng` integer NOT NULL,
	`sitters` integer NOT NULL,
	PRIMARY KEY (`cell_lat`, `cell_lng`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `search_density_after_insert` AFTER INSERT ON `sitter_search`
BEGIN
	INSERT INTO `search_density` (`cell_lat`, `cell_lng`, `sitters`)
	VALUES (CAST(floor(new.`latitude` * 50) AS integer), CAST(floor(new.`longitude` * 50) AS integer), 1)
	ON CONFLICT (`cell_lat`, `cell_lng`) DO UPDATE SET `sitters` = `sitters` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_density_after_delete` AFTER DELETE ON `sitter_search`
BEGIN
	UPDATE `search_density` SET `sitters` = `sitters` - 1
	WHERE `cell_lat` = CAST(floor(old.`latitude` * 50) AS integer) AND `cell_lng` = CAST(floor(old.`longitude` * 50) AS integer);
	DELETE FROM `search_density`
	WHERE `cell_lat` = CAST(floor(old.`latitude` * 50) AS integer) AND `cell_lng` = CAST(floor(old.`longitude` * 50) AS integer)
		AND `sitters` <= 0;
END;
--> statement-breakpoint
INSERT INTO `search_density` (`cell_lat`, `cell_lng`, `sitters`)
SELECT CAST(floor(`latitude` * 50) AS integer), CAST(floor(`longitude` * 50) AS integer), count(*)
FROM `sitter_search` GROUP BY 1, 2;
