CREATE TABLE `member_funnel_days` (
	`role` text NOT NULL,
	`day` text NOT NULL,
	`signed_up` integer NOT NULL,
	`searched` integer NOT NULL,
	`requested` integer NOT NULL,
	`confirmed` integer NOT NULL,
	`completed` integer NOT NULL,
	`listed` integer NOT NULL,
	`accepted` integer NOT NULL,
	`paid` integer NOT NULL,
	PRIMARY KEY(`role`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The dashboard's funnel per role and UTC sign-up day (db/schema/dashboard-rollups.ts): a cohort of
-- whole days sums these rows; the period's two partial days are read from member_funnel itself.
-- member_funnel's rows are written by migration 0032's triggers (a person's row is deleted and
-- inserted again whenever a step may have moved; a deleted profile takes its row with it), so each
-- row adds to its day when inserted and takes away from it when deleted or updated. SQLite drops
-- these triggers with the table: a migration that rebuilds member_funnel must create them again.
-- tests/unit/dashboard-rollups.test.ts recounts this table after every kind of write.
CREATE TRIGGER `member_funnel_days_insert` AFTER INSERT ON `member_funnel`
BEGIN
  INSERT INTO `member_funnel_days` (`role`, `day`, `signed_up`, `searched`, `requested`, `confirmed`, `completed`, `listed`, `accepted`, `paid`)
  VALUES (NEW.`role`, substr(NEW.`signed_up_at`, 1, 10), 1, NEW.`searched`, NEW.`requested`, NEW.`confirmed`, NEW.`completed`, NEW.`listed`, NEW.`accepted`, NEW.`paid`)
  ON CONFLICT (`role`, `day`) DO UPDATE SET `signed_up` = `signed_up` + 1, `searched` = `searched` + excluded.`searched`, `requested` = `requested` + excluded.`requested`, `confirmed` = `confirmed` + excluded.`confirmed`, `completed` = `completed` + excluded.`completed`, `listed` = `listed` + excluded.`listed`, `accepted` = `accepted` + excluded.`accepted`, `paid` = `paid` + excluded.`paid`;
END;
--> statement-breakpoint
CREATE TRIGGER `member_funnel_days_delete` AFTER DELETE ON `member_funnel`
BEGIN
  UPDATE `member_funnel_days` SET `signed_up` = `signed_up` - 1, `searched` = `searched` - OLD.`searched`, `requested` = `requested` - OLD.`requested`, `confirmed` = `confirmed` - OLD.`confirmed`, `completed` = `completed` - OLD.`completed`, `listed` = `listed` - OLD.`listed`, `accepted` = `accepted` - OLD.`accepted`, `paid` = `paid` - OLD.`paid`
  WHERE `role` = OLD.`role` AND `day` = substr(OLD.`signed_up_at`, 1, 10);
  DELETE FROM `member_funnel_days` WHERE `role` = OLD.`role` AND `day` = substr(OLD.`signed_up_at`, 1, 10) AND `signed_up` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `member_funnel_days_update` AFTER UPDATE ON `member_funnel`
BEGIN
  UPDATE `member_funnel_days` SET `signed_up` = `signed_up` - 1, `searched` = `searched` - OLD.`searched`, `requested` = `requested` - OLD.`requested`, `confirmed` = `confirmed` - OLD.`confirmed`, `completed` = `completed` - OLD.`completed`, `listed` = `listed` - OLD.`listed`, `accepted` = `accepted` - OLD.`accepted`, `paid` = `paid` - OLD.`paid`
  WHERE `role` = OLD.`role` AND `day` = substr(OLD.`signed_up_at`, 1, 10);
  DELETE FROM `member_funnel_days` WHERE `role` = OLD.`role` AND `day` = substr(OLD.`signed_up_at`, 1, 10) AND `signed_up` = 0;
  INSERT INTO `member_funnel_days` (`role`, `day`, `signed_up`, `searched`, `requested`, `confirmed`, `completed`, `listed`, `accepted`, `paid`)
  VALUES (NEW.`role`, substr(NEW.`signed_up_at`, 1, 10), 1, NEW.`searched`, NEW.`requested`, NEW.`confirmed`, NEW.`completed`, NEW.`listed`, NEW.`accepted`, NEW.`paid`)
  ON CONFLICT (`role`, `day`) DO UPDATE SET `signed_up` = `signed_up` + 1, `searched` = `searched` + excluded.`searched`, `requested` = `requested` + excluded.`requested`, `confirmed` = `confirmed` + excluded.`confirmed`, `completed` = `completed` + excluded.`completed`, `listed` = `listed` + excluded.`listed`, `accepted` = `accepted` + excluded.`accepted`, `paid` = `paid` + excluded.`paid`;
END;
--> statement-breakpoint
INSERT INTO `member_funnel_days` (`role`, `day`, `signed_up`, `searched`, `requested`, `confirmed`, `completed`, `listed`, `accepted`, `paid`)
SELECT `role`, substr(`signed_up_at`, 1, 10), count(*), sum(`searched`), sum(`requested`), sum(`confirmed`), sum(`completed`), sum(`listed`), sum(`accepted`), sum(`paid`)
FROM `member_funnel` GROUP BY 1, 2;
