-- Two kept sums for the admin analytics' searches (db/schema/analytics-rollups.ts):
-- - search_days, search_hours summed per Paris date: a period's whole Paris days are read from here (a
--   year's searches per day and totals from 365 rows instead of 8,760 hours read twice) and only its
--   two edge days from the hours;
-- - search_queries' year-to-date rows (span 'ytd', "2026-11": a word's searches from January through
--   that month), so that the words of a run of whole months are at most three rows per word instead
--   of one per month (a year of a 2,000-word vocabulary: 6,000 rows to rank instead of 24,000). An
--   event dated in month m adds to its year's rows m..12; a row brought back to zero goes, and a
--   missing row means none that year so far. The table is rebuilt for its new span (a CHECK cannot
--   be altered), WITHOUT ROWID (a span's rows are one run), its day and month rows copied and the
--   year-to-date rows summed from the month rows.
-- The Paris date of a UTC hour is migration 0042's rule (EU summer time from the last Sunday of March
-- to the last Sunday of October at 01:00 UTC), checked against the runtime's Europe/Paris by
-- tests/unit/analytics-rollups.test.ts. WITHOUT ROWID added by hand to drizzle-kit's CREATE TABLEs.
CREATE TABLE `search_days` (
	`day` text PRIMARY KEY NOT NULL,
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
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `search_days` (`day`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience`)
SELECT date((`hour` || ':00:00'), CASE WHEN (`hour` || ':00:00') >= date(substr((`hour` || ':00:00'), 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
      AND (`hour` || ':00:00') < date(substr((`hour` || ':00:00'), 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END), sum(`searches`), sum(`zero_results`), sum(`filtered`), sum(`radius`), sum(`min_rate`), sum(`max_rate`), sum(`min_rating`), sum(`available_today`), sum(`verified_only`), sum(`emergency`), sum(`references`), sum(`languages`), sum(`specialties`), sum(`age_groups`), sum(`experience`)
FROM `search_hours` GROUP BY 1;
--> statement-breakpoint
DROP TRIGGER `search_rollup_delta_apply`;
--> statement-breakpoint
ALTER TABLE `search_queries` RENAME TO `search_queries_before_0044`;
--> statement-breakpoint
CREATE TABLE `search_queries` (
	`span` text NOT NULL,
	`start` text NOT NULL,
	`query_text` text NOT NULL,
	`searches` integer NOT NULL,
	`zero_results` integer NOT NULL,
	PRIMARY KEY(`span`, `start`, `query_text`),
	CONSTRAINT "search_queries_span_check" CHECK("search_queries"."span" IN ('day', 'month', 'ytd'))
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `search_queries` (`span`, `start`, `query_text`, `searches`, `zero_results`)
SELECT `span`, `start`, `query_text`, `searches`, `zero_results` FROM `search_queries_before_0044`;
--> statement-breakpoint
DROP TABLE `search_queries_before_0044`;
--> statement-breakpoint
INSERT INTO `search_queries` (`span`, `start`, `query_text`, `searches`, `zero_results`)
SELECT 'ytd', substr(m.`start`, 1, 5) || k.`column1`, m.`query_text`, sum(m.`searches`), sum(m.`zero_results`)
FROM `search_queries` m JOIN (VALUES ('01'), ('02'), ('03'), ('04'), ('05'), ('06'), ('07'), ('08'), ('09'), ('10'), ('11'), ('12')) k ON k.`column1` >= substr(m.`start`, 6, 2)
WHERE m.`span` = 'month'
GROUP BY substr(m.`start`, 1, 5), k.`column1`, m.`query_text`
HAVING sum(m.`searches`) <> 0;
--> statement-breakpoint
-- Migration 0029's trigger, which now also adds each event's counts to its hour's Paris date (a date
-- brought back to zero searches goes), and its words' to their year-to-date rows.
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
  INSERT INTO `search_days` (`day`, `searches`, `zero_results`, `filtered`, `radius`, `min_rate`, `max_rate`, `min_rating`, `available_today`, `verified_only`, `emergency`, `references`, `languages`, `specialties`, `age_groups`, `experience`)
  SELECT date(`at`, CASE WHEN `at` >= date(substr(`at`, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
      AND `at` < date(substr(`at`, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END), NEW.`sign` * NEW.`searches`, NEW.`sign` * NEW.`zero_results`, NEW.`sign` * NEW.`filtered`, NEW.`sign` * NEW.`radius`, NEW.`sign` * NEW.`min_rate`, NEW.`sign` * NEW.`max_rate`, NEW.`sign` * NEW.`min_rating`, NEW.`sign` * NEW.`available_today`, NEW.`sign` * NEW.`verified_only`, NEW.`sign` * NEW.`emergency`, NEW.`sign` * NEW.`references`, NEW.`sign` * NEW.`languages`, NEW.`sign` * NEW.`specialties`, NEW.`sign` * NEW.`age_groups`, NEW.`sign` * NEW.`experience`
  FROM (SELECT substr(NEW.`created_at`, 1, 13) || ':00:00' AS `at`) WHERE true
  ON CONFLICT (`day`) DO UPDATE SET `searches` = `searches` + excluded.`searches`, `zero_results` = `zero_results` + excluded.`zero_results`, `filtered` = `filtered` + excluded.`filtered`, `radius` = `radius` + excluded.`radius`, `min_rate` = `min_rate` + excluded.`min_rate`, `max_rate` = `max_rate` + excluded.`max_rate`, `min_rating` = `min_rating` + excluded.`min_rating`, `available_today` = `available_today` + excluded.`available_today`, `verified_only` = `verified_only` + excluded.`verified_only`, `emergency` = `emergency` + excluded.`emergency`, `references` = `references` + excluded.`references`, `languages` = `languages` + excluded.`languages`, `specialties` = `specialties` + excluded.`specialties`, `age_groups` = `age_groups` + excluded.`age_groups`, `experience` = `experience` + excluded.`experience`;
  DELETE FROM `search_days` WHERE NEW.`sign` < 0 AND `searches` = 0 AND `day` = (SELECT date(`at`, CASE WHEN `at` >= date(substr(`at`, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
      AND `at` < date(substr(`at`, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END)
    FROM (SELECT substr(NEW.`created_at`, 1, 13) || ':00:00' AS `at`));
  INSERT INTO `search_queries` (`span`, `start`, `query_text`, `searches`, `zero_results`)
  SELECT 'ytd', substr(NEW.`created_at`, 1, 5) || `column1`, NEW.`query_text`, NEW.`sign` * NEW.`searches`, NEW.`sign` * NEW.`zero_results`
  FROM (VALUES ('01'), ('02'), ('03'), ('04'), ('05'), ('06'), ('07'), ('08'), ('09'), ('10'), ('11'), ('12')) WHERE NEW.`query_text` IS NOT NULL AND `column1` >= substr(NEW.`created_at`, 6, 2)
  ON CONFLICT (`span`, `start`, `query_text`) DO UPDATE SET `searches` = `searches` + excluded.`searches`, `zero_results` = `zero_results` + excluded.`zero_results`;
  DELETE FROM `search_queries` WHERE NEW.`sign` < 0 AND `query_text` = NEW.`query_text` AND `searches` = 0
    AND `span` = 'ytd' AND `start` >= substr(NEW.`created_at`, 1, 7) AND `start` <= substr(NEW.`created_at`, 1, 4) || '-12';
END;
