ALTER TABLE `communication_preferences` ADD `notify_payments` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `communication_preferences` ADD `notify_security` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `provider_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);