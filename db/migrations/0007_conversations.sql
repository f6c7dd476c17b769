CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`participant_a` text NOT NULL,
	`participant_b` text NOT NULL,
	`last_message_id` integer,
	`last_activity_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`participant_a`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_b`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "conversations_pair_order_check" CHECK("conversations"."participant_a" < "conversations"."participant_b")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_idx` ON `conversations` (`participant_a`,`participant_b`);--> statement-breakpoint
CREATE INDEX `conversations_a_activity_idx` ON `conversations` (`participant_a`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `conversations_b_activity_idx` ON `conversations` (`participant_b`,`last_activity_at`);--> statement-breakpoint
-- One conversation per pair that has already written (drizzle-kit would add conversation_id with
-- ALTER TABLE, which SQLite refuses for a NOT NULL column: the table is rebuilt by hand instead).
INSERT INTO `conversations` (`id`, `participant_a`, `participant_b`, `created_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(6))),
	min(`sender_id`, `recipient_id`), max(`sender_id`, `recipient_id`), min(`created_at`)
FROM `messages` GROUP BY min(`sender_id`, `recipient_id`), max(`sender_id`, `recipient_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`content` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`client_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "messages_content_check" CHECK(length("__new_messages"."content") BETWEEN 1 AND 5000),
	CONSTRAINT "messages_parties_check" CHECK("__new_messages"."sender_id" <> "__new_messages"."recipient_id")
);
--> statement-breakpoint
INSERT INTO `__new_messages` (`id`, `conversation_id`, `sender_id`, `recipient_id`, `content`, `read`, `client_id`, `created_at`)
SELECT m.`id`, c.`id`, m.`sender_id`, m.`recipient_id`, m.`content`, m.`read`, NULL, m.`created_at`
FROM `messages` m JOIN `conversations` c
	ON c.`participant_a` = min(m.`sender_id`, m.`recipient_id`) AND c.`participant_b` = max(m.`sender_id`, m.`recipient_id`);--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_id_idx` ON `messages` (`sender_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_recipient_idx` ON `messages` (`recipient_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`recipient_id`,`conversation_id`) WHERE "messages"."read" = 0;--> statement-breakpoint
UPDATE `conversations` SET
	`last_message_id` = (SELECT max(m.`id`) FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id`),
	`last_activity_at` = coalesce(
		(SELECT m.`created_at` FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id` ORDER BY m.`id` DESC LIMIT 1),
		`created_at`);--> statement-breakpoint
-- The inbox's order and last message follow every insert, whoever writes it (the API, the seed).
CREATE TRIGGER `messages_conversation_activity` AFTER INSERT ON `messages` BEGIN
	UPDATE `conversations` SET `last_message_id` = NEW.`id`, `last_activity_at` = NEW.`created_at`
	WHERE `id` = NEW.`conversation_id`;
END;
