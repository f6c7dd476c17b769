DROP INDEX `refunds_invoice_unique`;--> statement-breakpoint
ALTER TABLE `refunds` ADD `request_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_guarantee_invoice_unique` ON `refunds` (`invoice_id`) WHERE "refunds"."invoice_id" IS NOT NULL AND "refunds"."request_key" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_request_invoice_unique` ON `refunds` (`request_key`,`invoice_id`) WHERE "refunds"."request_key" IS NOT NULL;