CREATE TABLE `bank_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`payout_id` text NOT NULL,
	`profile_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`status` text NOT NULL,
	`arrival_date` text NOT NULL,
	`failure_message` text,
	`provider_event_at` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bank_payouts_status_check" CHECK("bank_payouts"."status" IN ('paid', 'failed')),
	CONSTRAINT "bank_payouts_amount_check" CHECK("bank_payouts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_payouts_payout_id_unique` ON `bank_payouts` (`payout_id`);--> statement-breakpoint
CREATE INDEX `bank_payouts_profile_idx` ON `bank_payouts` (`profile_id`,`arrival_date`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_sitting_payments` (
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
	`refunded_at` text,
	`disputed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`babysitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sitting_payments_method_check" CHECK("__new_sitting_payments"."method" IN ('stripe', 'demo', 'outside')),
	CONSTRAINT "sitting_payments_status_check" CHECK("__new_sitting_payments"."status" IN ('pending', 'succeeded', 'failed', 'outside', 'refunded')),
	CONSTRAINT "sitting_payments_amount_check" CHECK("__new_sitting_payments"."amount_cents" >= 0),
	CONSTRAINT "sitting_payments_tip_check" CHECK("__new_sitting_payments"."tip_cents" BETWEEN 0 AND 10000),
	CONSTRAINT "sitting_payments_outside_check" CHECK(("__new_sitting_payments"."method" = 'outside') = ("__new_sitting_payments"."status" = 'outside') AND ("__new_sitting_payments"."method" = 'outside' OR "__new_sitting_payments"."payment_intent_id" IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO `__new_sitting_payments`("id", "booking_id", "parent_id", "babysitter_id", "method", "status", "amount_cents", "tip_cents", "currency", "payment_intent_id", "destination_account_id", "failure_message", "paid_at", "created_at", "updated_at") SELECT "id", "booking_id", "parent_id", "babysitter_id", "method", "status", "amount_cents", "tip_cents", "currency", "payment_intent_id", "destination_account_id", "failure_message", "paid_at", "created_at", "updated_at" FROM `sitting_payments`;--> statement-breakpoint
DROP TABLE `sitting_payments`;--> statement-breakpoint
ALTER TABLE `__new_sitting_payments` RENAME TO `sitting_payments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `sitting_payments_booking_id_unique` ON `sitting_payments` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sitting_payments_payment_intent_id_unique` ON `sitting_payments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `sitting_payments_parent_idx` ON `sitting_payments` (`parent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sitting_payments_babysitter_idx` ON `sitting_payments` (`babysitter_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `late_cancel_fee_cents` integer;