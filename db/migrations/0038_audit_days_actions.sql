-- audit_days (migration 0035) counted the log's entries per UTC day, status and severity; it now
-- counts them per action too (db/schema/console-rollups.ts). The stat cards sum a period's rows as
-- before; a search whose text is in an action's name (every sign-in's "auth.sign_in") counts the
-- entries it finds through their action from these rows instead of reading each one
-- (edge/services/admin/audit-log.ts). The table is rebuilt from the log (drizzle-kit's copy would
-- need the action the old rows lack), WITHOUT ROWID (a span of days is one run of rows), and its
-- trigger made again. The log is append-only: migration 0023's triggers refuse every DELETE and every
-- change of created_at, action, status and severity, so an entry is counted once, when it is written.
DROP TRIGGER `audit_events_days_insert`;
--> statement-breakpoint
DROP TABLE `audit_days`;
--> statement-breakpoint
CREATE TABLE `audit_days` (
	`day` text NOT NULL,
	`action` text NOT NULL,
	`status` text NOT NULL,
	`severity` text NOT NULL,
	`events` integer NOT NULL,
	PRIMARY KEY(`day`, `action`, `status`, `severity`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `audit_events_days_insert` AFTER INSERT ON `audit_events`
BEGIN
  INSERT INTO `audit_days` (`day`, `action`, `status`, `severity`, `events`)
  VALUES (substr(NEW.`created_at`, 1, 10), NEW.`action`, NEW.`status`, NEW.`severity`, 1)
  ON CONFLICT (`day`, `action`, `status`, `severity`) DO UPDATE SET `events` = `events` + 1;
END;
--> statement-breakpoint
INSERT INTO `audit_days` (`day`, `action`, `status`, `severity`, `events`)
SELECT substr(`created_at`, 1, 10), `action`, `status`, `severity`, count(*) FROM `audit_events` GROUP BY 1, 2, 3, 4;
