-- dashboard_hours summed per Paris date (db/schema/dashboard-rollups.ts): the dashboard reads a
-- period's whole Paris days from here (a year is 365 rows instead of 8,760 hours read twice, for the
-- period and the one before) and only its two edge days from the hours. WITHOUT ROWID (added by hand
-- to drizzle-kit's CREATE TABLE): a span of days is one run of rows.
--
-- The Paris date of a UTC hour "2026-11-27T14", in SQL: France is one hour ahead of UTC, two in
-- summer time, which runs from the last Sunday of March to the last Sunday of October at 01:00 UTC
-- (EU rule; the first Sunday on or after the 25th is the month's last). Written in the trigger and in
-- the first fill below; tests/unit/dashboard-rollups.test.ts checks it against parisDateOf (the
-- runtime's Europe/Paris) for every hour of two years.
CREATE TABLE `dashboard_days` (
	`day` text PRIMARY KEY NOT NULL,
	`plans_cents` integer DEFAULT 0 NOT NULL,
	`parents` integer DEFAULT 0 NOT NULL,
	`sitters` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`value_cents` integer DEFAULT 0 NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `dashboard_days` (`day`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents`)
SELECT date(`hour` || ':00:00', CASE WHEN `hour` || ':00:00' >= date(substr(`hour`, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
    AND `hour` || ':00:00' < date(substr(`hour`, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END),
  sum(`plans_cents`), sum(`parents`), sum(`sitters`), sum(`requests`), sum(`value_cents`)
FROM `dashboard_hours` GROUP BY 1;
--> statement-breakpoint
DROP TRIGGER `dashboard_hours_delta_apply`;
--> statement-breakpoint
-- Inserting into dashboard_hours_delta (it holds no row) adds `sign` times a contribution to its hour
-- and to that hour's Paris date; an hour or a date left with nothing goes.
CREATE TRIGGER `dashboard_hours_delta_apply` INSTEAD OF INSERT ON `dashboard_hours_delta`
BEGIN
  INSERT INTO `dashboard_hours` (`hour`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents`)
  VALUES (substr(NEW.`at`, 1, 13), NEW.`sign` * NEW.`plans_cents`, NEW.`sign` * NEW.`parents`, NEW.`sign` * NEW.`sitters`,
    NEW.`sign` * NEW.`requests`, NEW.`sign` * NEW.`value_cents`)
  ON CONFLICT (`hour`) DO UPDATE SET `plans_cents` = `plans_cents` + excluded.`plans_cents`,
    `parents` = `parents` + excluded.`parents`, `sitters` = `sitters` + excluded.`sitters`,
    `requests` = `requests` + excluded.`requests`, `value_cents` = `value_cents` + excluded.`value_cents`;
  DELETE FROM `dashboard_hours` WHERE `hour` = substr(NEW.`at`, 1, 13) AND `plans_cents` = 0 AND `parents` = 0
    AND `sitters` = 0 AND `requests` = 0;
  INSERT INTO `dashboard_days` (`day`, `plans_cents`, `parents`, `sitters`, `requests`, `value_cents`)
  SELECT `day`, NEW.`sign` * NEW.`plans_cents`, NEW.`sign` * NEW.`parents`, NEW.`sign` * NEW.`sitters`,
    NEW.`sign` * NEW.`requests`, NEW.`sign` * NEW.`value_cents`
  FROM (SELECT date(`at`, CASE WHEN `at` >= date(substr(`at`, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
      AND `at` < date(substr(`at`, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END) AS `day`
    FROM (SELECT substr(NEW.`at`, 1, 13) || ':00:00' AS `at`)) WHERE true
  ON CONFLICT (`day`) DO UPDATE SET `plans_cents` = `plans_cents` + excluded.`plans_cents`,
    `parents` = `parents` + excluded.`parents`, `sitters` = `sitters` + excluded.`sitters`,
    `requests` = `requests` + excluded.`requests`, `value_cents` = `value_cents` + excluded.`value_cents`;
  DELETE FROM `dashboard_days` WHERE `plans_cents` = 0 AND `parents` = 0 AND `sitters` = 0 AND `requests` = 0
    AND `day` = (SELECT date(`at`, CASE WHEN `at` >= date(substr(`at`, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
      AND `at` < date(substr(`at`, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END)
      FROM (SELECT substr(NEW.`at`, 1, 13) || ':00:00' AS `at`));
END;
