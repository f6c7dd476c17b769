CREATE TABLE `payout_accounts` (
	`profile_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`account_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_synced_at` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payout_accounts_provider_check" CHECK("payout_accounts"."provider" IN ('stripe', 'demo')),
	CONSTRAINT "payout_accounts_status_check" CHECK("payout_accounts"."status" IN ('pending', 'enabled', 'restricted'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_account_id_unique` ON `payout_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `sitting_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`babysitter_id` text NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`payment_intent_id` text,
	`destination_account_id` text,
	`failure_message` text,
	`paid_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`babysitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sitting_payments_method_check" CHECK("sitting_payments"."method" IN ('stripe', 'demo', 'outside')),
	CONSTRAINT "sitting_payments_status_check" CHECK("sitting_payments"."status" IN ('pending', 'succeeded', 'failed', 'outside')),
	CONSTRAINT "sitting_payments_amount_check" CHECK("sitting_payments"."amount_cents" >= 0),
	CONSTRAINT "sitting_payments_tip_check" CHECK("sitting_payments"."tip_cents" BETWEEN 0 AND 10000),
	CONSTRAINT "sitting_payments_outside_check" CHECK(("sitting_payments"."method" = 'outside') = ("sitting_payments"."status" = 'outside') AND ("sitting_payments"."method" = 'outside' OR "sitting_payments"."payment_intent_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sitting_payments_booking_id_unique` ON `sitting_payments` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sitting_payments_payment_intent_id_unique` ON `sitting_payments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `sitting_payments_parent_idx` ON `sitting_payments` (`parent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sitting_payments_babysitter_idx` ON `sitting_payments` (`babysitter_id`,`created_at`);