-- Substring search for the console's Users and Audit lists, and a lighter answer trigger.
--
-- profiles_text and audit_text: trigram full-text indexes (SQLite FTS5's 'trigram' tokenizer, built
-- into libSQL) over the columns each list's typed search looks into. A trigram index finds "every row
-- whose column contains this text" from the text's three-letter pieces instead of reading every row,
-- so a search for a person, an address or an id costs its matches, not the table. It folds case
-- (Unicode, where LIKE folds ASCII only) and keeps accents. Texts of one or two characters have no
-- trigram: those searches keep reading the rows with LIKE (edge/services/admin/text-search.ts).
-- Both are contentless (content=''): they hold only the index, keyed by the source row's rowid, and
-- contentless_delete lets the triggers below remove a row. A later migration that rebuilds profiles or
-- audit_events (drizzle-kit's copy-drop-rename) drops these triggers and renumbers rowids: it must
-- recreate them and refill the index the way the last statements here do.
-- tests/unit/admin-text-search.test.ts checks each index against a LIKE over its columns after every
-- kind of write; tests/unit/search-sql.test.ts lists the triggers.
CREATE VIRTUAL TABLE `profiles_text` USING fts5(
	`name`,
	`email`,
	`city`,
	`phone`,
	tokenize = 'trigram',
	content = '',
	contentless_delete = 1
);
--> statement-breakpoint
CREATE TRIGGER `profiles_text_insert` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `profiles_text` (rowid, `name`, `email`, `city`, `phone`)
  VALUES (NEW.rowid, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`email`, NEW.`city`, NEW.`phone`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_text_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `city`, `phone` ON `profiles`
BEGIN
  DELETE FROM `profiles_text` WHERE rowid = OLD.rowid;
  INSERT INTO `profiles_text` (rowid, `name`, `email`, `city`, `phone`)
  VALUES (NEW.rowid, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`email`, NEW.`city`, NEW.`phone`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_text_delete` AFTER DELETE ON `profiles`
BEGIN
  DELETE FROM `profiles_text` WHERE rowid = OLD.rowid;
END;
--> statement-breakpoint
-- audit_text leaves out the action: a log holds a few dozen actions, each in thousands of entries,
-- and a text found in an action is matched from the actions' names (audit-log.ts). Indexed, every
-- entry's action would sit in the same trigrams' lists, and a search for a text found in the other
-- columns would walk them all.
CREATE VIRTUAL TABLE `audit_text` USING fts5(
	`resource`,
	`details`,
	`user_name`,
	`ip_address`,
	tokenize = 'trigram',
	content = '',
	contentless_delete = 1
);
--> statement-breakpoint
CREATE TRIGGER `audit_events_text_insert` AFTER INSERT ON `audit_events`
BEGIN
  INSERT INTO `audit_text` (rowid, `resource`, `details`, `user_name`, `ip_address`)
  VALUES (NEW.rowid, NEW.`resource`, NEW.`details`, NEW.`user_name`, NEW.`ip_address`);
END;
--> statement-breakpoint
-- The log refuses every change but the anonymisation of a deleted account (migration 0023), which
-- clears the name and the address: the entry is indexed again without them.
CREATE TRIGGER `audit_events_text_update` AFTER UPDATE OF `resource`, `details`, `user_name`, `ip_address` ON `audit_events`
BEGIN
  DELETE FROM `audit_text` WHERE rowid = OLD.rowid;
  INSERT INTO `audit_text` (rowid, `resource`, `details`, `user_name`, `ip_address`)
  VALUES (NEW.rowid, NEW.`resource`, NEW.`details`, NEW.`user_name`, NEW.`ip_address`);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_events_text_delete` AFTER DELETE ON `audit_events`
BEGIN
  DELETE FROM `audit_text` WHERE rowid = OLD.rowid;
END;
--> statement-breakpoint
INSERT INTO `profiles_text` (rowid, `name`, `email`, `city`, `phone`)
SELECT rowid, `first_name` || ' ' || `last_name`, `email`, `city`, `phone` FROM `profiles`;
--> statement-breakpoint
INSERT INTO `audit_text` (rowid, `resource`, `details`, `user_name`, `ip_address`)
SELECT rowid, `resource`, `details`, `user_name`, `ip_address` FROM `audit_events`;
--> statement-breakpoint
-- A request's update records and forgets an activity day (migration 0032's member_activity_days)
-- only for the pair that changed: a sitter's answer sets responded_at and leaves the parent's day as
-- it was, so the parent's day is neither recorded again nor probed for removal.
DROP TRIGGER `bookings_activity_days_update`;
--> statement-breakpoint
CREATE TRIGGER `bookings_activity_days_update` AFTER UPDATE OF `created_at`, `responded_at`, `parent_id`, `babysitter_id` ON `bookings`
BEGIN
  INSERT INTO `member_activity_record`
    SELECT NEW.`parent_id`, NEW.`created_at`
    WHERE OLD.`parent_id` IS NOT NEW.`parent_id` OR OLD.`created_at` IS NOT NEW.`created_at`
    UNION ALL SELECT NEW.`babysitter_id`, NEW.`responded_at`
    WHERE OLD.`babysitter_id` IS NOT NEW.`babysitter_id` OR OLD.`responded_at` IS NOT NEW.`responded_at`;
  INSERT INTO `member_activity_forget`
    SELECT OLD.`parent_id`, OLD.`created_at`
    WHERE OLD.`parent_id` IS NOT NEW.`parent_id` OR OLD.`created_at` IS NOT NEW.`created_at`
    UNION ALL SELECT OLD.`babysitter_id`, OLD.`responded_at`
    WHERE OLD.`babysitter_id` IS NOT NEW.`babysitter_id` OR OLD.`responded_at` IS NOT NEW.`responded_at`;
END;
