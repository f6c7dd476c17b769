CREATE TABLE `billing_customers` (
	`profile_id` text NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`profile_id`, `provider`),
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "billing_customers_provider_check" CHECK("billing_customers"."provider" IN ('stripe', 'demo'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_customer_id_unique` ON `billing_customers` (`customer_id`);--> statement-breakpoint
CREATE TABLE `checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`plan` text NOT NULL,
	`provider` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`provider_subscription_id` text NOT NULL,
	`provider_invoice_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`failure_message` text,
	`subscription_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "checkouts_plan_check" CHECK("checkouts"."plan" IN ('discovery', 'standard', 'premium')),
	CONSTRAINT "checkouts_provider_check" CHECK("checkouts"."provider" IN ('stripe', 'demo')),
	CONSTRAINT "checkouts_status_check" CHECK("checkouts"."status" IN ('pending', 'succeeded', 'failed', 'expired')),
	CONSTRAINT "checkouts_amount_check" CHECK("checkouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkouts_payment_intent_id_unique` ON `checkouts` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `checkouts_profile_idx` ON `checkouts` (`profile_id`,`status`,`created_at`);--> statement-breakpoint
-- Columns are added with ALTER TABLE rather than drizzle-kit's table rebuild: inside the migration's
-- transaction PRAGMA foreign_keys=OFF does nothing, so dropping `subscriptions` would cascade into
-- invoices and refunds.
ALTER TABLE `invoices` ADD `sequence` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_intent_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `paid_at` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `refunded_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "invoices_refunded_check" CHECK("refunded_cents" BETWEEN 0 AND "amount_paid_cents");--> statement-breakpoint
ALTER TABLE `invoices` ADD `refunded_at` text;--> statement-breakpoint
-- Existing invoices get their issue order; paid ones their payment time.
UPDATE `invoices` SET `sequence` = (
	SELECT count(*) FROM `invoices` AS `earlier`
	WHERE `earlier`.`created_at` < `invoices`.`created_at`
		OR (`earlier`.`created_at` = `invoices`.`created_at` AND `earlier`.`id` <= `invoices`.`id`)
);--> statement-breakpoint
UPDATE `invoices` SET `paid_at` = `created_at` WHERE `status` = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_sequence_unique` ON `invoices` (`sequence`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `provider` text DEFAULT 'demo' NOT NULL CONSTRAINT "subscriptions_provider_check" CHECK("provider" IN ('stripe', 'demo'));--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `provider_synced_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `renewal_notice_period_end` text;--> statement-breakpoint
-- Every babysitter starts on the Discovery trial (one month, 5 bookings): those who registered
-- before plans existed get theirs from their sign-up date.
INSERT INTO `subscriptions` (`id`, `profile_id`, `plan`, `status`, `current_period_start`, `current_period_end`, `amount_cents`, `bookings_included`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(6))),
	`b`.`profile_id`, 'discovery',
	CASE WHEN strftime('%Y-%m-%dT%H:%M:%fZ', `p`.`created_at`, '+1 month') > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') THEN 'trialing' ELSE 'canceled' END,
	`p`.`created_at`, strftime('%Y-%m-%dT%H:%M:%fZ', `p`.`created_at`, '+1 month'), 0, 5, `p`.`created_at`, `p`.`created_at`
FROM `babysitter_profiles` AS `b` JOIN `profiles` AS `p` ON `p`.`id` = `b`.`profile_id`
WHERE NOT EXISTS (SELECT 1 FROM `subscriptions` AS `s` WHERE `s`.`profile_id` = `b`.`profile_id`);
