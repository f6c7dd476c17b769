ALTER TABLE `invoices` ADD `notified_at` text;--> statement-breakpoint
-- Invoices issued before this migration were never emailed and are not to be now.
UPDATE `invoices` SET `notified_at` = `created_at`;
